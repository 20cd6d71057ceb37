select
    id as recommendation_id,
    kind,
    target,
    detail,
    action,
    evidence,
    status,
    cast(created_at as timestamp) as created_at,
    cast(last_seen_at as timestamp) as last_seen_at,
    seen_count,
    cast(status_changed_at as timestamp) as status_changed_at
from {{ source('graph', 'recommendations') }}
