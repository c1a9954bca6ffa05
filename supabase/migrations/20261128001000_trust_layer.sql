-- The trust layer holds where staff functions, redirects, CVs and the activity log met it only in part.
--
--   1. Every staff function refuses a session below the assurance level its account needs
--      (has_required_aal()), not only the policies: media_usage, rewrite_media_references,
--      recently_deleted, restore_revision, publish_post_draft and page_view_totals now check it too.
--   2. A redirect to another site needs settings.write (admins); editors add paths on this site.
--   3. A CV belongs to one application: job_applications.cv_path is unique, so no second row (a
--      decoy) can name a candidate's CV and have its download logged in the candidate's stead.
--   4. Files in the activity log: a media file added, replaced, moved or removed, a CV replaced or
--      removed, written by a trigger on storage.objects whoever does it.
--   5. log_staff_action() records only a change the account really went through in the last ten
--      minutes (noted by triggers on auth.users and auth.mfa_factors), once, and also the removal
--      of an account, so the Staff screen's changes carry the admin who made them.
--   6. restore_revision() of an unknown version answers 404 (PT404), not a server error.

-- 1. Two-factor in every staff function ------------------------------------------------------------------

create or replace function public.media_usage()
returns table (object_name text, item_table text, item_id text, item_label text)
language plpgsql
stable
-- Reads drafts and every content table whatever the caller's other permissions: a file's uses are
-- what staff who manage media need to see before they rename or delete it.
security definer
set search_path = ''
as $$
declare
  media_url constant text := '/storage/v1/(?:object|render/image)/public/media/([A-Za-z0-9._~%/-]+)';
begin
  if not (public.has_permission('media.write') and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff who manage media can see where files are used.';
  end if;
  return query
  select distinct u.object_name, u.item_table, u.item_id, u.item_label
  from (
    select m[1] as object_name, 'blog_posts'::text as item_table, p.id::text as item_id, p.title as item_label
      from public.blog_posts as p,
           regexp_matches(concat_ws(' ', p.featured_image, p.author_avatar, p.content), media_url, 'g') as m
    union all
    select m[1], 'clients', c.id::text, c.name
      from public.clients as c, regexp_matches(coalesce(c.logo_url, ''), media_url, 'g') as m
    union all
    select m[1], 'testimonials', t.id::text, t.name
      from public.testimonials as t, regexp_matches(t.avatar, media_url, 'g') as m
    union all
    select m[1], 'team_members', t.id::text, t.name
      from public.team_members as t, regexp_matches(t.avatar, media_url, 'g') as m
    union all
    select m[1], 'website_content', w.section, w.section
      from public.website_content as w, regexp_matches(w.content::text, media_url, 'g') as m
    union all
    select m[1], 'site_settings', s.key, s.key
      from public.site_settings as s, regexp_matches(s.value, media_url, 'g') as m
  ) as u
  order by u.object_name, u.item_table, u.item_label;
end;
$$;
comment on function public.media_usage() is
  'Every use of a media file: its object name and the item whose column holds its URL (table, id, title or name; the section or key for website content and settings). Staff with media.write, at the assurance level their account needs.';

create or replace function public.rewrite_media_references(from_name text, to_name text)
returns integer
language plpgsql
volatile
-- Rewrites columns the caller's other permissions may not open (site settings, drafts): the change
-- follows a move of the file that the caller was allowed to make, and changes nothing else.
security definer
set search_path = ''
as $$
declare
  pattern text;
  replacement text;
  changed integer;
  total integer := 0;
begin
  if not (public.has_permission('media.write') and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff who manage media can rename or move files.';
  end if;
  if not (private.is_media_object_name(from_name) and private.is_media_object_name(to_name)) or from_name = to_name then
    raise exception using errcode = '22023', message = 'A media file name holds letters, digits, ".", "_", "-" and "/" only.';
  end if;
  -- Only a move the Storage API has made: the new name is a file, the old one no longer is.
  if not exists (select 1 from storage.objects as o where o.bucket_id = 'media' and o.name = to_name)
     or exists (select 1 from storage.objects as o where o.bucket_id = 'media' and o.name = from_name) then
    raise exception using errcode = '22023', message = 'Move the file first: its new name must exist and its old name must not.';
  end if;

  pattern := private.media_url_pattern(from_name);
  replacement := '\1' || to_name;

  update public.blog_posts as p
     set featured_image = regexp_replace(p.featured_image, pattern, replacement, 'g'),
         author_avatar = regexp_replace(p.author_avatar, pattern, replacement, 'g'),
         content = regexp_replace(p.content, pattern, replacement, 'g')
   where p.featured_image ~ pattern or p.author_avatar ~ pattern or p.content ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.clients as c set logo_url = regexp_replace(c.logo_url, pattern, replacement, 'g') where c.logo_url ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.testimonials as t set avatar = regexp_replace(t.avatar, pattern, replacement, 'g') where t.avatar ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.team_members as t set avatar = regexp_replace(t.avatar, pattern, replacement, 'g') where t.avatar ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.website_content as w
     set content = regexp_replace(w.content::text, pattern, replacement, 'g')::jsonb
   where w.content::text ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.site_settings as s set value = regexp_replace(s.value, pattern, replacement, 'g') where s.value ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  return total;
end;
$$;
comment on function public.rewrite_media_references(text, text) is
  'After the Storage API moved a media file from from_name to to_name: replaces its public and image-transformation URLs in every column that can hold one (blog_posts featured_image, author_avatar and content; clients.logo_url; testimonials.avatar; team_members.avatar; website_content.content; site_settings.value), as the caller, so the activity log and versions record each change. Returns the number of rows changed. Staff with media.write at the assurance level their account needs; refused unless to_name is a media file and from_name no longer is.';

create or replace function public.recently_deleted()
returns table (revision_id bigint, item_table text, item_id text, title text, deleted_at timestamptz, author_name text, author_role text)
language plpgsql
stable
security definer
set search_path = ''
as $$
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

create or replace function public.restore_revision(revision_id bigint)
returns text
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
comment on function public.restore_revision(bigint) is
  'Brings an item back to a stored version (or back from deletion): saved as a new version of kind restored and logged as "restored". Returns the item''s id; an unknown version is PT404 (HTTP 404). For those who may edit the item, at the assurance level their account needs.';

create or replace function public.publish_post_draft(post_id uuid, version timestamptz default null)
returns void
language plpgsql
-- The caller's own rights decide (row-level security on both tables).
security invoker
set search_path = ''
as $$
declare
  v_values jsonb;
  v_columns text;
  v_updated bigint;
begin
  if not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to publish a draft copy.';
  end if;
  select d.post_values into v_values from public.blog_post_drafts as d where d.id = publish_post_draft.post_id;
  if v_values is null then
    raise exception using errcode = 'P0002', message = 'This post has no draft copy.';
  end if;
  -- Every editable column the copy holds; identity and bookkeeping columns never come from it.
  select string_agg(pg_catalog.format('%I = r.%I', a.attname, a.attname), ', ')
    into v_columns
    from pg_catalog.pg_attribute as a
   where a.attrelid = 'public.blog_posts'::pg_catalog.regclass
     and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and a.attname not in ('id', 'created_at', 'updated_at', 'updated_by')
     and v_values ? a.attname;
  if v_columns is null then
    raise exception using errcode = '22023', message = 'The draft copy holds no field of the post.';
  end if;
  -- Naming the version the editor opened refuses the copy (40001) when someone saved the post since.
  execute pg_catalog.format(
    'update public.blog_posts as p set %s, updated_at = coalesce($2, p.updated_at)
       from pg_catalog.jsonb_populate_record(null::public.blog_posts, $1) as r
      where p.id = $3', v_columns)
    using v_values, version, post_id;
  get diagnostics v_updated = row_count;
  -- The copy stays when the post could not be changed (row-level security hid it).
  if v_updated = 0 then
    raise exception using errcode = '42501', message = 'You cannot update this post.';
  end if;
  delete from public.blog_post_drafts as d where d.id = publish_post_draft.post_id;
end;
$$;

create or replace function public.page_view_totals(days integer default 30)
returns table (day date, views bigint)
language plpgsql
stable
security invoker -- page_views' own policy decides: views.read sees figures, everyone else zeros
set search_path = ''
as $$
begin
  if not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to see the figures.';
  end if;
  return query
    select d.day::date, coalesce(sum(v.count), 0)::bigint as views
    from generate_series(current_date - (least(greatest(days, 1), 366) - 1), current_date, interval '1 day') as d(day)
    left join public.page_views as v on v.day = d.day::date
    group by d.day
    order by d.day;
end;
$$;
comment on function public.page_view_totals(integer) is
  'Page views summed per day for the last `days` days (1 to 366, today included), one row per day, zero-filled. Security invoker: only views.read may read page_views, so others get zeros; refused below the assurance level the account needs.';

-- 2. Redirects to another site are an admin's ------------------------------------------------------------

create function private.is_external_redirect(to_path text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- A path on this site is one slash followed by anything but a slash or a backslash (a browser reads
  -- /\host as //host); anything else leaves the site.
  select to_path !~ '^/([^/\\]|$)'
$$;
comment on function private.is_external_redirect(text) is
  'True when a redirect target leaves this site: anything but a slash followed by neither a slash nor a backslash.';
revoke execute on function private.is_external_redirect(text) from public, anon;
grant execute on function private.is_external_redirect(text) to authenticated, service_role;

create function private.guard_external_redirect()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A redirect off the site carries visitors (and whatever their address bar holds) elsewhere: that
  -- is a site-wide decision, like the site's settings.
  if (select auth.role()) in ('anon', 'authenticated')
     and private.is_external_redirect(new.to_path)
     and (tg_op = 'INSERT' or new.to_path is distinct from old.to_path)
     and not public.has_permission('settings.write') then
    raise exception using
      errcode = '42501',
      message = 'Only admins can redirect to another site: point the redirect to a path on this site.';
  end if;
  return new;
end;
$$;
comment on function private.guard_external_redirect() is
  'BEFORE INSERT OR UPDATE on redirects: a target on another site (private.is_external_redirect) needs settings.write (admins) when set through the API.';
revoke execute on function private.guard_external_redirect() from public, anon, authenticated;

create trigger redirects_external_needs_admin
  before insert or update on public.redirects
  for each row execute function private.guard_external_redirect();

comment on table public.redirects is
  'Redirects the web server applies before rendering: from a path of this site (lower case, no trailing slash) to a path or an http(s) URL, 301 or 302. No loops, no chains. A target on another site needs an admin (settings.write).';

-- 3. One application per CV ---------------------------------------------------------------------------------

alter table public.job_applications add constraint job_applications_cv_path_key unique (cv_path);
comment on column public.job_applications.cv_path is
  'Object name in storage bucket applications: "<uuid>/<file>.pdf|doc|docx". Unique: a CV belongs to one application, so its logged download names the right candidate.';

-- 4. Files in the activity log ----------------------------------------------------------------------------

alter table private.activity_log drop constraint activity_log_action_check;
alter table private.activity_log add constraint activity_log_action_check check (action in (
  'created', 'updated', 'deleted', 'published', 'unpublished', 'scheduled', 'restored',
  'status_changed', 'role_changed', 'settings_changed', 'exported', 'downloaded',
  'invited', 'deactivated', 'reactivated', 'two_factor_reset', 'removed'));

create function private.log_file_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_file storage.objects := case when tg_op = 'DELETE' then old else new end;
  v_changes jsonb;
  v_title text;
begin
  -- A visitor's CV upload is the application form, not staff activity; its removal or replacement is.
  if v_file.bucket_id not in ('media', 'applications') or (tg_op = 'INSERT' and v_file.bucket_id = 'applications') then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    v_changes := private.changed_fields(
      jsonb_build_object('name', old.name, 'size', old.metadata -> 'size', 'type', old.metadata -> 'mimetype', 'version', old.version),
      jsonb_build_object('name', new.name, 'size', new.metadata -> 'size', 'type', new.metadata -> 'mimetype', 'version', new.version));
    -- Bookkeeping (last access, metadata refreshed to the same values) is no event.
    if v_changes is null then
      return null;
    end if;
  end if;
  if v_file.bucket_id = 'applications' then
    select 'CV of ' || a.name into v_title from public.job_applications as a where a.cv_path in (old.name, new.name) limit 1;
  end if;
  perform private.write_activity(
    case tg_op when 'INSERT' then 'created' when 'DELETE' then 'deleted' else 'updated' end,
    case v_file.bucket_id when 'media' then 'content' else 'leads' end,
    case v_file.bucket_id when 'media' then 'media_files' else 'cv_files' end,
    v_file.id::text,
    coalesce(v_title, v_file.name),
    v_changes);
  return null;
end;
$$;
comment on function private.log_file_change() is
  'AFTER INSERT/UPDATE/DELETE on storage.objects: logs a media file added, replaced, moved or removed (area content, table media_files) and a CV replaced or removed (area leads, table cv_files), by whoever did it through the Storage API.';
revoke execute on function private.log_file_change() from public, anon, authenticated, service_role;

create trigger objects_log_file_change
  after insert or update or delete on storage.objects
  for each row execute function private.log_file_change();

-- 5. Staff account changes: only real ones, by the admin who made them -----------------------------------

create table private.staff_account_changes (
  id bigint generated always as identity primary key,
  member_id uuid not null,
  member_email text,
  action text not null check (action in ('invited', 'deactivated', 'reactivated', 'two_factor_reset', 'removed')),
  occurred_at timestamptz not null default now()
);
comment on table private.staff_account_changes is
  'Account changes Supabase Auth made (invitation, ban, lifted ban, authenticator removed, account deleted), noted by triggers, waiting for log_staff_action() to record them under the admin who asked for them. Kept ten minutes.';
alter table private.staff_account_changes enable row level security;
revoke all on table private.staff_account_changes from public, anon, authenticated, service_role;
create index staff_account_changes_member_idx on private.staff_account_changes (member_id, action, occurred_at);

create function private.note_account_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_action text;
  v_member uuid;
  v_email text;
begin
  if tg_table_name = 'mfa_factors' then
    v_action := 'two_factor_reset';
    v_member := old.user_id;
  elsif tg_op = 'DELETE' then
    v_action := 'removed';
    v_member := old.id;
    v_email := old.email;
  elsif new.invited_at is not null and (tg_op = 'INSERT' or new.invited_at is distinct from old.invited_at) then
    v_action := 'invited';
  elsif tg_op = 'UPDATE' and coalesce(new.banned_until > now(), false) and not coalesce(old.banned_until > now(), false) then
    v_action := 'deactivated';
  elsif tg_op = 'UPDATE' and coalesce(old.banned_until > now(), false) and not coalesce(new.banned_until > now(), false) then
    v_action := 'reactivated';
  end if;
  if v_action is null then
    return null;
  end if;
  if tg_table_name = 'users' and tg_op <> 'DELETE' then
    v_member := new.id;
    v_email := new.email;
  end if;
  delete from private.staff_account_changes as c where c.occurred_at < now() - interval '10 minutes';
  insert into private.staff_account_changes (member_id, member_email, action) values (v_member, v_email, v_action);
  return null;
end;
$$;
comment on function private.note_account_change() is
  'AFTER triggers on auth.users (invited, banned, ban lifted, deleted) and auth.mfa_factors (deleted): notes the change for log_staff_action().';
revoke execute on function private.note_account_change() from public, anon, authenticated, service_role;

create trigger staff_note_account_change
  after insert or update of invited_at, banned_until or delete on auth.users
  for each row execute function private.note_account_change();
create trigger staff_note_factor_removed
  after delete on auth.mfa_factors
  for each row execute function private.note_account_change();

create or replace function public.log_staff_action(action text, member_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_noted integer;
begin
  if not (public.has_permission('staff.manage') and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff managers can record staff changes.';
  end if;
  if log_staff_action.action is null or log_staff_action.action not in ('invited', 'deactivated', 'reactivated', 'two_factor_reset', 'removed') then
    raise exception using errcode = '22023', message = 'Unknown staff change.';
  end if;
  -- Each change Supabase Auth made is recorded once, and only within ten minutes of it.
  with recorded as (
    delete from private.staff_account_changes as c
     where c.member_id = log_staff_action.member_id
       and c.action = log_staff_action.action
       and c.occurred_at > now() - interval '10 minutes'
    returning c.member_email
  )
  select count(*), max(r.member_email) into v_noted, v_email from recorded as r;
  if v_noted = 0 then
    raise exception using errcode = '22023', message = 'The account does not show that change.';
  end if;
  select coalesce(u.email::text, v_email) into v_email from (select 1) as one left join auth.users as u on u.id = member_id;
  perform private.write_activity(log_staff_action.action, 'staff_settings', 'users', member_id::text, v_email);
end;
$$;
comment on function public.log_staff_action(text, uuid) is
  'Records a change the Staff screen made through the Auth admin API (invited, deactivated, reactivated, two_factor_reset, removed) as done by the calling admin: only a change Supabase Auth made to that account in the last ten minutes, and each once. Staff managers only.';
