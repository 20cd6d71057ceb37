{#- Law: every provenance belongs to a class epistemic.parse_provenance accepts (stg_provenances
    applies it; its class is NULL for a refused string). -#}
{% test valid_provenance_class(model, column_name) %}
select m.{{ column_name }}
from {{ model }} m
left join {{ ref('stg_provenances') }} p on p.provenance = m.{{ column_name }}
where p.provenance_class is null
{% endtest %}
