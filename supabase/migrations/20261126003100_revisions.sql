-- Revisions with restore: every save of a blog post, solution, website content section, job opening
-- and the site settings keeps a version (the whole row as JSON, its author and time), so an editor
-- can see what an item said before and bring it back. A trigger writes them, so no screen can skip
-- it. The last history_settings.revisions_per_item versions (default 50) of each item are kept; a
-- deleted post, solution or job opening keeps its last version for history_settings.deleted_item_days
-- (default 30) and can be brought back from "Recently deleted".

create table private.revisions (
  id bigint generated always as identity primary key,
  table_name text not null check (table_name in ('blog_posts', 'solutions', 'website_content', 'job_openings', 'site_settings')),
  row_id text not null,
  kind text not null check (kind in ('created', 'saved', 'restored', 'deleted', 'original')),
  data jsonb not null,
  changed_fields text[] not null default '{}',
  author_id uuid,
  author_email text,
  author_name text,
  author_role text,
  created_at timestamptz not null default now()
);
comment on table private.revisions is
  'Versions of editable content: one row per save (kind created, saved, restored), the version before the first recorded save (original) and the last version of a deleted item (deleted). data is the whole row as JSON (for site_settings: {key: value} of every setting, row_id "site"). Read through public.item_revisions().';

alter table private.revisions enable row level security;
revoke all on table private.revisions from public, anon, authenticated, service_role;

create index revisions_item_idx on private.revisions (table_name, row_id, id desc);
create index revisions_deleted_idx on private.revisions (created_at desc) where kind = 'deleted';

create function private.add_revision(table_name text, row_id text, kind text, data jsonb, changed_fields text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.revisions (table_name, row_id, kind, data, changed_fields, author_id, author_email, author_name, author_role)
  select add_revision.table_name, add_revision.row_id, add_revision.kind, add_revision.data, coalesce(add_revision.changed_fields, '{}'),
         a.actor_id, a.actor_email, a.actor_name, a.actor_role
  from private.current_actor() as a;

  -- Keep the newest N versions of the item.
  delete from private.revisions as r
   where r.table_name = add_revision.table_name and r.row_id = add_revision.row_id
     and r.id < (select k.id from private.revisions as k
                  where k.table_name = add_revision.table_name and k.row_id = add_revision.row_id
                  order by k.id desc
                  offset (select s.revisions_per_item - 1 from private.history_settings as s) limit 1);
end;
$$;
comment on function private.add_revision(text, text, text, jsonb, text[]) is
  'Stores a version of an item for the current actor and trims the item to history_settings.revisions_per_item versions.';
revoke execute on function private.add_revision(text, text, text, jsonb, text[]) from public, anon, authenticated, service_role;

create function private.keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_after jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_id text := coalesce(v_after, v_before) ->> 'id';
  v_changes jsonb;
  v_restoring boolean := current_setting('history.action', true) = 'restored';
begin
  if tg_op = 'DELETE' then
    perform private.add_revision(tg_table_name, v_id, 'deleted', v_before, '{}');
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform private.add_revision(tg_table_name, v_id, case when v_restoring then 'restored' else 'created' end, v_after, '{}');
    return null;
  end if;
  v_changes := private.changed_fields(v_before, v_after);
  if v_changes is null then
    return null;
  end if;
  -- Content that predates the history (the seed, an import) keeps the version this save replaces.
  if not exists (select 1 from private.revisions as r where r.table_name = tg_table_name and r.row_id = v_id) then
    insert into private.revisions (table_name, row_id, kind, data, author_role, created_at)
    values (tg_table_name, v_id, 'original', v_before, 'system', coalesce((v_before ->> 'updated_at')::timestamptz, now()));
  end if;
  perform private.add_revision(tg_table_name, v_id, case when v_restoring then 'restored' else 'saved' end, v_after,
    array(select k from jsonb_object_keys(v_changes) as k order by k));
  return null;
end;
$$;
comment on function private.keep_revision() is
  'AFTER INSERT/UPDATE/DELETE row trigger on versioned content: stores the new version of each save (with the changed fields), the version before the first recorded save, and the last version of a deleted row.';
revoke execute on function private.keep_revision() from public, anon, authenticated, service_role;

create trigger blog_posts_revision after insert or update or delete on public.blog_posts
  for each row execute function private.keep_revision();
create trigger solutions_revision after insert or update or delete on public.solutions
  for each row execute function private.keep_revision();
create trigger website_content_revision after insert or update or delete on public.website_content
  for each row execute function private.keep_revision();
create trigger job_openings_revision after insert or update or delete on public.job_openings
  for each row execute function private.keep_revision();

-- Site settings are one item: "Save All Settings" writes every key in one statement.
create function private.settings_snapshot()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(s.key, s.value order by s.key), '{}'::jsonb) from public.site_settings as s
$$;
comment on function private.settings_snapshot() is 'Every site setting as one JSON object {key: value}: the site settings'' version.';
revoke execute on function private.settings_snapshot() from public, anon, authenticated, service_role;

create function private.keep_settings_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_last jsonb := (select r.data from private.revisions as r
                    where r.table_name = 'site_settings' and r.row_id = 'site' order by r.id desc limit 1);
  v_now jsonb := private.settings_snapshot();
  v_changes jsonb;
begin
  if tg_when = 'BEFORE' then
    if v_last is null and v_now <> '{}'::jsonb then
      insert into private.revisions (table_name, row_id, kind, data, author_role, created_at)
      values ('site_settings', 'site', 'original', v_now, 'system',
              coalesce((select max(s.updated_at) from public.site_settings as s), now()));
    end if;
    return null;
  end if;
  v_changes := private.changed_fields(v_last, v_now);
  if v_changes is not null then
    perform private.add_revision('site_settings', 'site',
      case when current_setting('history.action', true) = 'restored' then 'restored' when v_last is null then 'created' else 'saved' end,
      v_now, array(select k from jsonb_object_keys(v_changes) as k order by k));
  end if;
  return null;
end;
$$;
comment on function private.keep_settings_revision() is
  'BEFORE/AFTER statement trigger on site_settings: before the first recorded save keeps the settings as they were; after each statement that changed a value stores all settings as one version.';
revoke execute on function private.keep_settings_revision() from public, anon, authenticated, service_role;

create trigger site_settings_revision_before before insert or update or delete on public.site_settings
  for each statement execute function private.keep_settings_revision();
create trigger site_settings_revision after insert or update or delete on public.site_settings
  for each statement execute function private.keep_settings_revision();

-- Reading and restoring ----------------------------------------------------------------------------------

create function private.may_use_versions(item_table text)
returns boolean
language sql
stable
set search_path = ''
as $$
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
comment on function private.may_use_versions(text) is
  'True when the caller may read and restore versions of items of this table: the permission that edits them (posts.write, content.write, jobs.write, settings.write) and two-factor where required.';
revoke execute on function private.may_use_versions(text) from public, anon;
grant execute on function private.may_use_versions(text) to authenticated, service_role;

create function private.require_versions(item_table text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.may_use_versions(item_table) then
    raise exception using errcode = '42501', message = 'You cannot read or restore versions of these items.';
  end if;
end;
$$;
comment on function private.require_versions(text) is 'Raises 42501 unless the caller may use versions of this table: the check of every history rpc.';
revoke execute on function private.require_versions(text) from public, anon;
grant execute on function private.require_versions(text) to authenticated, service_role;

create function public.item_revisions(item_table text, item_id text)
returns table (
  id bigint,
  kind text,
  data jsonb,
  changed_fields text[],
  author_email text,
  author_name text,
  author_role text,
  created_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_versions(item_table);
  return query
    select r.id, r.kind, r.data, r.changed_fields, r.author_email, r.author_name, r.author_role, r.created_at
    from private.revisions as r
    where r.table_name = item_table and r.row_id = item_id
    order by r.id desc;
end;
$$;
comment on function public.item_revisions(text, text) is
  'Versions of one item, newest first (blog_posts, solutions, website_content, job_openings by id; site_settings with id "site"), for those who may edit them.';
revoke execute on function public.item_revisions(text, text) from public, anon;
grant execute on function public.item_revisions(text, text) to authenticated, service_role;

create function public.recently_deleted()
returns table (revision_id bigint, item_table text, item_id text, title text, deleted_at timestamptz, author_name text, author_role text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
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
comment on function public.recently_deleted() is
  'Posts, solutions and job openings deleted within history_settings.deleted_item_days and not brought back, newest first, with the version to restore, of the kinds the caller may edit.';
revoke execute on function public.recently_deleted() from public, anon;
grant execute on function public.recently_deleted() to authenticated, service_role;

create function public.restore_revision(revision_id bigint)
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
  select * into v_rev from private.revisions as r where r.id = revision_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'Version not found.';
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
  'Brings an item back to a stored version (or back from deletion): saved as a new version of kind restored and logged as "restored". Returns the item''s id. For those who may edit the item.';
revoke execute on function public.restore_revision(bigint) from public, anon;
grant execute on function public.restore_revision(bigint) to authenticated, service_role;

-- Retention: the log's rule, plus versions of items deleted longer ago than deleted_item_days.
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
end;
$$;
comment on function private.apply_history_retention() is
  'Removes activity older than history_settings.activity_retention_days (default 400) and every version of an item deleted more than deleted_item_days ago (default 30) and not brought back. Run daily: by the local backend, and by pg_cron on a hosted project.';
