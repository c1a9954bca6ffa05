-- Cheaper history writes: what the activity log and the revisions cost a save.
--
-- Every staff write runs the history triggers, so their cost is paid on every save. They now:
--   1. run one trigger per write: private.log_change() logs the change and, on versioned tables
--      (argument 'versioned'), also stores the version, from one JSON copy of the row, one diff and
--      one actor lookup;
--   2. are PL/pgSQL throughout, whose plans are prepared once per connection (a SQL function with
--      a fixed search_path is planned again at every call);
--   3. look up the actor (auth.users, staff roles, client address) once per transaction and claims,
--      not once per row;
--   4. trim an item's versions only when it holds more than history_settings.revisions_per_item,
--      from one read of its newest versions through revisions_item_idx.
-- What is recorded does not change.

-- Who is acting, once per transaction ----------------------------------------------------------------

drop function private.write_activity(text, text, text, text, text, jsonb);
drop function private.add_revision(text, text, text, jsonb, text[]);
drop function private.current_actor();

create function private.current_actor(
  out actor_id uuid,
  out actor_email text,
  out actor_name text,
  out actor_role text,
  out client_address text
)
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function private.current_actor() is
  'The signed-in user as the history records them: id, e-mail, name (user metadata full_name or name, else the e-mail), staff roles (without a user, the API role or "system") and the request''s client address. Looked up once per transaction and request claims; a change of staff roles looks it up again.';
revoke execute on function private.current_actor() from public, anon, authenticated, service_role;

create function private.write_activity(action text, area text, table_name text, row_id text, title text, changes jsonb default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  a record;
begin
  select * into a from private.current_actor();
  insert into private.activity_log (actor_id, actor_email, actor_name, actor_role, client_address, action, area, table_name, row_id, title, changes)
  values (a.actor_id, a.actor_email, a.actor_name, a.actor_role, a.client_address,
          write_activity.action, write_activity.area, write_activity.table_name, write_activity.row_id, left(write_activity.title, 300), write_activity.changes);
end;
$$;
comment on function private.write_activity(text, text, text, text, text, jsonb) is
  'Appends one activity row for the current actor and client address.';
revoke execute on function private.write_activity(text, text, text, text, text, jsonb) from public, anon, authenticated, service_role;

create function private.add_revision(table_name text, row_id text, kind text, data jsonb, changed_fields text[], replaced jsonb default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function private.add_revision(text, text, text, jsonb, text[], jsonb) is
  'Stores a version of an item for the current actor, first the version it replaces (`replaced`) when the item has none yet, and keeps the item at history_settings.revisions_per_item versions.';
revoke execute on function private.add_revision(text, text, text, jsonb, text[], jsonb) from public, anon, authenticated, service_role;

-- What changed ----------------------------------------------------------------------------------------

create or replace function private.summarize(value jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text;
begin
  if value is null then
    return null;
  end if;
  v_text := coalesce(value #>> '{}', value::text);
  if char_length(v_text) <= 200 then
    return value;
  end if;
  -- Long text keeps its first words without markup and its length; the full text is in revisions.
  return to_jsonb(left(btrim(regexp_replace(regexp_replace(v_text, '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g')), 160)
    || '… (' || char_length(v_text) || ' characters)');
end;
$$;

create or replace function private.changed_fields(before jsonb, after jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- updated_at and updated_by move on every save (who saved is the entry's actor) and client_key is
  -- the flood limit's: none of them is a change. One pass over the columns; only the changed ones
  -- are summarized.
  return (
    select jsonb_object_agg(coalesce(a.key, b.key),
                            jsonb_build_object('before', private.summarize(b.value), 'after', private.summarize(a.value))
                            order by coalesce(a.key, b.key))
      from jsonb_each(coalesce(after, '{}')) as a
      full join jsonb_each(coalesce(before, '{}')) as b on b.key = a.key
     where coalesce(a.key, b.key) not in ('updated_at', 'updated_by', 'client_key')
       and a.value is distinct from b.value);
end;
$$;

create or replace function private.row_title(table_name text, item jsonb)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
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

-- One trigger per write ------------------------------------------------------------------------------

create or replace function private.log_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
  insert into private.activity_log (actor_id, actor_email, actor_name, actor_role, client_address, action, area, table_name, row_id, title, changes)
  values (a.actor_id, a.actor_email, a.actor_name, a.actor_role, a.client_address, v_action, tg_argv[0], tg_table_name,
          coalesce(v_item ->> 'id', v_item ->> 'key', v_item ->> 'user_id'), left(private.row_title(tg_table_name, v_item), 300), v_changes);

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
comment on function private.log_change() is
  'AFTER INSERT/UPDATE/DELETE row trigger: logs the write with its verb (restored inside restore_revision, settings_changed, role_changed, created, deleted, published/unpublished when published or active flipped, scheduled when publish_at moved into the future, status_changed, else updated), title and changed fields. Its first argument is the area (content, leads, staff_settings); a second argument ''versioned'' also stores the version (the new row, the row before the first recorded save, or the deleted row). Generic over columns: a new column needs no change here.';

-- Versioned tables: the log trigger stores the versions too.
drop trigger blog_posts_revision on public.blog_posts;
drop trigger solutions_revision on public.solutions;
drop trigger website_content_revision on public.website_content;
drop trigger job_openings_revision on public.job_openings;
drop function private.keep_revision();
drop function private.change_verb(text, text, jsonb, jsonb);
drop function private.row_key(jsonb);

drop trigger blog_posts_log on public.blog_posts;
create trigger blog_posts_log after insert or update or delete on public.blog_posts
  for each row execute function private.log_change('content', 'versioned');
drop trigger solutions_log on public.solutions;
create trigger solutions_log after insert or update or delete on public.solutions
  for each row execute function private.log_change('content', 'versioned');
drop trigger website_content_log on public.website_content;
create trigger website_content_log after insert or update or delete on public.website_content
  for each row execute function private.log_change('content', 'versioned');
drop trigger job_openings_log on public.job_openings;
create trigger job_openings_log after insert or update or delete on public.job_openings
  for each row execute function private.log_change('content', 'versioned');

-- Site settings: the version before the first recorded save is looked for only before a statement,
-- the snapshot taken only after it.
create or replace function private.keep_settings_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_last jsonb;
  v_now jsonb;
  v_changes jsonb;
begin
  if tg_when = 'BEFORE' then
    if not exists (select 1 from private.revisions as r where r.table_name = 'site_settings' and r.row_id = 'site') then
      v_now := private.settings_snapshot();
      if v_now <> '{}'::jsonb then
        insert into private.revisions (table_name, row_id, kind, data, author_role, created_at)
        values ('site_settings', 'site', 'original', v_now, 'system',
                coalesce((select max(s.updated_at) from public.site_settings as s), now()));
      end if;
    end if;
    return null;
  end if;
  v_last := (select r.data from private.revisions as r
              where r.table_name = 'site_settings' and r.row_id = 'site' order by r.id desc limit 1);
  v_now := private.settings_snapshot();
  v_changes := private.changed_fields(v_last, v_now);
  if v_changes is not null then
    perform private.add_revision('site_settings', 'site',
      case when current_setting('history.action', true) = 'restored' then 'restored' when v_last is null then 'created' else 'saved' end,
      v_now, array(select k from jsonb_object_keys(v_changes) as k order by k));
  end if;
  return null;
end;
$$;

-- Retention: also trims items that hold more versions than the limit (after the limit is lowered;
-- a save only ever removes the one version that falls out).
create or replace function private.apply_history_retention()
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function private.apply_history_retention() is
  'Removes activity older than history_settings.activity_retention_days (default 400), every version of an item deleted more than deleted_item_days ago (default 30) and not brought back, and the versions of an item beyond its newest revisions_per_item (default 50). Run daily: by the local backend, and by pg_cron on a hosted project.';

-- The client address without a subtransaction for a plain IPv4 address (the usual case): the cast
-- of anything else stays guarded.
create or replace function private.client_address(forwarded_for text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_entries text[] := string_to_array(forwarded_for, ',');
  v_entry text;
  v_address inet;
  v_leftmost text;
  v_hops integer := 0;
begin
  if forwarded_for is null then
    return null;
  end if;
  for i in reverse coalesce(array_length(v_entries, 1), 0) .. 1 loop
    v_entry := btrim(v_entries[i]);
    continue when v_entry = '';
    v_hops := v_hops + 1;
    -- Only a trusted proxy makes a chain longer than this; stop believing it there.
    exit when v_hops > 32;
    if v_entry ~ '^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$' then
      v_address := v_entry::inet;
    else
      begin
        v_address := v_entry::inet;
      exception when others then
        -- Not an address, written by no proxy we trust: as far as we can tell, the client.
        return left(v_entry, 100);
      end;
    end if;
    if not exists (select 1 from private.trusted_proxies as p where v_address <<= p.network) then
      return host(v_address);
    end if;
    v_leftmost := host(v_address);
  end loop;
  -- Every hop is a trusted proxy: the request came from one of them.
  return v_leftmost;
end;
$$;
