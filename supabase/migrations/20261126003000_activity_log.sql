-- Who changed what: an activity log that the database writes itself, so no screen can forget to
-- record, and that no API role can rewrite.
--
--   1. private.activity_log: one row per staff change (written by triggers on every table staff can
--      change), per export of personal data and per CV download; with the actor as they were then,
--      the client address, a readable title and, for an update, the changed fields before -> after.
--   2. Immutable: no API role holds a privilege on it (the private schema is not exposed), a trigger
--      refuses every UPDATE and TRUNCATE, and a DELETE of any row younger than the retention period.
--   3. private.apply_history_retention() removes old rows (history_settings, default 400 days); the
--      local backend runs it daily, a hosted project with pg_cron (docs/security.md).
--   4. A CV can be read (signed link, download, listing) only by a staff member who logged that
--      download in the last five minutes through public.log_personal_data_read().
--   5. public.activity_feed() reads the log and Auth's sign-ins (auth.audit_log_entries) for the
--      Activity screen, admins only.

-- Settings ------------------------------------------------------------------------------------------

create table private.history_settings (
  id boolean primary key default true check (id),
  activity_retention_days integer not null default 400 check (activity_retention_days between 30 and 3650),
  revisions_per_item integer not null default 50 check (revisions_per_item between 2 and 1000),
  deleted_item_days integer not null default 30 check (deleted_item_days between 1 and 365)
);
comment on table private.history_settings is
  'One row: how long activity is kept (days), how many versions each item keeps, and how long a deleted item can be brought back (days). Changed with SQL by the database owner.';
alter table private.history_settings enable row level security;
revoke all on table private.history_settings from public, anon, authenticated, service_role;
insert into private.history_settings default values;

-- The log ---------------------------------------------------------------------------------------------

create table private.activity_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  actor_name text,
  actor_role text not null,
  client_address text,
  action text not null check (action in (
    'created', 'updated', 'deleted', 'published', 'unpublished', 'scheduled', 'restored',
    'status_changed', 'role_changed', 'settings_changed', 'exported', 'downloaded')),
  area text not null check (area in ('content', 'leads', 'staff_settings')),
  table_name text not null,
  row_id text,
  title text,
  changes jsonb
);
comment on table private.activity_log is
  'Append-only record of staff changes, exports of personal data and CV downloads: who (id, e-mail, name and role as they were), when, from which client address, what (action, table, row id, title) and, for an update, {field: {before, after}} with long text summarized. Read through public.activity_feed(); rows leave only through private.apply_history_retention().';
comment on column private.activity_log.actor_id is
  'auth.uid() of the actor; no foreign key, so the record outlives the account.';
comment on column private.activity_log.actor_role is
  'Staff roles at the time (comma-separated), or the API role (service_role) or "system" for direct database sessions.';

alter table private.activity_log enable row level security;
revoke all on table private.activity_log from public, anon, authenticated, service_role;

create index activity_log_occurred_at_idx on private.activity_log (occurred_at desc, id desc);
create index activity_log_actor_idx on private.activity_log (actor_id, occurred_at desc);
create index activity_log_area_idx on private.activity_log (area, occurred_at desc);
create index activity_log_action_idx on private.activity_log (action, occurred_at desc);
create index activity_log_row_idx on private.activity_log (table_name, row_id, occurred_at desc);

create function private.refuse_activity_rewrite()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and old.occurred_at < now() - make_interval(days => (select s.activity_retention_days from private.history_settings as s)) then
    return old;
  end if;
  raise exception using errcode = '42501', message = 'The activity log cannot be changed.';
end;
$$;
comment on function private.refuse_activity_rewrite() is
  'BEFORE UPDATE/DELETE/TRUNCATE on activity_log: refuses every change, except deleting a row older than the retention period.';
revoke execute on function private.refuse_activity_rewrite() from public, anon, authenticated, service_role;

create trigger activity_log_immutable
  before update or delete on private.activity_log
  for each row execute function private.refuse_activity_rewrite();
create trigger activity_log_no_truncate
  before truncate on private.activity_log
  for each statement execute function private.refuse_activity_rewrite();

-- Who is acting ---------------------------------------------------------------------------------------

create function private.current_actor(out actor_id uuid, out actor_email text, out actor_name text, out actor_role text)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id,
         u.email::text,
         coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), u.email::text),
         coalesce(
           (select string_agg(r.role, ',' order by r.role) from public.staff_roles as r where r.user_id = (select auth.uid())),
           nullif((select auth.role()), ''),
           'system')
  from (select 1) as one
  left join auth.users as u on u.id = (select auth.uid())
$$;
comment on function private.current_actor() is
  'The signed-in user as the log records them: id, e-mail, name (user metadata full_name or name, else the e-mail) and staff roles; without a user, the API role or "system".';
revoke execute on function private.current_actor() from public, anon, authenticated, service_role;

create function private.request_client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select private.client_address(nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for')
$$;
comment on function private.request_client_address() is
  'The current API request''s client address (see private.client_address), or null outside a request.';
revoke execute on function private.request_client_address() from public, anon, authenticated, service_role;

create function private.write_activity(action text, area text, table_name text, row_id text, title text, changes jsonb default null)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.activity_log (actor_id, actor_email, actor_name, actor_role, client_address, action, area, table_name, row_id, title, changes)
  select a.actor_id, a.actor_email, a.actor_name, a.actor_role, private.request_client_address(),
         write_activity.action, write_activity.area, write_activity.table_name, write_activity.row_id,
         left(write_activity.title, 300), write_activity.changes
  from private.current_actor() as a
$$;
comment on function private.write_activity(text, text, text, text, text, jsonb) is
  'Appends one activity row for the current actor and client address.';
revoke execute on function private.write_activity(text, text, text, text, text, jsonb) from public, anon, authenticated, service_role;

-- What changed -------------------------------------------------------------------------------------

create function private.summarize(value jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  -- Long text keeps its first words without markup and its length; the full text is in revisions.
  select case
    when value is null then null
    when char_length(coalesce(value #>> '{}', value::text)) <= 200 then value
    else to_jsonb(left(btrim(regexp_replace(regexp_replace(coalesce(value #>> '{}', value::text), '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g')), 160)
      || '… (' || char_length(coalesce(value #>> '{}', value::text)) || ' characters)')
  end
$$;
comment on function private.summarize(jsonb) is
  'A value as the log shows it: unchanged up to 200 characters, else its first 160 characters without tags and its length.';
revoke execute on function private.summarize(jsonb) from public, anon, authenticated, service_role;

create function private.changed_fields(before jsonb, after jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  -- updated_at and updated_by move on every save (who saved is the entry's actor) and client_key is
  -- the flood limit's: none of them is a change.
  select jsonb_object_agg(f.key, jsonb_build_object('before', private.summarize(before -> f.key), 'after', private.summarize(after -> f.key)) order by f.key)
  from (select jsonb_object_keys(coalesce(before, '{}') || coalesce(after, '{}')) as key) as f
  where f.key not in ('updated_at', 'updated_by', 'client_key')
    and (before -> f.key) is distinct from (after -> f.key)
$$;
comment on function private.changed_fields(jsonb, jsonb) is
  'The fields that differ between two versions of a row, as {field: {before, after}} (summarized), or null when none did.';
revoke execute on function private.changed_fields(jsonb, jsonb) from public, anon, authenticated, service_role;

create function private.change_verb(table_name text, operation text, before jsonb, after jsonb)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when current_setting('history.action', true) = 'restored' then 'restored'
    when table_name = 'site_settings' then 'settings_changed'
    when table_name = 'staff_roles' then 'role_changed'
    when operation = 'INSERT' then 'created'
    when operation = 'DELETE' then 'deleted'
    when after ? 'published' and (before -> 'published') is distinct from (after -> 'published') then
      case when (after ->> 'published')::boolean then 'published' else 'unpublished' end
    when after ? 'active' and (before -> 'active') is distinct from (after -> 'active') then
      case when (after ->> 'active')::boolean then 'published' else 'unpublished' end
    when after ? 'publish_at' and (before -> 'publish_at') is distinct from (after -> 'publish_at')
      and (after ->> 'publish_at')::timestamptz > now() then 'scheduled'
    when after ? 'status' and (before -> 'status') is distinct from (after -> 'status') then 'status_changed'
    else 'updated'
  end
$$;
comment on function private.change_verb(text, text, jsonb, jsonb) is
  'The action a write means: restored (inside restore_revision), settings_changed, role_changed, created, deleted, published/unpublished (published or active flipped), scheduled (publish_at set in the future), status_changed, else updated.';
revoke execute on function private.change_verb(text, text, jsonb, jsonb) from public, anon, authenticated, service_role;

create function private.row_title(table_name text, item jsonb)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case when table_name = 'staff_roles' then (select u.email from auth.users as u where u.id = (item ->> 'user_id')::uuid) end,
    case when table_name = 'website_content' then (item ->> 'section') || ' / ' || (item ->> 'key') end,
    case when table_name = 'site_settings' then item ->> 'key' end,
    case when table_name = 'redirects' then (item ->> 'from_path') || ' → ' || (item ->> 'to_path') end,
    nullif(item ->> 'title', ''),
    nullif(item ->> 'name', ''),
    nullif(btrim(concat_ws(' ', item ->> 'first_name', item ->> 'last_name')), ''),
    item ->> 'email',
    item ->> 'id')
$$;
comment on function private.row_title(text, jsonb) is
  'A readable name for a row as it was: its title, name, sender, e-mail, section/key, setting key or, for a staff role, the member''s e-mail.';
revoke execute on function private.row_title(text, jsonb) from public, anon, authenticated, service_role;

create function private.row_key(item jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(item ->> 'id', item ->> 'key', item ->> 'user_id')
$$;
comment on function private.row_key(jsonb) is 'The id a log row names: the row''s id, else its key (settings), else its user_id (staff roles).';
revoke execute on function private.row_key(jsonb) from public, anon, authenticated, service_role;

create function private.log_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_after jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_changes jsonb;
begin
  if tg_op = 'UPDATE' then
    v_changes := private.changed_fields(v_before, v_after);
    -- A save that changed nothing (e.g. "Save All Settings" rewriting the same values) is no event.
    if v_changes is null then
      return null;
    end if;
  end if;
  perform private.write_activity(
    private.change_verb(tg_table_name, tg_op, v_before, v_after),
    tg_argv[0],
    tg_table_name,
    private.row_key(coalesce(v_after, v_before)),
    private.row_title(tg_table_name, coalesce(v_after, v_before)),
    v_changes);
  return null;
end;
$$;
comment on function private.log_change() is
  'AFTER INSERT/UPDATE/DELETE row trigger: logs the write with its verb, title and changed fields. Its argument is the area (content, leads, staff_settings). Generic over columns: a new column needs no change here.';
revoke execute on function private.log_change() from public, anon, authenticated, service_role;

-- Content, settings and staff: every write.
create trigger website_content_log after insert or update or delete on public.website_content
  for each row execute function private.log_change('content');
create trigger clients_log after insert or update or delete on public.clients
  for each row execute function private.log_change('content');
create trigger testimonials_log after insert or update or delete on public.testimonials
  for each row execute function private.log_change('content');
create trigger team_members_log after insert or update or delete on public.team_members
  for each row execute function private.log_change('content');
create trigger solutions_log after insert or update or delete on public.solutions
  for each row execute function private.log_change('content');
create trigger blog_posts_log after insert or update or delete on public.blog_posts
  for each row execute function private.log_change('content');
create trigger job_openings_log after insert or update or delete on public.job_openings
  for each row execute function private.log_change('content');
create trigger site_settings_log after insert or update or delete on public.site_settings
  for each row execute function private.log_change('staff_settings');
create trigger staff_roles_log after insert or update or delete on public.staff_roles
  for each row execute function private.log_change('staff_settings');
-- Leads: visitors create them (that is the form, not staff activity); staff mark and delete them.
create trigger contact_messages_log after update or delete on public.contact_messages
  for each row execute function private.log_change('leads');
create trigger newsletter_subscribers_log after update or delete on public.newsletter_subscribers
  for each row execute function private.log_change('leads');
create trigger job_applications_log after update or delete on public.job_applications
  for each row execute function private.log_change('leads');

-- Reads of personal data ----------------------------------------------------------------------------

create function public.log_personal_data_read(kind text, application_id uuid default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_title text;
begin
  if not (public.has_required_aal() and case kind when 'cv_download' then public.has_permission('applications.read') else public.has_permission('leads.read') end) then
    raise exception using errcode = '42501', message = 'Only staff can read personal data.';
  end if;
  case kind
    when 'messages_export' then
      perform private.write_activity('exported', 'leads', 'contact_messages', null, 'Inbox (CSV)');
    when 'subscribers_export' then
      perform private.write_activity('exported', 'leads', 'newsletter_subscribers', null, 'Subscribers (CSV)');
    when 'cv_download' then
      select 'CV of ' || a.name into v_title from public.job_applications as a where a.id = application_id;
      if v_title is null then
        raise exception using errcode = 'P0002', message = 'Application not found.';
      end if;
      perform private.write_activity('downloaded', 'leads', 'job_applications', application_id::text, v_title);
    else
      raise exception using errcode = '22023', message = 'Unknown kind of read.';
  end case;
end;
$$;
comment on function public.log_personal_data_read(text, uuid) is
  'Records a read of personal data before it happens: kind messages_export or subscribers_export (the CSV exports), or cv_download with the application''s id; a CV can be read only within five minutes of its logged download. Admins only.';
revoke execute on function public.log_personal_data_read(text, uuid) from public, anon;
grant execute on function public.log_personal_data_read(text, uuid) to authenticated, service_role;

create function private.cv_read_logged(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.job_applications as a
    join private.activity_log as l
      on l.table_name = 'job_applications' and l.row_id = a.id::text
    where a.cv_path = cv_read_logged.object_name
      and l.action = 'downloaded'
      and l.actor_id = (select auth.uid())
      and l.occurred_at > now() - interval '5 minutes'
  )
$$;
comment on function private.cv_read_logged(text) is
  'True when the signed-in user logged a download of the application that holds this CV in the last five minutes (log_personal_data_read). The applications bucket''s read policy requires it.';
revoke execute on function private.cv_read_logged(text) from public, anon;
grant execute on function private.cv_read_logged(text) to authenticated, service_role;

drop policy "Media editors list media files, application readers read CVs" on storage.objects;
create policy "Media editors list media; CV readers read a CV once logged"
  on storage.objects for select to authenticated
  using (
    (bucket_id = 'media' and (select public.has_permission('media.write')))
    or (bucket_id = 'applications' and (select public.has_permission('applications.read')) and private.cv_read_logged(name))
  );

-- Retention ---------------------------------------------------------------------------------------------

create function private.apply_history_retention()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.activity_log as l
   where l.occurred_at < now() - make_interval(days => (select s.activity_retention_days from private.history_settings as s));
end;
$$;
comment on function private.apply_history_retention() is
  'Removes activity older than history_settings.activity_retention_days (default 400). Run daily: by the local backend, and by pg_cron on a hosted project.';
revoke execute on function private.apply_history_retention() from public, anon, authenticated;
grant execute on function private.apply_history_retention() to service_role;

-- Reading the log ------------------------------------------------------------------------------------------

create function private.sign_in_action(action text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case action
    when 'login' then 'signed_in'
    when 'logout' then 'signed_out'
    when 'user_recovery_requested' then 'recovery_requested'
    when 'mfa_code_login' then 'signed_in_2fa'
    else action
  end
$$;
comment on function private.sign_in_action(text) is 'The Activity screen''s name for an Auth audit action: login -> signed_in, logout -> signed_out, and so on.';
revoke execute on function private.sign_in_action(text) from public, anon, authenticated, service_role;

create function public.activity_feed(
  by_actor uuid default null,
  in_area text default null,
  by_action text default null,
  since timestamptz default null,
  until timestamptz default null,
  max_rows integer default 50,
  skip integer default 0
)
returns table (
  id text,
  occurred_at timestamptz,
  actor_id uuid,
  actor_email text,
  actor_name text,
  actor_role text,
  client_address text,
  action text,
  area text,
  table_name text,
  row_id text,
  title text,
  changes jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
comment on function public.activity_feed(uuid, text, text, timestamptz, timestamptz, integer, integer) is
  'The Activity screen''s rows, newest first: staff activity and Auth''s sign-ins (auth.audit_log_entries, area sign_ins), filtered by actor, area (content, leads, staff_settings, sign_ins), action and [since, until); at most 10000 rows a call, skipping `skip`. Admins only.';
revoke execute on function public.activity_feed(uuid, text, text, timestamptz, timestamptz, integer, integer) from public, anon;
grant execute on function public.activity_feed(uuid, text, text, timestamptz, timestamptz, integer, integer) to authenticated, service_role;

create function public.activity_staff()
returns table (id uuid, email text, name text, role text)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
comment on function public.activity_staff() is
  'Staff members (id, e-mail, name, roles) for the Activity screen''s filter. Admins only.';
revoke execute on function public.activity_staff() from public, anon;
grant execute on function public.activity_staff() to authenticated, service_role;
