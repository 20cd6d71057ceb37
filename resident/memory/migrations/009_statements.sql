-- 009: a statement is stored as its main claim plus qualifiers for its other roles (issue 21):
-- "Evan took his family on a road trip to Jasper" is the claim (Evan, take, family) with
-- (companion | destination | purpose ...) rows here, so nothing a person said in a clause is
-- dropped. A qualifier is only ever added; the same one said again is kept once.
CREATE TABLE IF NOT EXISTS claim_qualifiers (
    claim_id VARCHAR NOT NULL,
    role VARCHAR NOT NULL CHECK (length(role) BETWEEN 1 AND 32),
    value VARCHAR NOT NULL CHECK (length(value) BETWEEN 1 AND 512),
    entity_id VARCHAR,
    recorded_at TIMESTAMP NOT NULL,
    PRIMARY KEY (claim_id, role, value)
);
