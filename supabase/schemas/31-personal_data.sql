-- Personal data: what is held about an e-mail address, its export, erasure and retention.

CREATE FUNCTION private.erased_changes(changes jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.erased_changes(changes jsonb) IS 'The recorded changes of an erased person''s entry: the same fields, the status kept, every other value "erased".';

REVOKE ALL ON FUNCTION private.erased_changes(changes jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.erase_subject_from_log(subject text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.erase_subject_from_log(subject text) IS 'The one function allowed to change the activity log: the entries keyed with this subject are titled "erased", their recorded values replaced (private.erased_changes) and their key removed. Returns how many. Called by erase_personal_data() only.';

REVOKE ALL ON FUNCTION private.erase_subject_from_log(subject text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.personal_data(email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.personal_data(email text) IS 'Everything held about one e-mail address (trimmed, case aside; never a name or a part of an address), as one JSON object: contact messages, applications (with cv_path and the opening''s title), the newsletter subscription and the activity entries keyed with its subject, rows deleted earlier included. Logs the look-up. privacy.manage only.';


SET default_tablespace = '';

SET default_table_access_method = heap;

REVOKE ALL ON FUNCTION public.personal_data(email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.personal_data(email text) TO authenticated;
GRANT ALL ON FUNCTION public.personal_data(email text) TO service_role;

CREATE FUNCTION public.erase_personal_data(email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.erase_personal_data(email text) IS 'Erases everything held about one e-mail address (trimmed, case aside), in one transaction: its contact messages, applications and subscription, its revisions, and in the activity log the entries keyed with its subject (titled "erased", values replaced, key removed); logs the erasure with counts only. Returns the counts and cv_paths, the CVs of removed applications, which the caller removes through the Storage API once this has committed (a CV left behind goes with the unclaimed-CV sweep). privacy.manage only.';

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
