-- 004: sleep consolidation. The replay buffer holds recent experience (claims learned,
-- retrieved, corrected; conflicts resolved; gaps closed) for the Forward-Forward learner to
-- replay, bounded by learning.replay_capacity. duplicate_candidates is where the learner files
-- entities it finds near-identical, for the hygiene self-evaluation to read; it files, never merges.
CREATE TABLE replay_buffer (
    id           VARCHAR PRIMARY KEY,
    kind         VARCHAR NOT NULL,
    claim_id     VARCHAR,
    subject      VARCHAR NOT NULL,
    predicate    VARCHAR NOT NULL,
    object       VARCHAR NOT NULL,
    confidence   DOUBLE NOT NULL,
    surprise     DOUBLE NOT NULL,
    recorded_at  TIMESTAMP NOT NULL,
    CHECK (kind IN ('learned', 'retrieved', 'corrected', 'conflict_resolved', 'gap_closed')),
    CHECK (confidence >= 0 AND confidence <= 1),
    CHECK (surprise >= 0 AND surprise <= 1)
);

CREATE TABLE duplicate_candidates (
    entity_a     VARCHAR NOT NULL,
    entity_b     VARCHAR NOT NULL,
    similarity   DOUBLE NOT NULL,
    model        VARCHAR NOT NULL,
    recorded_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (entity_a, entity_b),
    CHECK (entity_a < entity_b)
);
