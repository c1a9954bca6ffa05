-- private.revisions: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE private.revisions (
    id bigint NOT NULL,
    table_name text NOT NULL,
    row_id text NOT NULL,
    kind text NOT NULL,
    data jsonb NOT NULL,
    changed_fields text[] DEFAULT '{}'::text[] NOT NULL,
    author_id uuid,
    author_email text,
    author_name text,
    author_role text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    subject text,
    CONSTRAINT revisions_kind_check CHECK ((kind = ANY (ARRAY['created'::text, 'saved'::text, 'restored'::text, 'deleted'::text, 'original'::text]))),
    CONSTRAINT revisions_subject_check CHECK ((subject ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT revisions_table_name_check CHECK ((table_name = ANY (ARRAY['blog_posts'::text, 'solutions'::text, 'website_content'::text, 'job_openings'::text, 'site_settings'::text])))
);

ALTER TABLE private.revisions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.revisions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

COMMENT ON TABLE private.revisions IS 'Versions of editable content: one row per save (kind created, saved, restored), the version before the first recorded save (original) and the last version of a deleted item (deleted). data is the whole row as JSON (for site_settings: {key: value} of every setting, row_id "site"). Read through public.item_revisions().';

ALTER TABLE ONLY private.revisions
    ADD CONSTRAINT revisions_pkey PRIMARY KEY (id);

CREATE INDEX revisions_deleted_idx ON private.revisions USING btree (created_at DESC) WHERE (kind = 'deleted'::text);

CREATE INDEX revisions_subject_idx ON private.revisions USING btree (subject) WHERE (subject IS NOT NULL);

CREATE INDEX revisions_item_idx ON private.revisions USING btree (table_name, row_id, id DESC);

ALTER TABLE private.revisions ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.add_revision(table_name text, row_id text, kind text, data jsonb, changed_fields text[], replaced jsonb DEFAULT NULL::jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  a record;
  v_keep integer;
  v_held integer;
  v_oldest bigint;
begin
  select * into a from private.current_actor();
  -- The item's newest versions, at most N of them, in one read of revisions_item_idx.
  select s.revisions_per_item into v_keep from private.history_settings as s;
  select count(*), min(n.id) into v_held, v_oldest
    from (select r.id from private.revisions as r
           where r.table_name = add_revision.table_name and r.row_id = add_revision.row_id
           order by r.id desc limit v_keep) as n;
  if v_held = 0 and replaced is not null then
    -- Content that predates the history (the seed, an import) keeps the version this save replaces.
    insert into private.revisions (table_name, row_id, kind, data, author_role, created_at)
    values (add_revision.table_name, add_revision.row_id, 'original', replaced, 'system', coalesce((replaced ->> 'updated_at')::timestamptz, now()));
  elsif v_held = v_keep then
    -- Keep the newest N: the oldest of them makes room, by its id (no scan of older, removed rows).
    delete from private.revisions as r where r.id = v_oldest;
  end if;
  insert into private.revisions (table_name, row_id, kind, data, changed_fields, author_id, author_email, author_name, author_role)
  values (add_revision.table_name, add_revision.row_id, add_revision.kind, add_revision.data, coalesce(add_revision.changed_fields, '{}'),
          a.actor_id, a.actor_email, a.actor_name, a.actor_role);
end;
$$;

COMMENT ON FUNCTION private.add_revision(table_name text, row_id text, kind text, data jsonb, changed_fields text[], replaced jsonb) IS 'Stores a version of an item for the current actor, first the version it replaces (`replaced`) when the item has none yet, and keeps the item at history_settings.revisions_per_item versions.';

REVOKE ALL ON FUNCTION private.add_revision(table_name text, row_id text, kind text, data jsonb, changed_fields text[], replaced jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.may_use_versions(item_table text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- Who may edit an item may read and restore its versions, at the assurance level the account needs.
  select public.has_required_aal() and case item_table
    when 'blog_posts' then public.has_permission('posts.write')
    when 'solutions' then public.has_permission('content.write')
    when 'website_content' then public.has_permission('content.write')
    when 'job_openings' then public.has_permission('jobs.write')
    when 'site_settings' then public.has_permission('settings.write')
    else false
  end
$$;

COMMENT ON FUNCTION private.may_use_versions(item_table text) IS 'True when the caller may read and restore versions of items of this table: the permission that edits them (posts.write, content.write, jobs.write, settings.write) and two-factor where required.';

REVOKE ALL ON FUNCTION private.may_use_versions(item_table text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.may_use_versions(item_table text) TO authenticated;
GRANT ALL ON FUNCTION private.may_use_versions(item_table text) TO service_role;

CREATE FUNCTION private.require_versions(item_table text) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not private.may_use_versions(item_table) then
    raise exception using errcode = '42501', message = 'You cannot read or restore versions of these items.';
  end if;
end;
$$;

COMMENT ON FUNCTION private.require_versions(item_table text) IS 'Raises 42501 unless the caller may use versions of this table: the check of every history rpc.';

REVOKE ALL ON FUNCTION private.require_versions(item_table text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.require_versions(item_table text) TO authenticated;
GRANT ALL ON FUNCTION private.require_versions(item_table text) TO service_role;

CREATE FUNCTION public.item_revisions(item_table text, item_id text) RETURNS TABLE(id bigint, kind text, data jsonb, changed_fields text[], author_email text, author_name text, author_role text, created_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_versions(item_table);
  return query
    select r.id, r.kind, r.data, r.changed_fields, r.author_email, r.author_name, r.author_role, r.created_at
    from private.revisions as r
    where r.table_name = item_table and r.row_id = item_id
    order by r.id desc;
end;
$$;

COMMENT ON FUNCTION public.item_revisions(item_table text, item_id text) IS 'Versions of one item, newest first (blog_posts, solutions, website_content, job_openings by id; site_settings with id "site"), for those who may edit them.';

REVOKE ALL ON FUNCTION public.item_revisions(item_table text, item_id text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.item_revisions(item_table text, item_id text) TO authenticated;
GRANT ALL ON FUNCTION public.item_revisions(item_table text, item_id text) TO service_role;

CREATE FUNCTION public.recently_deleted() RETURNS TABLE(revision_id bigint, item_table text, item_id text, title text, deleted_at timestamp with time zone, author_name text, author_role text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to see deleted items.';
  end if;
  return query
    select r.id, r.table_name, r.row_id, private.row_title(r.table_name, r.data), r.created_at, r.author_name, r.author_role
    from private.revisions as r
    where r.kind = 'deleted'
      and r.table_name in ('blog_posts', 'solutions', 'job_openings')
      and private.may_use_versions(r.table_name)
      and r.created_at > now() - make_interval(days => (select s.deleted_item_days from private.history_settings as s))
      and r.id = (select max(k.id) from private.revisions as k where k.table_name = r.table_name and k.row_id = r.row_id)
    order by r.created_at desc;
end;
$$;

COMMENT ON FUNCTION public.recently_deleted() IS 'Posts, solutions and job openings deleted within history_settings.deleted_item_days and not brought back, newest first, with the version to restore, of the kinds the caller may edit.';

REVOKE ALL ON FUNCTION public.recently_deleted() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.recently_deleted() TO authenticated;
GRANT ALL ON FUNCTION public.recently_deleted() TO service_role;

CREATE FUNCTION public.restore_revision(revision_id bigint) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_rev private.revisions;
  v_columns text;
  v_exists boolean;
begin
  -- Before the lookup, so a session below its level learns nothing, not even whether a version exists.
  if not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'You cannot read or restore versions of these items.';
  end if;
  select * into v_rev from private.revisions as r where r.id = revision_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Version not found.';
  end if;
  perform private.require_versions(v_rev.table_name);

  -- The writes below log as "restored" and store a new version (kind restored), so a restore can
  -- itself be undone.
  perform set_config('history.action', 'restored', true);

  if v_rev.table_name = 'site_settings' then
    insert into public.site_settings as s (key, value)
    select e.key, e.value from jsonb_each_text(v_rev.data) as e
    on conflict (key) do update set value = excluded.value where s.value is distinct from excluded.value;
  else
    execute format('select exists (select 1 from public.%I where id = $1::uuid)', v_rev.table_name)
      into v_exists using v_rev.row_id;
    -- The columns the table has now and the version holds (a column added later keeps its value).
    select string_agg(format('%I', a.attname), ', ' order by a.attnum) into v_columns
      from pg_catalog.pg_attribute as a
     where a.attrelid = format('public.%I', v_rev.table_name)::regclass
       and a.attnum > 0 and not a.attisdropped
       and v_rev.data ? a.attname
       and (not v_exists or a.attname not in ('id', 'created_at', 'updated_at'));
    if v_exists then
      execute format('update public.%1$I set (%2$s) = (select %2$s from jsonb_populate_record(null::public.%1$I, $1)) where id = $2::uuid',
        v_rev.table_name, v_columns) using v_rev.data, v_rev.row_id;
    else
      execute format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
        v_rev.table_name, v_columns) using v_rev.data;
    end if;
  end if;

  perform set_config('history.action', '', true);
  return v_rev.row_id;
end;
$_$;

COMMENT ON FUNCTION public.restore_revision(revision_id bigint) IS 'Brings an item back to a stored version (or back from deletion): saved as a new version of kind restored and logged as "restored". Returns the item''s id; an unknown version is PT404 (HTTP 404). For those who may edit the item, at the assurance level their account needs.';

REVOKE ALL ON FUNCTION public.restore_revision(revision_id bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.restore_revision(revision_id bigint) TO authenticated;
GRANT ALL ON FUNCTION public.restore_revision(revision_id bigint) TO service_role;

COMMENT ON COLUMN private.revisions.subject IS 'The visitor a version is about (private.subject_of of its row); null for content and settings, the only items versioned today.';

CREATE FUNCTION private.key_revision_subject() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.subject := private.subject_of(new.table_name, new.data);
  return new;
end;
$$;

COMMENT ON FUNCTION private.key_revision_subject() IS 'BEFORE INSERT on revisions: sets the version''s subject from its row (private.subject_of).';

REVOKE ALL ON FUNCTION private.key_revision_subject() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER revisions_subject BEFORE INSERT ON private.revisions FOR EACH ROW EXECUTE FUNCTION private.key_revision_subject();
