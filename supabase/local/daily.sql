-- Run by the local backend at start and then once a day, as a hosted project runs it with pg_cron
-- (docs/security.md): activity past its retention period and versions of long-deleted items go.
select private.apply_history_retention();
-- The publication record: versions past their retention go, the hash chain is verified and the
-- result logged (the dashboard warns when it is broken).
select private.run_publication_record_checks();
