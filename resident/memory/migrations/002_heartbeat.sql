-- 002: a heartbeat the daemon's /healthz writes and reads back, so health proves a real write
-- to the graph file (a green health check over failing writes is a known failure of peers).
CREATE TABLE heartbeat (
    process     VARCHAR PRIMARY KEY,
    session_id  VARCHAR,
    beats       BIGINT NOT NULL,
    beat_at     TIMESTAMP NOT NULL,
    CHECK (beats > 0)
);
