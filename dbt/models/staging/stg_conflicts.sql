select
    id as conflict_id,
    claim_a,
    claim_b,
    subject,
    predicate,
    status,
    winner,
    reason,
    cast(created_at as timestamp) as created_at,
    cast(resolved_at as timestamp) as resolved_at
from {{ source('graph', 'conflicts') }}
