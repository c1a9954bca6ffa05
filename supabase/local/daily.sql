-- Run by the local backend at start and then once a day, as a hosted project runs it with pg_cron
-- (docs/security.md): activity past its retention period and versions of long-deleted items go.
select private.apply_history_retention();
