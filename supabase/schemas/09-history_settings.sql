-- private.history_settings: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE private.history_settings (
    id boolean DEFAULT true NOT NULL,
    activity_retention_days integer DEFAULT 400 NOT NULL,
    revisions_per_item integer DEFAULT 50 NOT NULL,
    deleted_item_days integer DEFAULT 30 NOT NULL,
    CONSTRAINT history_settings_activity_retention_days_check CHECK (((activity_retention_days >= 30) AND (activity_retention_days <= 3650))),
    CONSTRAINT history_settings_deleted_item_days_check CHECK (((deleted_item_days >= 1) AND (deleted_item_days <= 365))),
    CONSTRAINT history_settings_id_check CHECK (id),
    CONSTRAINT history_settings_revisions_per_item_check CHECK (((revisions_per_item >= 2) AND (revisions_per_item <= 1000)))
);

COMMENT ON TABLE private.history_settings IS 'One row: how long activity is kept (days), how many versions each item keeps, and how long a deleted item can be brought back (days). Changed with SQL by the database owner.';

ALTER TABLE ONLY private.history_settings
    ADD CONSTRAINT history_settings_pkey PRIMARY KEY (id);

ALTER TABLE private.history_settings ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.apply_history_retention() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from private.activity_log as l
   where l.occurred_at < now() - make_interval(days => (select s.activity_retention_days from private.history_settings as s));
  delete from private.revisions as r
   using private.revisions as d
   where d.kind = 'deleted'
     and d.created_at < now() - make_interval(days => (select s.deleted_item_days from private.history_settings as s))
     and d.id = (select max(k.id) from private.revisions as k where k.table_name = d.table_name and k.row_id = d.row_id)
     and r.table_name = d.table_name and r.row_id = d.row_id;
  delete from private.revisions as r
   using (select k.id, row_number() over (partition by k.table_name, k.row_id order by k.id desc) as newest
            from private.revisions as k) as ranked
   where ranked.id = r.id
     and ranked.newest > (select s.revisions_per_item from private.history_settings as s);
end;
$$;

COMMENT ON FUNCTION private.apply_history_retention() IS 'Removes activity older than history_settings.activity_retention_days (default 400), every version of an item deleted more than deleted_item_days ago (default 30) and not brought back, and the versions of an item beyond its newest revisions_per_item (default 50). Run daily: by the local backend, and by pg_cron on a hosted project.';

REVOKE ALL ON FUNCTION private.apply_history_retention() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.apply_history_retention() TO service_role;

INSERT INTO private.history_settings DEFAULT VALUES;
