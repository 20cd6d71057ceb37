{#- Law: peer:, interaction: and inference: claims stay at or below the hint cap (the classes
    are epistemic.HINT_CLASSES, read through stg_provenances). -#}
{% test hint_class_capped(model, column_name, confidence_column) %}
select m.{{ column_name }}, m.{{ confidence_column }}
from {{ model }} m
join {{ ref('stg_provenances') }} p on p.provenance = m.{{ column_name }}
where p.hint and m.{{ confidence_column }} > {{ var('hint_cap') }} + 1e-9
{% endtest %}
