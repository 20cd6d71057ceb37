{#- Law: every FACT stands on more than one independent origin, counted as promotion counts
    them (resident.cognition.independence per cited reference, through the fact_support model:
    records of one database are one origin, a dataset that cites references is not one more). -#}
{% test fact_has_independent_sources(model, rung_column, support_model) %}
select f.claim_id, coalesce(s.origins, 0) as origins
from {{ model }} f
left join {{ support_model }} s using (claim_id)
where f.{{ rung_column }} = 'fact'
  and coalesce(s.origins, 0) < {{ var('min_independent_sources') }}
{% endtest %}
