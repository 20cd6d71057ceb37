-- 001: the knowledge graph. Every claim carries confidence, level, provenance and retrieved_at.
CREATE TABLE entities (
    id          VARCHAR PRIMARY KEY,
    kind        VARCHAR NOT NULL,
    label       VARCHAR NOT NULL,
    aliases     VARCHAR[] NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    CHECK (regexp_full_match(id, '(hp|omim|orpha|doid|uberon|rxnorm|atc|geonames|person|concept):\S+')),
    CHECK (length(kind) BETWEEN 1 AND 64),
    CHECK (length(label) BETWEEN 1 AND 1000)
);

CREATE TABLE claims (
    id              VARCHAR PRIMARY KEY,
    subject         VARCHAR NOT NULL,
    predicate       VARCHAR NOT NULL,
    -- Exactly one of the two objects is set. That is enforced where claims come in (NewClaim,
    -- the bulk path's batch checks) rather than by a two-column CHECK: DuckDB adds the columns of
    -- every multi-column CHECK to each UPDATE, and object_entity is indexed, so each retrieval
    -- and decay would become a delete plus an insert through every index (50x slower decay).
    object_entity   VARCHAR,
    object_literal  VARCHAR,
    confidence      DOUBLE NOT NULL,
    -- Only the rungs that are real state: 'fact' (reached only by promote_to_fact, left by losing
    -- resolve_conflict) or 'opinion' (off the truth rungs for good). NULL: a truth claim whose
    -- level, hypothesis or belief, is read off its confidence (epistemic.level_for), so retrieval
    -- and decay never have a third column to keep in step.
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
CREATE INDEX claims_subject_idx ON claims (subject);
CREATE INDEX claims_object_idx ON claims (object_entity);

-- Where in its source each claim's evidence sits.
CREATE TABLE claim_evidence (
    claim_id     VARCHAR NOT NULL,
    source       VARCHAR NOT NULL,
    locator      VARCHAR,
    recorded_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (claim_id, source)
);

CREATE TABLE conflicts (
    id           VARCHAR PRIMARY KEY,
    claim_a      VARCHAR NOT NULL,
    claim_b      VARCHAR NOT NULL,
    subject      VARCHAR NOT NULL,
    predicate    VARCHAR NOT NULL,
    status       VARCHAR NOT NULL,
    winner       VARCHAR,
    reason       VARCHAR NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    resolved_at  TIMESTAMP,
    CHECK (status IN ('open', 'resolved')),
    CHECK (claim_a < claim_b),
    CHECK ((status = 'resolved') = (winner IS NOT NULL AND resolved_at IS NOT NULL))
);

CREATE TABLE curiosity_gaps (
    id               VARCHAR PRIMARY KEY,
    subject          VARCHAR NOT NULL,
    predicate        VARCHAR NOT NULL,
    question         VARCHAR NOT NULL,
    priority         INTEGER NOT NULL,
    attempts         INTEGER NOT NULL,
    status           VARCHAR NOT NULL,
    claim_id         VARCHAR,
    next_attempt_at  TIMESTAMP NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL,
    note             VARCHAR,
    CHECK (priority >= 0),
    CHECK (attempts >= 0),
    CHECK (status IN ('open', 'resolved'))
);

-- Filled by the schema self-evaluation (a later issue); it files, it never applies.
CREATE TABLE recommendations (
    id          VARCHAR PRIMARY KEY,
    kind        VARCHAR NOT NULL,
    target      VARCHAR NOT NULL,
    detail      VARCHAR NOT NULL,
    status      VARCHAR NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    CHECK (status IN ('open', 'accepted', 'rejected'))
);
