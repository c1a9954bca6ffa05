-- Personal data: what is held about an e-mail address, its export, erasure and retention.

CREATE FUNCTION private.person_of(email text, OUT address text, OUT names text[], OUT row_ids text[], OUT cv_paths text[]) RETURNS record
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.person_of(email text, OUT address text, OUT names text[], OUT row_ids text[], OUT cv_paths text[]) IS 'For an e-mail address: the address lower-cased, the names given with it, the ids of the rows that hold it and the CV object names of its applications.';

REVOKE ALL ON FUNCTION private.person_of(email text, OUT address text, OUT names text[], OUT row_ids text[], OUT cv_paths text[]) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.personal_data(email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.personal_data(email text) IS 'Everything held about an e-mail address, as one JSON object: contact messages, applications (with cv_path and the opening''s title), the newsletter subscription and the activity entries that name the person. Logs the look-up. privacy.manage only.';

REVOKE ALL ON FUNCTION public.personal_data(email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.personal_data(email text) TO authenticated;
GRANT ALL ON FUNCTION public.personal_data(email text) TO service_role;

CREATE FUNCTION public.erase_personal_data(email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.erase_personal_data(email text) IS 'Erases everything held about an e-mail address: its contact messages, applications and subscription, and its name, address and CV names in the activity log (rewritten to "erased"); logs the erasure with counts only. Returns the counts and cv_paths, the CVs of removed applications, which the caller removes through the Storage API (a CV left behind goes with the unclaimed-CV sweep). privacy.manage only.';

REVOKE ALL ON FUNCTION public.erase_personal_data(email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.erase_personal_data(email text) TO authenticated;
GRANT ALL ON FUNCTION public.erase_personal_data(email text) TO service_role;

CREATE FUNCTION public.apply_personal_data_retention() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.apply_personal_data_retention() IS 'Removes contact messages, applications, unsubscribed addresses and unconfirmed sign-ups older than their retention settings, logs one activity entry with the counts, and returns the counts and cv_paths: the CVs of removed applications, for the caller to remove through the Storage API. Service role only (the web server, daily).';

REVOKE ALL ON FUNCTION public.apply_personal_data_retention() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.apply_personal_data_retention() TO service_role;
