-- 008: the schema self-evaluation's recommendations (table from 001) carry their evidence, a
-- suggested action or migration text, and when they were last found: a finding found again
-- updates its row instead of filing a second one, and the owner's status survives re-runs.
ALTER TABLE recommendations ADD COLUMN evidence VARCHAR DEFAULT '{}';
ALTER TABLE recommendations ADD COLUMN action VARCHAR DEFAULT '';
ALTER TABLE recommendations ADD COLUMN last_seen_at TIMESTAMP;
ALTER TABLE recommendations ADD COLUMN seen_count INTEGER DEFAULT 1;
ALTER TABLE recommendations ADD COLUMN status_changed_at TIMESTAMP;
UPDATE recommendations SET last_seen_at = created_at WHERE last_seen_at IS NULL;
