select
    id as claim_id,
    subject,
    predicate,
    object_entity,
    object_literal,
    cast(confidence as double) as confidence,
    rung,
    provenance,
    cast(created_at as timestamp) as created_at,
    cast(retrieved_at as timestamp) as retrieved_at,
    session_id,
    correlation_id,
    cast(occurred_at as timestamp) as occurred_at
from {{ source('graph', 'claims') }}
