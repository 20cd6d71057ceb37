{#- Law: every provenance belongs to a class epistemic.parse_provenance accepts. -#}
{% test valid_provenance_class(model, column_name) %}
select {{ column_name }}
from {{ model }}
where {{ provenance_class(column_name) }} is null
{% endtest %}
