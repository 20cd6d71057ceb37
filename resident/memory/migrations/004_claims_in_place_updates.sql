-- 004: claims without the two-column CHECK on object_entity/object_literal, so that retrieval
-- and decay_stale_facts update rows in place. DuckDB 2.0 adds the columns of every multi-column
-- CHECK to each UPDATE of the table; object_entity is indexed, so every UPDATE of claims became a
-- delete plus an insert through all three indexes: decay over 1M claims took 70 s instead of
-- under 1 s (benchmarks/RESULTS.md). Exactly one of the two is still enforced where claims come
-- in (NewClaim's validator, the bulk path's batch checks) and no statement ever updates either.
CREATE TABLE claims_004 (
    id              VARCHAR PRIMARY KEY,
    subject         VARCHAR NOT NULL,
    predicate       VARCHAR NOT NULL,
    object_entity   VARCHAR,
    object_literal  VARCHAR,
    confidence      DOUBLE NOT NULL,
    level           VARCHAR NOT NULL,
    provenance      VARCHAR NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    retrieved_at    TIMESTAMP NOT NULL,
    -- When decay last halved this claim: at most one halving per stale span unretrieved.
    decayed_at      TIMESTAMP,
    session_id      VARCHAR,
    correlation_id  VARCHAR,
    CHECK (confidence >= 0 AND confidence <= 1),
    CHECK (level IN ('hypothesis', 'belief', 'fact', 'opinion')),
    CHECK (regexp_full_match(predicate, '[a-z][a-z0-9_]{0,63}')),
    CHECK (length(provenance) > 0)
);
INSERT INTO claims_004 SELECT * FROM claims;
DROP TABLE claims;
ALTER TABLE claims_004 RENAME TO claims;
CREATE INDEX claims_subject_idx ON claims (subject);
CREATE INDEX claims_object_idx ON claims (object_entity);
