select
    claim_id,
    source,
    locator,
    cast(recorded_at as timestamp) as recorded_at
from {{ source('graph', 'claim_evidence') }}
