select
    entity_a,
    entity_b,
    cast(similarity as double) as similarity,
    model,
    cast(recorded_at as timestamp) as recorded_at
from {{ source('graph', 'duplicate_candidates') }}
