-- Every activity entry and revision about a visitor's data names that visitor by key: `subject`, the
-- keyed hash of their address (private.subject_key). Messages, applications and subscriptions are
-- the visitors' tables; a CV file and a CV download belong to their application's author. Entries
-- about content, settings and staff have no subject.
--
--   1. private.subject_of(table, row): the subject of a row of a visitor's table, else null. The
--      log's writers (log_change, log_file_change, log_personal_data_read through write_activity)
--      and a trigger on revisions set it as the entry is written, from the row as it was, so an
--      entry keeps its subject after the row is deleted (by staff, a cascade or the retention run).
--   2. Existing entries are keyed where their row still says whose they are: a row of a visitor's
--      table by its id, a subscription's entry by its title (the address), a CV file's entry
--      through the object and the application that holds it.

-- The columns -----------------------------------------------------------------------------------------

alter table private.activity_log add column subject text check (subject ~ '^[0-9a-f]{64}$');
comment on column private.activity_log.subject is
  'The visitor this entry is about (private.subject_key of their address), for entries about messages, applications, subscriptions, CV files and CV downloads; null for content, settings and staff.';
create index activity_log_subject_idx on private.activity_log (subject) where subject is not null;

alter table private.revisions add column subject text check (subject ~ '^[0-9a-f]{64}$');
comment on column private.revisions.subject is
  'The visitor a version is about (private.subject_of of its row); null for content and settings, the only items versioned today.';
create index revisions_subject_idx on private.revisions (subject) where subject is not null;

-- Whose row -------------------------------------------------------------------------------------------

create function private.subject_of(table_name text, item jsonb)
returns text
language sql
stable
set search_path = ''
as $$
  select case when table_name in ('contact_messages', 'job_applications', 'newsletter_subscribers')
    then private.subject_key(item ->> 'email')
  end
$$;
comment on function private.subject_of(text, jsonb) is
  'The subject of a row of a visitors'' table (contact_messages, job_applications, newsletter_subscribers): the key of its e-mail address; null for any other table.';
revoke execute on function private.subject_of(text, jsonb) from public, anon, authenticated, service_role;

-- Writing the log -------------------------------------------------------------------------------------

drop function private.write_activity(text, text, text, text, text, jsonb);
create function private.write_activity(action text, area text, table_name text, row_id text, title text, changes jsonb default null, subject text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function private.write_activity(text, text, text, text, text, jsonb, text) is
  'Appends one activity row for the current actor and client address; subject names the visitor it is about, if any.';
revoke execute on function private.write_activity(text, text, text, text, text, jsonb, text) from public, anon, authenticated, service_role;

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
  insert into private.activity_log (actor_id, actor_email, actor_name, actor_role, client_address, action, area, table_name, row_id, title, changes, subject)
  values (a.actor_id, a.actor_email, a.actor_name, a.actor_role, a.client_address, v_action, tg_argv[0], tg_table_name,
          coalesce(v_item ->> 'id', v_item ->> 'key', v_item ->> 'user_id'), left(private.row_title(tg_table_name, v_item), 300), v_changes,
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
comment on function private.log_change() is
  'AFTER INSERT/UPDATE/DELETE row trigger: logs the write with its verb (restored inside restore_revision, settings_changed, role_changed, created, deleted, published/unpublished when published or active flipped, scheduled when publish_at moved into the future, status_changed, else updated), title, changed fields and, for a visitor''s row, its subject. Its first argument is the area (content, leads, staff_settings); a second argument ''versioned'' also stores the version (the new row, the row before the first recorded save, or the deleted row). Generic over columns: a new column needs no change here.';

create or replace function private.log_file_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_file storage.objects := case when tg_op = 'DELETE' then old else new end;
  v_changes jsonb;
  v_title text;
  v_subject text;
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
    select 'CV of ' || a.name, private.subject_key(a.email) into v_title, v_subject
      from public.job_applications as a where a.cv_path in (old.name, new.name) limit 1;
    -- A CV's object name is the applicant's own file name: once no application holds the CV (an
    -- erasure, the clean-up of unclaimed CVs), the entry does not repeat it.
    if v_title is null then
      v_title := 'CV no application holds';
      v_changes := v_changes - 'name';
    end if;
  end if;
  perform private.write_activity(
    case tg_op when 'INSERT' then 'created' when 'DELETE' then 'deleted' else 'updated' end,
    case v_file.bucket_id when 'media' then 'content' else 'leads' end,
    case v_file.bucket_id when 'media' then 'media_files' else 'cv_files' end,
    v_file.id::text,
    coalesce(v_title, v_file.name),
    v_changes,
    v_subject);
  return null;
end;
$$;
comment on function private.log_file_change() is
  'AFTER INSERT/UPDATE/DELETE on storage.objects: logs a media file added, replaced, moved or removed (area content, table media_files) and a CV replaced or removed (area leads, table cv_files, with its applicant as subject; without the file''s name once no application holds it), by whoever did it through the Storage API.';

create or replace function public.log_personal_data_read(kind text, application_id uuid default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_title text;
  v_subject text;
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
      select 'CV of ' || a.name, private.subject_key(a.email) into v_title, v_subject
        from public.job_applications as a where a.id = application_id;
      if v_title is null then
        raise exception using errcode = 'P0002', message = 'Application not found.';
      end if;
      perform private.write_activity('downloaded', 'leads', 'job_applications', application_id::text, v_title, null, v_subject);
    else
      raise exception using errcode = '22023', message = 'Unknown kind of read.';
  end case;
end;
$$;

create function private.key_revision_subject()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.subject := private.subject_of(new.table_name, new.data);
  return new;
end;
$$;
comment on function private.key_revision_subject() is
  'BEFORE INSERT on revisions: sets the version''s subject from its row (private.subject_of).';
revoke execute on function private.key_revision_subject() from public, anon, authenticated, service_role;

create trigger revisions_subject before insert on private.revisions
  for each row execute function private.key_revision_subject();

-- Keying what is already there ---------------------------------------------------------------------------

-- The log refuses every update; keying existing entries is this migration's one-off exception.
alter table private.activity_log disable trigger activity_log_immutable;

update private.activity_log as l set subject = private.subject_key(m.email)
  from public.contact_messages as m
 where l.table_name = 'contact_messages' and l.row_id = m.id::text;
update private.activity_log as l set subject = private.subject_key(a.email)
  from public.job_applications as a
 where l.table_name = 'job_applications' and l.row_id = a.id::text;
update private.activity_log as l set subject = private.subject_key(s.email)
  from public.newsletter_subscribers as s
 where l.table_name = 'newsletter_subscribers' and l.row_id = s.id::text;
-- A subscription's entry is titled with its address, so it is keyed even when the row is gone.
update private.activity_log as l set subject = private.subject_key(l.title)
 where l.table_name = 'newsletter_subscribers' and l.subject is null and l.row_id is not null and public.is_email(l.title);
update private.activity_log as l set subject = private.subject_key(a.email)
  from storage.objects as o
  join public.job_applications as a on a.cv_path = o.name
 where l.table_name = 'cv_files' and o.bucket_id = 'applications' and l.row_id = o.id::text;

alter table private.activity_log enable trigger activity_log_immutable;
