-- Run by the local backend every few seconds and whenever the test clock moves, as a hosted project
-- runs it with pg_cron each minute (docs/deploy.md): releases whose time has come go live.
select public.publish_due_releases();
-- What time changed for visitors (a scheduled post's minute, a job opening's closing) goes on the
-- publication record, dated at that minute.
select private.record_scheduled_publications();
