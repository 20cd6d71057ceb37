-- Entities with no claim in or out (the self-evaluation excepts people and documents).
with touched as (
    select subject as entity_id from {{ ref('stg_claims') }}
    union
    select object_entity from {{ ref('stg_claims') }} where object_entity is not null
)
select e.entity_id, e.kind, e.label
from {{ ref('stg_entities') }} e
anti join touched t using (entity_id)
