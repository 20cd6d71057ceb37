-- 012: one durable write per turn (issue 21). A turn that writes the graph commits its event
-- log records (the turn's events and its `state_journal`) in the same transaction as its claims,
-- so the graph's one WAL sync makes the whole turn durable; the records are then appended to the
-- session's log file without a sync of their own. Boot appends to each log what it lacks of
-- these rows (line by line, by session and seq: appended once, however often boot runs) and then
-- deletes them; a running daemon deletes rows whose lines its log has synced now and then. The
-- table holds the few records the logs may still lack.
CREATE TABLE turn_events (
    session_id  VARCHAR NOT NULL,
    -- The seq of the turn's first record: one row per turn, one key to insert.
    seq         BIGINT NOT NULL,
    -- The turn's log lines exactly as the log writes them, each ended by a newline.
    lines       VARCHAR NOT NULL,
    PRIMARY KEY (session_id, seq)
);
