-- 006: the model council. One row per sitting: the question put, every provider's answer (as
-- JSON: provider, family, model, verdict, value, reason, error, calls, tokens, cost), the
-- agreement, what was done (peer:<model> claims written at hint, or a curiosity gap filed or
-- kept) and the cost. Never deleted; `resident why` and the graph API read it.
CREATE TABLE council_sittings (
    id             VARCHAR PRIMARY KEY,
    question_key   VARCHAR NOT NULL,
    kind           VARCHAR NOT NULL,
    subject        VARCHAR NOT NULL,
    predicate      VARCHAR NOT NULL,
    object         VARCHAR,
    claim_id       VARCHAR,
    gap_id         VARCHAR,
    question       VARCHAR NOT NULL,
    answers        JSON NOT NULL,
    agreement      VARCHAR NOT NULL,
    verdict        VARCHAR,
    outcome        VARCHAR NOT NULL,
    applied        JSON NOT NULL,
    note           VARCHAR NOT NULL,
    calls          INTEGER NOT NULL,
    tokens         INTEGER NOT NULL,
    cost_usd       DOUBLE NOT NULL,
    seconds        DOUBLE NOT NULL,
    sat_at         TIMESTAMP NOT NULL,
    session_id     VARCHAR,
    correlation_id VARCHAR,
    CHECK (kind IN ('statement', 'value')),
    CHECK (agreement IN ('agreed', 'split', 'insufficient')),
    CHECK (outcome IN ('applied', 'noted', 'gap_filed', 'gap_kept')),
    CHECK (calls >= 0 AND tokens >= 0 AND cost_usd >= 0)
);
CREATE INDEX council_sittings_subject ON council_sittings (subject, predicate);
CREATE INDEX council_sittings_gap ON council_sittings (gap_id);
