-- 007: literature. A document MAX has read is an entity `doc:<sha256 of its bytes>` (chapters are
-- `doc:<sha256>/ch<n>`), so the entity id check gains the `doc` prefix. DuckDB cannot drop a
-- CHECK in place: the table is rebuilt with the same rows, and entity_names (keyed by id, no
-- foreign key) is untouched.
CREATE TABLE entities_007 (
    id          VARCHAR PRIMARY KEY,
    kind        VARCHAR NOT NULL,
    label       VARCHAR NOT NULL,
    aliases     VARCHAR[] NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    CHECK (regexp_full_match(id, '(hp|omim|orpha|doid|uberon|rxnorm|atc|geonames|person|concept|doc):\S+')),
    CHECK (length(kind) BETWEEN 1 AND 64),
    CHECK (length(label) BETWEEN 1 AND 1000)
);
INSERT INTO entities_007 SELECT id, kind, label, aliases, created_at, updated_at FROM entities;
DROP TABLE entities;
ALTER TABLE entities_007 RENAME TO entities;
