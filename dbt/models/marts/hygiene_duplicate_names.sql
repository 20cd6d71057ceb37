-- Normalised labels and aliases carried by more than one entity of a kind.
with names as (
    select entity_id, kind, label as name from {{ ref('stg_entities') }}
    union all
    select entity_id, kind, unnest(aliases) as name from {{ ref('stg_entities') }}
),
normalised as (
    select distinct entity_id, kind,
           trim(regexp_replace(lower(name), '[^a-z0-9]+', ' ', 'g')) as name
    from names
)
select kind, name, count(*) as entities, list(entity_id order by entity_id) as entity_ids
from normalised
where name <> ''
group by kind, name
having count(*) > 1
