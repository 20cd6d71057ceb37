-- 009: reserved for a branch worked on beside this one (migration numbers were handed out
-- per branch); the merge replaces this file with that branch's own migration 009.
SELECT 1;
