select
    id as gap_id,
    subject,
    predicate,
    question,
    priority,
    attempts,
    status,
    claim_id,
    cast(next_attempt_at as timestamp) as next_attempt_at,
    cast(created_at as timestamp) as created_at,
    cast(updated_at as timestamp) as updated_at,
    note
from {{ source('graph', 'curiosity_gaps') }}
