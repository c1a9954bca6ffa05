-- A personal-data request finds exactly one person: the rows whose address equals the requested one
-- (trimmed, case aside) and the history entries keyed with its subject. Never a name, never a part
-- of an address: a namesake, a post titled like a person, or a longer address that contains this one
-- is someone else. The subject also finds the entries of rows deleted earlier (by staff or the
-- retention run), so an erasure reaches them.
--
-- The erasure is one transaction: the rows go, the subject's entries are titled "erased" with their
-- recorded values replaced (a status kept) and no longer keyed, its revisions go, and one entry with
-- counts records it. The caller removes the CV files it names only after that commits.

drop function private.erase_from_activity_log(text, text[], text[], text[]);
drop function private.names_person(private.activity_log, text, text[], text[], text[]);
drop function private.person_of(text);

-- The log refuses every change, except deleting a row older than the retention period and what an
-- erasure does to the entries of the one subject it erases: their title and recorded changes
-- rewritten and their key removed.
create or replace function private.refuse_activity_rewrite()
returns trigger
language plpgsql
set search_path = ''
as $$
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
comment on function private.refuse_activity_rewrite() is
  'BEFORE UPDATE/DELETE/TRUNCATE on activity_log: refuses every change, except deleting a row older than the retention period and private.erase_subject_from_log() rewriting the entries of the subject it erases.';

create function private.erased_changes(changes jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  -- {field: {before, after}} keeps its fields and the status; every other recorded value, whatever
  -- characters it holds, becomes "erased".
  select jsonb_object_agg(f.key,
    case
      when f.key = 'status' then f.value
      when jsonb_typeof(f.value) = 'object' then
        (select jsonb_object_agg(v.key, case when v.value = 'null'::jsonb then v.value else to_jsonb('erased'::text) end)
           from jsonb_each(f.value) as v)
      else to_jsonb('erased'::text)
    end)
  from jsonb_each(changes) as f
$$;
comment on function private.erased_changes(jsonb) is
  'The recorded changes of an erased person''s entry: the same fields, the status kept, every other value "erased".';
revoke execute on function private.erased_changes(jsonb) from public, anon, authenticated, service_role;

create function private.erase_subject_from_log(subject text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  perform set_config('privacy.erasing', subject, true);
  update private.activity_log as l
     set title = 'erased', changes = private.erased_changes(l.changes), subject = null
   where l.subject = erase_subject_from_log.subject;
  get diagnostics v_count = row_count;
  perform set_config('privacy.erasing', '', true);
  return v_count;
end;
$$;
comment on function private.erase_subject_from_log(text) is
  'The one function allowed to change the activity log: the entries keyed with this subject are titled "erased", their recorded values replaced (private.erased_changes) and their key removed. Returns how many. Called by erase_personal_data() only.';
revoke execute on function private.erase_subject_from_log(text) from public, anon, authenticated, service_role;

-- Looking up and exporting ----------------------------------------------------------------------------------

create or replace function public.personal_data(email text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_address text := lower(btrim(personal_data.email));
  v_subject text;
  v_result jsonb;
begin
  if not (public.has_permission('privacy.manage') and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff who handle personal-data requests can do this.';
  end if;
  if not coalesce(public.is_email(v_address), false) then
    raise exception using errcode = '22023', message = 'Please enter a valid e-mail address.';
  end if;
  v_subject := private.subject_key(v_address);

  v_result := jsonb_build_object(
    'email', v_address,
    'contact_messages', coalesce((
      select jsonb_agg(to_jsonb(m) - 'client_key' order by m.created_at)
      from public.contact_messages as m where lower(btrim(m.email)) = v_address), '[]'),
    'job_applications', coalesce((
      select jsonb_agg(to_jsonb(a) - 'client_key' || jsonb_build_object('job_title', j.title) order by a.created_at)
      from public.job_applications as a left join public.job_openings as j on j.id = a.job_opening_id
      where lower(btrim(a.email)) = v_address), '[]'),
    'newsletter_subscription', (
      select to_jsonb(s) - 'confirmation_token_hash' - 'unsubscribe_token'
      from public.newsletter_subscribers as s where s.email = v_address),
    'activity', coalesce((
      select jsonb_agg(jsonb_build_object('occurred_at', l.occurred_at, 'action', l.action, 'table', l.table_name,
        'title', l.title, 'changes', l.changes, 'by', l.actor_name) order by l.occurred_at, l.id)
      from private.activity_log as l where l.subject = v_subject), '[]'));

  -- The lookup is itself a read of personal data; its entry does not repeat whose.
  perform private.write_activity('exported', 'leads', 'personal_data', null, 'Personal data request (look-up or export)');
  return v_result;
end;
$$;
comment on function public.personal_data(text) is
  'Everything held about one e-mail address (trimmed, case aside; never a name or a part of an address), as one JSON object: contact messages, applications (with cv_path and the opening''s title), the newsletter subscription and the activity entries keyed with its subject, rows deleted earlier included. Logs the look-up. privacy.manage only.';

-- Erasing ------------------------------------------------------------------------------------------------

create or replace function public.erase_personal_data(email text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_address text := lower(btrim(erase_personal_data.email));
  v_subject text;
  v_cv_paths text[];
  v_messages integer;
  v_applications integer;
  v_subscriptions integer;
  v_entries integer;
  v_counts jsonb;
begin
  if not (public.has_permission('privacy.manage') and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff who handle personal-data requests can do this.';
  end if;
  if not coalesce(public.is_email(v_address), false) then
    raise exception using errcode = '22023', message = 'Please enter a valid e-mail address.';
  end if;
  v_subject := private.subject_key(v_address);

  -- The rows go quietly (this is no staff change row by row); the erasure logs one entry below.
  perform set_config('privacy.quiet', 'on', true);
  delete from public.contact_messages as m where lower(btrim(m.email)) = v_address;
  get diagnostics v_messages = row_count;
  with gone as (
    delete from public.job_applications as a where lower(btrim(a.email)) = v_address returning a.cv_path
  )
  select coalesce(array_agg(cv_path), '{}'), count(*) into v_cv_paths, v_applications from gone;
  delete from public.newsletter_subscribers as s where s.email = v_address;
  get diagnostics v_subscriptions = row_count;
  perform set_config('privacy.quiet', '', true);

  v_entries := private.erase_subject_from_log(v_subject);
  delete from private.revisions as r where r.subject = v_subject;

  v_counts := jsonb_build_object('contact_messages', v_messages, 'job_applications', v_applications,
    'newsletter_subscriptions', v_subscriptions, 'activity_entries', v_entries);
  perform private.write_activity('deleted', 'leads', 'personal_data', null,
    format('Personal data erased on request: %s messages, %s applications, %s subscriptions; %s activity entries rewritten',
      v_messages, v_applications, v_subscriptions, v_entries),
    jsonb_build_object('erased', jsonb_build_object('before', null, 'after', v_counts)));
  return v_counts || jsonb_build_object('cv_paths', to_jsonb(v_cv_paths));
end;
$$;
comment on function public.erase_personal_data(text) is
  'Erases everything held about one e-mail address (trimmed, case aside), in one transaction: its contact messages, applications and subscription, its revisions, and in the activity log the entries keyed with its subject (titled "erased", values replaced, key removed); logs the erasure with counts only. Returns the counts and cv_paths, the CVs of removed applications, which the caller removes through the Storage API once this has committed (a CV left behind goes with the unclaimed-CV sweep). privacy.manage only.';
