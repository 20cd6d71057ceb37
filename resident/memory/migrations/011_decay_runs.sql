-- 011: decay writes one column. Until 010 each claim carried `decayed_at`, when decay last halved
-- it, so that it halved at most once per 90-day stale span; writing that second column made
-- every decay UPDATE cost about twice a bare one-column UPDATE (benchmarks/RESULTS.md, issue
-- 25). Now "already halved in this span" is read off data that is there anyway: a claim is due
-- when the latest span boundary since its last retrieval (retrieved_at + k x 90 days, k >= 1)
-- lies after the last finished decay run, which the store keeps once, in `decay_runs`
-- (epistemic.decay_step). Decay writes only confidence; rerunning it in a span changes nothing.

-- One row: `last_run` is the `now` of the last finished decay run (NULL: none yet); a sweep the
-- daemon runs slice by slice records its progress in `sweep_at` (its `now`) and `swept_to`
-- (claims with rowid below it are done), each slice in the slice's own transaction, so that a
-- sweep cut short is finished with its own `now` before the next one starts and no claim is
-- halved twice in a span.
CREATE TABLE decay_runs (
    one       BOOLEAN PRIMARY KEY DEFAULT true,
    last_run  TIMESTAMP,
    sweep_at  TIMESTAMP,
    swept_to  BIGINT,
    CHECK (one),
    CHECK ((sweep_at IS NULL) = (swept_to IS NULL))
);
-- The last run decay recorded under 010 is the latest decayed_at it wrote.
INSERT INTO decay_runs (last_run) SELECT max(decayed_at) FROM claims;

-- DuckDB drops no column of an indexed table, so claims is copied without decayed_at, in rowid
-- order, and its indexes are made again.
CREATE TABLE claims_011 (
    id              VARCHAR PRIMARY KEY,
    subject         VARCHAR NOT NULL,
    predicate       VARCHAR NOT NULL,
    -- Exactly one of the two objects is set; enforced where claims come in, not by a two-column
    -- CHECK (see 001: DuckDB would add both columns to every UPDATE).
    object_entity   VARCHAR,
    object_literal  VARCHAR,
    confidence      DOUBLE NOT NULL,
    -- Only the rungs that are real state, 'fact' or 'opinion' (001); NULL: read off confidence.
    rung            VARCHAR,
    provenance      VARCHAR NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    retrieved_at    TIMESTAMP NOT NULL,
    session_id      VARCHAR,
    correlation_id  VARCHAR,
    occurred_at     TIMESTAMP,
    valid_to        TIMESTAMP,
    CHECK (confidence >= 0 AND confidence <= 1),
    CHECK (rung IN ('fact', 'opinion')),
    CHECK (regexp_full_match(predicate, '[a-z][a-z0-9_]{0,63}')),
    CHECK (length(provenance) > 0)
);
INSERT INTO claims_011
SELECT id, subject, predicate, object_entity, object_literal, confidence, rung, provenance,
    created_at, retrieved_at, session_id, correlation_id, occurred_at, valid_to
FROM claims ORDER BY rowid;
DROP TABLE claims;
ALTER TABLE claims_011 RENAME TO claims;
CREATE INDEX claims_subject_idx ON claims (subject);
CREATE INDEX claims_object_idx ON claims (object_entity);
