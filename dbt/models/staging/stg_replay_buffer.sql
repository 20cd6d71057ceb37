select
    id as experience_id,
    kind,
    claim_id,
    subject,
    predicate,
    object,
    cast(confidence as double) as confidence,
    cast(surprise as double) as surprise,
    cast(recorded_at as timestamp) as recorded_at
from {{ source('graph', 'replay_buffer') }}
