-- 012: one durable write per turn (issue 21). A turn that writes the graph commits its event
-- log records (the turn's events and its `state_journal`) in the same transaction as its claims,
-- so the graph's one WAL sync makes the whole turn durable; the records are then appended to the
-- session's log file without a sync of their own. Boot appends to each log what it lacks of
-- these rows (by session and seq: appended once, however often boot runs) and then deletes
-- them, and a turn deletes the rows of earlier turns once the log has synced them: the table
-- holds the few records the log may still lack.
CREATE TABLE turn_events (
    session_id  VARCHAR NOT NULL,
    seq         BIGINT NOT NULL,
    -- The log line exactly as the log writes it (JSON, without its newline).
    line        VARCHAR NOT NULL,
    PRIMARY KEY (session_id, seq)
);
