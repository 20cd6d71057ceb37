-- 010: the end of a claim's valid time, and the questions MAX means to ask his people.
-- `valid_to` is when what a claim says stopped being true ("Not anymore: I work at a bakery
-- now"), Graphiti's `invalid_at`; NULL while it holds. The row stays: "Where did Ben work
-- before?" reads it. `created_at` remains when MAX learned the claim (transaction time).
ALTER TABLE claims ADD COLUMN valid_to TIMESTAMP;

-- A question the exploration loop planned for one person about one curiosity gap; the daemon
-- asks it at a natural moment and records the answer. Rows survive restarts; none is deleted.
CREATE TABLE questions (
    id           VARCHAR PRIMARY KEY,
    gap_id       VARCHAR NOT NULL,
    person_id    VARCHAR NOT NULL,
    subject      VARCHAR NOT NULL,
    predicate    VARCHAR NOT NULL,
    -- The claims the question weighs (the sides of a conflict, or the one claim in doubt).
    claim_ids    VARCHAR[] NOT NULL,
    -- The person asked is the one the claim is about (first-hand), else one who told MAX.
    first_hand   BOOLEAN NOT NULL,
    text         VARCHAR NOT NULL,
    status       VARCHAR NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    asked_at     TIMESTAMP,
    answered_at  TIMESTAMP,
    answer       VARCHAR,
    CHECK (status IN ('pending', 'asked', 'answered', 'unanswered')),
    CHECK (regexp_full_match(person_id, 'person:\S+'))
);
CREATE INDEX questions_person_idx ON questions (person_id);
