{#- Law: every FACT is backed by more than one independent grounded source: the grounded,
    non-opinion claims of the same subject, predicate and object carry at least
    min_independent_sources distinct source keys (ingest versions of one dataset are one). -#}
{% test fact_has_independent_sources(model, rung_column) %}
with facts as (
    select * from {{ model }} where {{ rung_column }} = 'fact'
),
support as (
    select f.claim_id,
           count(distinct case when {{ provenance_class('c.provenance') }} = 'grounded'
                               and coalesce(c.rung, '') <> 'opinion'
                               then {{ source_key('c.provenance') }} end) as sources
    from facts f
    join {{ model }} c
      on c.subject = f.subject and c.predicate = f.predicate
     and c.object_entity is not distinct from f.object_entity
     and c.object_literal is not distinct from f.object_literal
    group by f.claim_id
)
select * from support where sources < {{ var('min_independent_sources') }}
{% endtest %}
