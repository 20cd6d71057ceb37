select
    id as entity_id,
    kind,
    label,
    aliases,
    cast(created_at as timestamp) as created_at,
    cast(updated_at as timestamp) as updated_at
from {{ source('graph', 'entities') }}
