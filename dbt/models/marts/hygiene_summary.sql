-- One row a person can read: the graph's size and its hygiene rates.
select
    (select count(*) from {{ ref('stg_entities') }}) as entities,
    (select count(*) from {{ ref('stg_claims') }}) as claims,
    (select count(*) from {{ ref('hygiene_orphan_entities') }}) as orphan_entities,
    (select count(*) from {{ ref('hygiene_duplicate_names') }}) as duplicate_names,
    (select count(*) from {{ ref('stg_duplicate_candidates') }}) as learned_duplicates,
    (select count(*) from {{ ref('stg_recommendations') }} where status = 'open')
        as open_recommendations
