{#- Law: a claim has exactly one object, an entity or a literal. -#}
{% test one_object(model, entity_column, literal_column) %}
select *
from {{ model }}
where ({{ entity_column }} is null) = ({{ literal_column }} is null)
{% endtest %}
