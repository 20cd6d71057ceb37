select
    id as sitting_id,
    question_key,
    kind,
    subject,
    predicate,
    object,
    claim_id,
    gap_id,
    agreement,
    verdict,
    outcome,
    cast(calls as integer) as calls,
    cast(tokens as integer) as tokens,
    cast(cost_usd as double) as cost_usd,
    cast(seconds as double) as seconds,
    cast(sat_at as timestamp) as sat_at
from {{ source('graph', 'council_sittings') }}
