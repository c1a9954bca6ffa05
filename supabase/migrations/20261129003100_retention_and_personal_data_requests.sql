-- How long personal data is kept, applied by itself, and what staff answer a person who asks for
-- their data or its erasure.
--
--   1. Retention periods per kind of data are site settings (days, shown on the privacy page):
--      contact messages, applications with their CVs, applications whose author agreed to be kept
--      for future roles, and unsubscribed addresses. Unconfirmed sign-ups go after 7 days.
--      apply_personal_data_retention() (service role; the web server runs it daily) removes what is
--      older, logs one entry with the counts, and names the CVs whose applications went so the web
--      server removes them through the Storage API. Page views hold no personal data (a path, a day
--      and a count), so they have no period.
--   2. Permission privacy.manage (admins by default): personal_data(email) gathers everything held
--      about an address (messages, applications and their CV names, subscription, and the activity
--      entries that name the person); erase_personal_data(email) removes the rows and rewrites the
--      name and address in those activity entries to "erased" through
--      private.erase_from_activity_log(), the one function allowed to change the log, and logs that
--      an erasure happened without the personal data.

-- Retention settings -----------------------------------------------------------------------------------

insert into public.site_settings (key, value) values
  ('retention_contact_messages_days', '730'),
  ('retention_applications_days', '180'),
  ('retention_future_roles_days', '730'),
  ('retention_unsubscribed_days', '30')
on conflict (key) do nothing;

alter table public.site_settings
  add constraint site_settings_retention_fits check (
    case
      when key in ('retention_contact_messages_days', 'retention_applications_days', 'retention_future_roles_days',
                   'retention_unsubscribed_days')
        then value ~ '^[0-9]{1,4}$' and value::integer between 1 and 3650
      else true
    end
  );

create function private.retention_days(setting text, fallback integer)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.value::integer from public.site_settings as s where s.key = setting and s.value ~ '^[0-9]{1,4}$'), fallback)
$$;
comment on function private.retention_days(text, integer) is 'A retention setting in days, or the fallback when it is missing.';
revoke execute on function private.retention_days(text, integer) from public, anon, authenticated, service_role;

create function public.apply_personal_data_retention()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_messages integer;
  v_applications integer;
  v_unsubscribed integer;
  v_unconfirmed integer;
  v_cvs text[];
  v_counts jsonb;
begin
  -- Row by row these are no staff activity; the run logs one entry with the counts.
  perform set_config('privacy.quiet', 'on', true);

  delete from public.contact_messages as m
  where m.created_at < now() - make_interval(days => private.retention_days('retention_contact_messages_days', 730));
  get diagnostics v_messages = row_count;

  with gone as (
    delete from public.job_applications as a
    where a.created_at < now() - make_interval(days => case when a.keep_for_future_roles
      then private.retention_days('retention_future_roles_days', 730)
      else private.retention_days('retention_applications_days', 180) end)
    returning a.cv_path
  )
  select coalesce(array_agg(cv_path), '{}'), count(*) into v_cvs, v_applications from gone;

  delete from public.newsletter_subscribers as s
  where s.status = 'unsubscribed'
    and coalesce(s.unsubscribed_at, s.updated_at) < now() - make_interval(days => private.retention_days('retention_unsubscribed_days', 30));
  get diagnostics v_unsubscribed = row_count;

  delete from public.newsletter_subscribers as s
  where s.status = 'pending' and s.signed_up_at < now() - interval '7 days';
  get diagnostics v_unconfirmed = row_count;

  perform set_config('privacy.quiet', '', true);

  v_counts := jsonb_build_object('contact_messages', v_messages, 'job_applications', v_applications,
    'unsubscribed_addresses', v_unsubscribed, 'unconfirmed_sign_ups', v_unconfirmed);
  perform private.write_activity('deleted', 'leads', 'personal_data', null,
    format('Retention: %s messages, %s applications, %s unsubscribed and %s unconfirmed addresses removed',
      v_messages, v_applications, v_unsubscribed, v_unconfirmed),
    jsonb_build_object('removed', jsonb_build_object('before', null, 'after', v_counts)));
  return v_counts || jsonb_build_object('cv_paths', to_jsonb(v_cvs));
end;
$$;
comment on function public.apply_personal_data_retention() is
  'Removes contact messages, applications, unsubscribed addresses and unconfirmed sign-ups older than their retention settings, logs one activity entry with the counts, and returns the counts and cv_paths: the CVs of removed applications, for the caller to remove through the Storage API. Service role only (the web server, daily).';
revoke execute on function public.apply_personal_data_retention() from public, anon, authenticated;
grant execute on function public.apply_personal_data_retention() to service_role;

-- The permission ---------------------------------------------------------------------------------------

insert into public.permissions (name, description) values
  ('privacy.manage', 'Answer personal-data requests: see, export and erase everything held about an e-mail address.')
on conflict (name) do nothing;
insert into public.role_permissions (role, permission) values ('admin', 'privacy.manage')
on conflict do nothing;

-- What names a person ----------------------------------------------------------------------------------

create function private.person_of(email text, out address text, out names text[], out row_ids text[], out cv_paths text[])
language sql
stable
security definer
set search_path = ''
as $$
  -- The address as stored (lower-cased for subscribers, as typed elsewhere: compared without case),
  -- every name given with it, and the ids and CVs of the rows that hold it.
  with person as (select lower(btrim(email)) as address),
  messages as (select m.id::text as id, btrim(m.first_name || ' ' || m.last_name) as name from public.contact_messages as m, person where lower(m.email) = person.address),
  applications as (select a.id::text as id, a.name, a.cv_path from public.job_applications as a, person where lower(a.email) = person.address),
  subscriptions as (select s.id::text as id from public.newsletter_subscribers as s, person where s.email = person.address)
  select person.address,
    coalesce((select array_agg(distinct n) from (select name as n from messages union select name from applications) as x where n <> ''), '{}'),
    coalesce((select array_agg(id) from (select id from messages union all select id from applications union all select id from subscriptions) as y), '{}'),
    coalesce((select array_agg(cv_path) from applications), '{}')
  from person
$$;
comment on function private.person_of(text) is
  'For an e-mail address: the address lower-cased, the names given with it, the ids of the rows that hold it and the CV object names of its applications.';
revoke execute on function private.person_of(text) from public, anon, authenticated, service_role;

create function private.names_person(l private.activity_log, address text, names text[], row_ids text[], cv_paths text[])
returns boolean
language sql
stable
set search_path = ''
as $$
  -- An entry about one of the person's rows or CVs, titled with their address, name or CV, or whose
  -- recorded changes mention their address.
  select (l.table_name in ('contact_messages', 'job_applications', 'newsletter_subscribers') and l.row_id = any (row_ids))
      or lower(l.title) = address
      or l.title = any (names)
      or l.title = any (select 'CV of ' || n from unnest(names) as n)
      or l.title = any (cv_paths)
      or position(address in lower(coalesce(l.changes::text, ''))) > 0
$$;
comment on function private.names_person(private.activity_log, text, text[], text[], text[]) is
  'True when an activity entry names the person: it is about one of their rows or CVs, its title is their address, name or CV, or its changes mention their address.';
revoke execute on function private.names_person(private.activity_log, text, text[], text[], text[]) from public, anon, authenticated, service_role;

-- Looking up and exporting ----------------------------------------------------------------------------------

create function public.personal_data(email text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  p record;
  v_result jsonb;
begin
  if not (public.has_permission('privacy.manage') and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff who handle personal-data requests can do this.';
  end if;
  if not coalesce(public.is_email(btrim(email)), false) then
    raise exception using errcode = '22023', message = 'Please enter a valid e-mail address.';
  end if;
  select * into p from private.person_of(email);

  v_result := jsonb_build_object(
    'email', p.address,
    'contact_messages', coalesce((
      select jsonb_agg(to_jsonb(m) - 'client_key' order by m.created_at)
      from public.contact_messages as m where lower(m.email) = p.address), '[]'),
    'job_applications', coalesce((
      select jsonb_agg(to_jsonb(a) - 'client_key' || jsonb_build_object('job_title', j.title) order by a.created_at)
      from public.job_applications as a left join public.job_openings as j on j.id = a.job_opening_id
      where lower(a.email) = p.address), '[]'),
    'newsletter_subscription', (
      select to_jsonb(s) - 'confirmation_token_hash' - 'unsubscribe_token'
      from public.newsletter_subscribers as s where s.email = p.address),
    'activity', coalesce((
      select jsonb_agg(jsonb_build_object('occurred_at', l.occurred_at, 'action', l.action, 'table', l.table_name,
        'title', l.title, 'changes', l.changes, 'by', l.actor_name) order by l.occurred_at, l.id)
      from private.activity_log as l
      where private.names_person(l, p.address, p.names, p.row_ids, p.cv_paths)), '[]'));

  -- The lookup is itself a read of personal data; its entry does not repeat whose.
  perform private.write_activity('exported', 'leads', 'personal_data', null, 'Personal data request (look-up or export)');
  return v_result;
end;
$$;
comment on function public.personal_data(text) is
  'Everything held about an e-mail address, as one JSON object: contact messages, applications (with cv_path and the opening''s title), the newsletter subscription and the activity entries that name the person. Logs the look-up. privacy.manage only.';
revoke execute on function public.personal_data(text) from public, anon;
grant execute on function public.personal_data(text) to authenticated, service_role;

-- Erasing ------------------------------------------------------------------------------------------------

-- The log refuses every change, except what the erasure function rewrites while it runs: the title
-- and the recorded changes of entries, nothing else.
create or replace function private.refuse_activity_rewrite()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and old.occurred_at < now() - make_interval(days => (select s.activity_retention_days from private.history_settings as s)) then
    return old;
  end if;
  if tg_op = 'UPDATE' and current_setting('privacy.erasing', true) = 'on'
     and (to_jsonb(new) - 'title' - 'changes') = (to_jsonb(old) - 'title' - 'changes') then
    return new;
  end if;
  raise exception using errcode = '42501', message = 'The activity log cannot be changed.';
end;
$$;
comment on function private.refuse_activity_rewrite() is
  'BEFORE UPDATE/DELETE/TRUNCATE on activity_log: refuses every change, except deleting a row older than the retention period and the title/changes rewrite of private.erase_from_activity_log().';

create function private.erase_from_activity_log(address text, names text[], row_ids text[], cv_paths text[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
  v_mention text;
  v_pattern text;
begin
  perform set_config('privacy.erasing', 'on', true);
  update private.activity_log as l
  set title = 'erased'
  where private.names_person(l, address, names, row_ids, cv_paths);
  get diagnostics v_count = row_count;
  -- Each mention (longest first, so a name inside a CV name goes with it) as it is written inside
  -- JSON text, matched without case, every other character taken literally.
  for v_mention in
    select m from unnest(array[address] || names || cv_paths) as m where coalesce(m, '') <> '' order by char_length(m) desc
  loop
    v_pattern := regexp_replace(btrim(to_jsonb(v_mention)::text, '"'), '([^[:alnum:] ])', '\\\1', 'g');
    update private.activity_log as l
    set changes = regexp_replace(l.changes::text, v_pattern, 'erased', 'gi')::jsonb
    where l.changes is not null and l.changes::text ~* v_pattern;
  end loop;
  perform set_config('privacy.erasing', '', true);
  return v_count;
end;
$$;
comment on function private.erase_from_activity_log(text, text[], text[], text[]) is
  'The one function allowed to change the activity log: titles the entries that name a person "erased" and replaces their address, names and CV names in recorded changes with "erased". Called by erase_personal_data() only.';
revoke execute on function private.erase_from_activity_log(text, text[], text[], text[]) from public, anon, authenticated, service_role;

create function public.erase_personal_data(email text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  p record;
  v_messages integer;
  v_applications integer;
  v_subscriptions integer;
  v_entries integer;
  v_counts jsonb;
begin
  if not (public.has_permission('privacy.manage') and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff who handle personal-data requests can do this.';
  end if;
  if not coalesce(public.is_email(btrim(email)), false) then
    raise exception using errcode = '22023', message = 'Please enter a valid e-mail address.';
  end if;
  select * into p from private.person_of(email);

  perform set_config('privacy.quiet', 'on', true);
  delete from public.contact_messages as m where lower(m.email) = p.address;
  get diagnostics v_messages = row_count;
  delete from public.job_applications as a where lower(a.email) = p.address;
  get diagnostics v_applications = row_count;
  delete from public.newsletter_subscribers as s where s.email = p.address;
  get diagnostics v_subscriptions = row_count;
  perform set_config('privacy.quiet', '', true);

  v_entries := private.erase_from_activity_log(p.address, p.names, p.row_ids, p.cv_paths);

  v_counts := jsonb_build_object('contact_messages', v_messages, 'job_applications', v_applications,
    'newsletter_subscriptions', v_subscriptions, 'activity_entries', v_entries);
  perform private.write_activity('deleted', 'leads', 'personal_data', null,
    format('Personal data erased on request: %s messages, %s applications, %s subscriptions; %s activity entries rewritten',
      v_messages, v_applications, v_subscriptions, v_entries),
    jsonb_build_object('erased', jsonb_build_object('before', null, 'after', v_counts)));
  return v_counts || jsonb_build_object('cv_paths', to_jsonb(p.cv_paths));
end;
$$;
comment on function public.erase_personal_data(text) is
  'Erases everything held about an e-mail address: its contact messages, applications and subscription, and its name, address and CV names in the activity log (rewritten to "erased"); logs the erasure with counts only. Returns the counts and cv_paths, the CVs of removed applications, which the caller removes through the Storage API (a CV left behind goes with the unclaimed-CV sweep). privacy.manage only.';
revoke execute on function public.erase_personal_data(text) from public, anon;
grant execute on function public.erase_personal_data(text) to authenticated, service_role;
