select
    version,
    name,
    checksum,
    cast(applied_at as timestamp) as applied_at
from {{ source('graph', 'schema_migrations') }}
