-- 003: a lookup table of lower-cased labels and aliases, so naming an entity in conversation is an
-- index probe instead of a scan over every entity's aliases.
CREATE TABLE entity_names (
    name       VARCHAR NOT NULL,
    entity_id  VARCHAR NOT NULL
);
INSERT INTO entity_names
SELECT DISTINCT lower(name), id FROM (
    SELECT id, label AS name FROM entities
    UNION ALL
    SELECT id, unnest(aliases) AS name FROM entities
);
CREATE INDEX entity_names_name_idx ON entity_names (name);
