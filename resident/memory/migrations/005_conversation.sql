-- 005: conversation's valid time. `occurred_at` is when what a claim says happened or will happen
-- ("I went to the support group last Saturday"), resolved from the turn's own time; NULL when
-- nothing was said about it. `created_at` stays when MAX learned it (transaction time).
ALTER TABLE claims ADD COLUMN occurred_at TIMESTAMP;
