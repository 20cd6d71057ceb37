-- 005: claims keep only the rung that is real state, not the level derived from confidence.
-- HYPOTHESIS or BELIEF is a pure function of confidence (epistemic.level_for), so storing it made
-- every retrieval and every decay write a third column: decay_stale_facts over 10M claims took
-- 2.35 times a bare one-column UPDATE of the same rows (benchmarks/RESULTS.md). What stays is
-- `rung`: 'fact' (reached only by promote_to_fact, left by losing resolve_conflict), 'opinion'
-- (off the truth rungs for good), or NULL (a truth claim whose level follows its confidence,
-- computed on read from epistemic.belief_at). Like 004: no multi-column CHECK, so that UPDATEs of
-- claims stay in place.
CREATE TABLE claims_005 (
    id              VARCHAR PRIMARY KEY,
    subject         VARCHAR NOT NULL,
    predicate       VARCHAR NOT NULL,
    object_entity   VARCHAR,
    object_literal  VARCHAR,
    confidence      DOUBLE NOT NULL,
    rung            VARCHAR,
    provenance      VARCHAR NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    retrieved_at    TIMESTAMP NOT NULL,
    -- When decay last halved this claim: at most one halving per stale span unretrieved.
    decayed_at      TIMESTAMP,
    session_id      VARCHAR,
    correlation_id  VARCHAR,
    CHECK (confidence >= 0 AND confidence <= 1),
    CHECK (rung IN ('fact', 'opinion')),
    CHECK (regexp_full_match(predicate, '[a-z][a-z0-9_]{0,63}')),
    CHECK (length(provenance) > 0)
);
INSERT INTO claims_005
SELECT id, subject, predicate, object_entity, object_literal, confidence,
    CASE WHEN level IN ('fact', 'opinion') THEN level END,
    provenance, created_at, retrieved_at, decayed_at, session_id, correlation_id
FROM claims;
DROP TABLE claims;
ALTER TABLE claims_005 RENAME TO claims;
CREATE INDEX claims_subject_idx ON claims (subject);
CREATE INDEX claims_object_idx ON claims (object_entity);
