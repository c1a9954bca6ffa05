-- private.activity_log: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE private.activity_log (
    id bigint NOT NULL,
    occurred_at timestamp with time zone DEFAULT now() NOT NULL,
    actor_id uuid,
    actor_email text,
    actor_name text,
    actor_role text NOT NULL,
    client_address text,
    action text NOT NULL,
    area text NOT NULL,
    table_name text NOT NULL,
    row_id text,
    title text,
    changes jsonb,
    subject text,
    CONSTRAINT activity_log_action_check CHECK ((action = ANY ('{created,deactivated,deleted,downloaded,exported,invited,published,reactivated,removed,restored,role_changed,scheduled,settings_changed,status_changed,two_factor_reset,unpublished,updated,review_requested,approved,rejected,rolled_back,verified}'::text[]))),
    CONSTRAINT activity_log_area_check CHECK ((area = ANY (ARRAY['content'::text, 'leads'::text, 'staff_settings'::text]))),
    CONSTRAINT activity_log_subject_check CHECK ((subject ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE private.activity_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.activity_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

COMMENT ON TABLE private.activity_log IS 'Append-only record of staff changes, exports of personal data and CV downloads: who (id, e-mail, name and role as they were), when, from which client address, what (action, table, row id, title) and, for an update, {field: {before, after}} with long text summarized. Read through public.activity_feed(); rows leave only through private.apply_history_retention().';

COMMENT ON COLUMN private.activity_log.actor_id IS 'auth.uid() of the actor; no foreign key, so the record outlives the account.';

COMMENT ON COLUMN private.activity_log.subject IS 'The visitor this entry is about (private.subject_key of their address), for entries about messages, applications, subscriptions, CV files and CV downloads; null for content, settings and staff.';

COMMENT ON COLUMN private.activity_log.actor_role IS 'Staff roles at the time (comma-separated), or the API role (service_role) or "system" for direct database sessions.';

ALTER TABLE ONLY private.activity_log
    ADD CONSTRAINT activity_log_pkey PRIMARY KEY (id);

CREATE INDEX activity_log_action_idx ON private.activity_log USING btree (action, occurred_at DESC);

CREATE INDEX activity_log_actor_idx ON private.activity_log USING btree (actor_id, occurred_at DESC);

CREATE INDEX activity_log_area_idx ON private.activity_log USING btree (area, occurred_at DESC);

CREATE INDEX activity_log_occurred_at_idx ON private.activity_log USING btree (occurred_at DESC, id DESC);

CREATE INDEX activity_log_subject_idx ON private.activity_log USING btree (subject) WHERE (subject IS NOT NULL);

CREATE INDEX activity_log_row_idx ON private.activity_log USING btree (table_name, row_id, occurred_at DESC);

ALTER TABLE private.activity_log ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.current_actor(OUT actor_id uuid, OUT actor_email text, OUT actor_name text, OUT actor_role text, OUT client_address text) RETURNS record
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_key text := coalesce(current_setting('request.jwt.claims', true), '') || '|' || coalesce(current_setting('request.headers', true), '');
  v_cached jsonb;
begin
  -- The same request (claims and headers) in the same transaction is the same actor.
  if current_setting('history.actor_key', true) = v_key then
    v_cached := current_setting('history.actor', true)::jsonb;
    actor_id := (v_cached ->> 'id')::uuid;
    actor_email := v_cached ->> 'email';
    actor_name := v_cached ->> 'name';
    actor_role := v_cached ->> 'role';
    client_address := v_cached ->> 'address';
    return;
  end if;

  select u.id, u.email::text,
         coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), u.email::text)
    into actor_id, actor_email, actor_name
    from auth.users as u
   where u.id = auth.uid();
  if actor_id is not null then
    select string_agg(r.role, ',' order by r.role) into actor_role from public.staff_roles as r where r.user_id = actor_id;
  end if;
  actor_role := coalesce(actor_role, nullif(auth.role(), ''), 'system');
  client_address := private.request_client_address();

  perform set_config('history.actor',
                     jsonb_build_object('id', actor_id, 'email', actor_email, 'name', actor_name, 'role', actor_role, 'address', client_address)::text,
                     true),
          set_config('history.actor_key', v_key, true);
end;
$$;

COMMENT ON FUNCTION private.current_actor(OUT actor_id uuid, OUT actor_email text, OUT actor_name text, OUT actor_role text, OUT client_address text) IS 'The signed-in user as the history records them: id, e-mail, name (user metadata full_name or name, else the e-mail), staff roles (without a user, the API role or "system") and the request''s client address. Looked up once per transaction and request claims; a change of staff roles looks it up again.';

REVOKE ALL ON FUNCTION private.current_actor(OUT actor_id uuid, OUT actor_email text, OUT actor_name text, OUT actor_role text, OUT client_address text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.row_title(table_name text, item jsonb) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return coalesce(
    case row_title.table_name
      when 'staff_roles' then (select u.email::text from auth.users as u where u.id = (item ->> 'user_id')::uuid)
      when 'website_content' then (item ->> 'section') || ' / ' || (item ->> 'key')
      when 'site_settings' then item ->> 'key'
      when 'redirects' then (item ->> 'from_path') || ' → ' || (item ->> 'to_path')
    end,
    nullif(item ->> 'title', ''),
    nullif(item ->> 'name', ''),
    nullif(btrim(concat_ws(' ', item ->> 'first_name', item ->> 'last_name')), ''),
    item ->> 'email',
    item ->> 'id');
end;
$$;

COMMENT ON FUNCTION private.row_title(table_name text, item jsonb) IS 'A readable name for a row as it was: its title, name, sender, e-mail, section/key, setting key or, for a staff role, the member''s e-mail.';

REVOKE ALL ON FUNCTION private.row_title(table_name text, item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.subject_of(table_name text, item jsonb) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case when table_name in ('contact_messages', 'job_applications', 'newsletter_subscribers')
    then private.subject_key(item ->> 'email')
  end
$$;

COMMENT ON FUNCTION private.subject_of(table_name text, item jsonb) IS 'The subject of a row of a visitors'' table (contact_messages, job_applications, newsletter_subscribers): the key of its e-mail address; null for any other table.';

REVOKE ALL ON FUNCTION private.subject_of(table_name text, item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.write_activity(action text, area text, table_name text, row_id text, title text, changes jsonb DEFAULT NULL::jsonb, subject text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  a record;
begin
  select * into a from private.current_actor();
  insert into private.activity_log (actor_id, actor_email, actor_name, actor_role, client_address, action, area, table_name, row_id, title, changes, subject)
  values (a.actor_id, a.actor_email, a.actor_name, a.actor_role, a.client_address,
          write_activity.action, write_activity.area, write_activity.table_name, write_activity.row_id, left(write_activity.title, 300),
          write_activity.changes, write_activity.subject);
end;
$$;

COMMENT ON FUNCTION private.write_activity(action text, area text, table_name text, row_id text, title text, changes jsonb, subject text) IS 'Appends one activity row for the current actor and client address; subject names the visitor it is about, if any.';

REVOKE ALL ON FUNCTION private.write_activity(action text, area text, table_name text, row_id text, title text, changes jsonb, subject text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.log_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_before jsonb;
  v_after jsonb;
  v_item jsonb;
  v_changes jsonb;
  v_action text;
  a record;
  v_restoring boolean := current_setting('history.action', true) = 'restored';
begin
  if tg_op <> 'INSERT' then
    v_before := to_jsonb(old);
  end if;
  if tg_op <> 'DELETE' then
    v_after := to_jsonb(new);
  end if;
  v_item := coalesce(v_after, v_before);

  if tg_op = 'UPDATE' then
    v_changes := private.changed_fields(v_before, v_after);
    -- A save that changed nothing (e.g. "Save All Settings" rewriting the same values) is no event.
    if v_changes is null then
      return null;
    end if;
  end if;

  v_action := case
    when v_restoring then 'restored'
    when tg_table_name = 'site_settings' then 'settings_changed'
    when tg_table_name = 'staff_roles' then 'role_changed'
    when tg_op = 'INSERT' then 'created'
    when tg_op = 'DELETE' then 'deleted'
    when v_changes ? 'published' and v_after ? 'published' then
      case when (v_after ->> 'published')::boolean then 'published' else 'unpublished' end
    when v_changes ? 'active' and v_after ? 'active' then
      case when (v_after ->> 'active')::boolean then 'published' else 'unpublished' end
    when v_changes ? 'publish_at' and (v_after ->> 'publish_at')::timestamptz > now() then 'scheduled'
    when v_changes ? 'status' then 'status_changed'
    else 'updated'
  end;

  -- A change of staff roles changes who the next write's actor is.
  if tg_table_name = 'staff_roles' then
    perform set_config('history.actor_key', '', true);
  end if;

  select * into a from private.current_actor();
  -- A site setting is named by its key everywhere (its id names it only as an item of sign-off).
  insert into private.activity_log (actor_id, actor_email, actor_name, actor_role, client_address, action, area, table_name, row_id, title, changes, subject)
  values (a.actor_id, a.actor_email, a.actor_name, a.actor_role, a.client_address, v_action, tg_argv[0], tg_table_name,
          coalesce(case when tg_table_name = 'site_settings' then v_item ->> 'key' end, v_item ->> 'id', v_item ->> 'key', v_item ->> 'user_id'), left(private.row_title(tg_table_name, v_item), 300), v_changes,
          private.subject_of(tg_table_name, v_item));

  if tg_nargs > 1 and tg_argv[1] = 'versioned' then
    perform private.add_revision(tg_table_name, v_item ->> 'id',
      case when tg_op = 'DELETE' then 'deleted' when v_restoring then 'restored' when tg_op = 'INSERT' then 'created' else 'saved' end,
      v_item,
      case when tg_op = 'UPDATE' then array(select k from jsonb_object_keys(v_changes) as k order by k) else '{}' end,
      case when tg_op = 'UPDATE' then v_before end);
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.log_change() IS 'AFTER INSERT/UPDATE/DELETE row trigger: logs the write with its verb (restored inside restore_revision, settings_changed, role_changed, created, deleted, published/unpublished when published or active flipped, scheduled when publish_at moved into the future, status_changed, else updated), title, changed fields and, for a visitor''s row, its subject. Its first argument is the area (content, leads, staff_settings); a second argument ''versioned'' also stores the version (the new row, the row before the first recorded save, or the deleted row). Generic over columns: a new column needs no change here.';

REVOKE ALL ON FUNCTION private.log_change() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.sign_in_action(action text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case action
    when 'login' then 'signed_in'
    when 'logout' then 'signed_out'
    when 'user_recovery_requested' then 'recovery_requested'
    when 'mfa_code_login' then 'signed_in_2fa'
    else action
  end
$$;

COMMENT ON FUNCTION private.sign_in_action(action text) IS 'The Activity screen''s name for an Auth audit action: login -> signed_in, logout -> signed_out, and so on.';

REVOKE ALL ON FUNCTION private.sign_in_action(action text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.refuse_activity_rewrite() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'DELETE' and old.occurred_at < now() - make_interval(days => (select s.activity_retention_days from private.history_settings as s)) then
    return old;
  end if;
  if tg_op = 'UPDATE' and old.subject = current_setting('privacy.erasing', true) and new.subject is null
     and (to_jsonb(new) - 'title' - 'changes' - 'subject') = (to_jsonb(old) - 'title' - 'changes' - 'subject') then
    return new;
  end if;
  raise exception using errcode = '42501', message = 'The activity log cannot be changed.';
end;
$$;

COMMENT ON FUNCTION private.refuse_activity_rewrite() IS 'BEFORE UPDATE/DELETE/TRUNCATE on activity_log: refuses every change, except deleting a row older than the retention period and private.erase_subject_from_log() rewriting the entries of the subject it erases.';

REVOKE ALL ON FUNCTION private.refuse_activity_rewrite() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.activity_feed(by_actor uuid DEFAULT NULL::uuid, in_area text DEFAULT NULL::text, by_action text DEFAULT NULL::text, since timestamp with time zone DEFAULT NULL::timestamp with time zone, until timestamp with time zone DEFAULT NULL::timestamp with time zone, max_rows integer DEFAULT 50, skip integer DEFAULT 0) RETURNS TABLE(id text, occurred_at timestamp with time zone, actor_id uuid, actor_email text, actor_name text, actor_role text, client_address text, action text, area text, table_name text, row_id text, title text, changes jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not ((select public.is_admin()) and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only admins can read the activity log.';
  end if;
  return query
    select * from (
      select l.id::text, l.occurred_at, l.actor_id, l.actor_email, l.actor_name, l.actor_role, l.client_address,
             l.action, l.area, l.table_name, l.row_id, l.title, l.changes
      from private.activity_log as l
      where coalesce(activity_feed.in_area, '') <> 'sign_ins'
        and (activity_feed.by_actor is null or l.actor_id = activity_feed.by_actor)
        and (activity_feed.in_area is null or l.area = activity_feed.in_area)
        and (activity_feed.by_action is null or l.action = activity_feed.by_action)
        and (activity_feed.since is null or l.occurred_at >= activity_feed.since)
        and (activity_feed.until is null or l.occurred_at < activity_feed.until)
      order by l.occurred_at desc, l.id desc
      limit least(greatest(max_rows, 1), 10000) + greatest(skip, 0)
    ) as staff_rows
    union all
    select * from (
      select 'auth-' || e.id::text, e.created_at, (e.payload ->> 'actor_id')::uuid, u.email::text,
             coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), u.email::text, e.payload ->> 'actor_username'),
             (select string_agg(r.role, ',' order by r.role) from public.staff_roles as r where r.user_id = u.id),
             nullif(e.ip_address, '')::text, private.sign_in_action(e.payload ->> 'action'), 'sign_ins', 'auth', null::text,
             null::text, null::jsonb
      from auth.audit_log_entries as e
      left join auth.users as u on u.id::text = e.payload ->> 'actor_id'
      where coalesce(activity_feed.in_area, 'sign_ins') = 'sign_ins'
        and (activity_feed.by_actor is null or e.payload ->> 'actor_id' = activity_feed.by_actor::text)
        and (activity_feed.by_action is null or private.sign_in_action(e.payload ->> 'action') = activity_feed.by_action)
        and (activity_feed.since is null or e.created_at >= activity_feed.since)
        and (activity_feed.until is null or e.created_at < activity_feed.until)
      order by e.created_at desc
      limit least(greatest(max_rows, 1), 10000) + greatest(skip, 0)
    ) as sign_ins
    order by 2 desc, 1 desc
    limit least(greatest(max_rows, 1), 10000)
    offset greatest(skip, 0);
end;
$$;

COMMENT ON FUNCTION public.activity_feed(by_actor uuid, in_area text, by_action text, since timestamp with time zone, until timestamp with time zone, max_rows integer, skip integer) IS 'The Activity screen''s rows, newest first: staff activity and Auth''s sign-ins (auth.audit_log_entries, area sign_ins), filtered by actor, area (content, leads, staff_settings, sign_ins), action and [since, until); at most 10000 rows a call, skipping `skip`. Admins only.';

REVOKE ALL ON FUNCTION public.activity_feed(by_actor uuid, in_area text, by_action text, since timestamp with time zone, until timestamp with time zone, max_rows integer, skip integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.activity_feed(by_actor uuid, in_area text, by_action text, since timestamp with time zone, until timestamp with time zone, max_rows integer, skip integer) TO authenticated;
GRANT ALL ON FUNCTION public.activity_feed(by_actor uuid, in_area text, by_action text, since timestamp with time zone, until timestamp with time zone, max_rows integer, skip integer) TO service_role;

CREATE FUNCTION public.activity_staff() RETURNS TABLE(id uuid, email text, name text, role text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not ((select public.is_admin()) and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only admins can read the activity log.';
  end if;
  return query
    select u.id, u.email::text,
           coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), u.email)::text,
           string_agg(r.role, ',' order by r.role)
    from public.staff_roles as r
    join auth.users as u on u.id = r.user_id
    group by u.id
    order by 3;
end;
$$;

COMMENT ON FUNCTION public.activity_staff() IS 'Staff members (id, e-mail, name, roles) for the Activity screen''s filter. Admins only.';

REVOKE ALL ON FUNCTION public.activity_staff() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.activity_staff() TO authenticated;
GRANT ALL ON FUNCTION public.activity_staff() TO service_role;

CREATE FUNCTION public.my_activity(max_rows integer DEFAULT 20) RETURNS TABLE(id text, occurred_at timestamp with time zone, actor_id uuid, actor_email text, actor_name text, actor_role text, client_address text, action text, area text, table_name text, row_id text, title text, changes jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not (exists (select 1 from public.current_staff()) and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff can read their own activity.';
  end if;
  return query
    select l.id::text, l.occurred_at, l.actor_id, l.actor_email, l.actor_name, l.actor_role, l.client_address,
           l.action, l.area, l.table_name, l.row_id, l.title, l.changes
    from private.activity_log as l
    where l.actor_id = (select auth.uid())
    order by l.occurred_at desc, l.id desc
    limit least(greatest(max_rows, 1), 100);
end;
$$;

COMMENT ON FUNCTION public.my_activity(max_rows integer) IS 'The signed-in staff member''s own activity, newest first (at most 100 rows, default 20), as activity_feed returns it. Any staff member, for themselves only.';

REVOKE ALL ON FUNCTION public.my_activity(max_rows integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.my_activity(max_rows integer) TO authenticated;
GRANT ALL ON FUNCTION public.my_activity(max_rows integer) TO service_role;

CREATE TRIGGER activity_log_immutable BEFORE DELETE OR UPDATE ON private.activity_log FOR EACH ROW EXECUTE FUNCTION private.refuse_activity_rewrite();

CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON private.activity_log FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_activity_rewrite();
