select
    name,
    entity_id
from {{ source('graph', 'entity_names') }}
