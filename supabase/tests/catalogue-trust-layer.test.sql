-- The trust layer: every staff function refuses a session below its account's assurance level (all
-- of them, found in the catalogue, so a new one cannot forget); a redirect to another site needs an
-- admin; a CV belongs to one application; files and staff account changes reach the activity log
-- with their real actor and only when they happened; an unknown version is a 404.
begin;
select plan(25);

select tests.create_identities();
insert into auth.users (id, email) values
  ('29000000-0000-4000-8000-000000000001', 'pgtap29-admin-factor@example.test'),
  ('29000000-0000-4000-8000-000000000002', 'pgtap29-editor@example.test'),
  ('29000000-0000-4000-8000-000000000003', 'pgtap29-recruiter@example.test'),
  ('29000000-0000-4000-8000-000000000004', 'pgtap29-staff@example.test');
insert into public.staff_roles (user_id, role) values
  ('29000000-0000-4000-8000-000000000001', 'admin'),
  ('29000000-0000-4000-8000-000000000002', 'editor'),
  ('29000000-0000-4000-8000-000000000003', 'recruiter'),
  ('29000000-0000-4000-8000-000000000004', 'sales');
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret) values
  (gen_random_uuid(), '29000000-0000-4000-8000-000000000001', 'Phone', 'totp', 'verified', now(), now(), 'SECRET');

-- Every staff function refuses at aal1 ------------------------------------------------------------------

-- Functions the API offers signed-in callers that are not staff work: visitors' own paths, checks of
-- a value, and questions about the caller themself (which the two-factor step itself needs).
create function tests.not_staff_functions() returns text[] language sql immutable as $$
  select array[
    'current_staff', 'has_permission', 'has_required_aal', 'has_role', 'is_admin',
    'is_cv_object_name', 'is_email', 'is_feature_list', 'is_own_unclaimed_cv', 'is_safe_url',
    'is_valid_site_setting', 'is_valid_stats_content', 'job_opening_accepts_applications', 'job_opening_state',
    'post_preview', 'release_preview', 'record_page_view', 'subscribe_newsletter',
    'confirm_newsletter', 'unsubscribe_newsletter', 'privacy_notice_version']
$$;

-- Calls each other public function an authenticated caller may execute, with null arguments, and
-- answers the ones that did not refuse with 42501 (name: sqlstate or "ran").
create function tests.staff_functions_open_at_current_level() returns text[] language plpgsql as $$
declare
  f record;
  open text[] := '{}';
begin
  for f in
    select p.proname,
           (select coalesce(string_agg('null::' || t::text, ', '), '') from unnest(p.proargtypes::oid[]::regtype[]) as t) as args
    from pg_catalog.pg_proc as p
    where p.pronamespace = 'public'::regnamespace
      and p.prokind = 'f'
      and p.prorettype <> 'pg_catalog.trigger'::regtype
      and pg_catalog.has_function_privilege('authenticated', p.oid, 'execute')
      and p.proname <> all (tests.not_staff_functions())
      -- pgTAP's own functions, where it is installed in public
      and not exists (select 1 from pg_catalog.pg_depend as d where d.objid = p.oid and d.deptype = 'e')
    order by p.proname
  loop
    begin
      execute pg_catalog.format('select * from public.%I(%s)', f.proname, f.args);
      open := open || (f.proname || ': ran');
    exception
      when insufficient_privilege then null;
      when others then open := open || (f.proname || ': ' || sqlstate);
    end;
  end loop;
  return open;
end
$$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

select cmp_ok(
  (select count(*)::int from pg_catalog.pg_proc as p
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
      and pg_catalog.has_function_privilege('authenticated', p.oid, 'execute')
      and p.proname <> all (tests.not_staff_functions())
      and not exists (select 1 from pg_catalog.pg_depend as d where d.objid = p.oid and d.deptype = 'e')),
  '>=', 14, 'the catalogue lists the staff functions (at least the fourteen there are today)');

select tests.act_as('authenticated', '29000000-0000-4000-8000-000000000001', '{"aal": "aal1"}');
select is(tests.staff_functions_open_at_current_level(), '{}'::text[],
  'every staff function refuses an admin with a verified factor at aal1 (42501)');

select tests.act_as_owner();
update public.site_settings set value = 'true' where key = 'staff_require_two_factor';
select tests.act_as('authenticated', '29000000-0000-4000-8000-000000000002', '{"aal": "aal1"}');
select is(tests.staff_functions_open_at_current_level(), '{}'::text[],
  'and an editor without a factor at aal1 once two-factor is required for all staff');
select tests.act_as_owner();
update public.site_settings set value = 'false' where key = 'staff_require_two_factor';

select tests.act_as('authenticated', '29000000-0000-4000-8000-000000000001', '{"aal": "aal1"}');
select throws_ok($$ select * from public.media_usage() $$, '42501', 'Only staff who manage media can see where files are used.',
  'media_usage refuses aal1 (draft titles stay hidden)');
select throws_ok($$ select public.rewrite_media_references('a.png', 'b.png') $$, '42501', 'Only staff who manage media can rename or move files.',
  'rewrite_media_references refuses aal1');
select tests.act_as('authenticated', '29000000-0000-4000-8000-000000000001', '{"aal": "aal2"}');
select lives_ok($$ select * from public.media_usage() $$, 'the same admin at aal2 reads where media is used');

-- Redirects to another site ------------------------------------------------------------------------------

select tests.act_as('authenticated', '29000000-0000-4000-8000-000000000002');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/pgtap29-out', 'https://elsewhere.example/page') $$,
  '42501', 'Only admins can redirect to another site: point the redirect to a path on this site.',
  'an editor cannot add a redirect to another site');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/pgtap29-slash', '/\elsewhere.example') $$,
  '42501', 'Only admins can redirect to another site: point the redirect to a path on this site.',
  'nor to /\host, which a browser reads as another site');
select lives_ok($$ insert into public.redirects (from_path, to_path) values ('/pgtap29-in', '/about') $$,
  'an editor adds a redirect to a path on this site');
select throws_ok($$ update public.redirects set to_path = 'https://elsewhere.example/' where from_path = '/pgtap29-in' $$,
  '42501', 'Only admins can redirect to another site: point the redirect to a path on this site.',
  'nor turn one into a redirect to another site');
select tests.act_as('authenticated', tests.admin_id());
select lives_ok($$ insert into public.redirects (from_path, to_path) values ('/pgtap29-out', 'https://elsewhere.example/page') $$,
  'an admin adds a redirect to another site');
select tests.act_as('authenticated', '29000000-0000-4000-8000-000000000002');
select lives_ok($$ update public.redirects set status_code = 302 where from_path = '/pgtap29-out' $$,
  'an editor may still change its type, not its target');
select lives_ok($$ delete from public.redirects where from_path = '/pgtap29-out' $$, 'or remove it');

-- A CV belongs to one application --------------------------------------------------------------------------

select tests.act_as_owner();
insert into public.job_openings (id, title, department, location, type, description, active)
values ('29a00000-0000-4000-8000-000000000001', 'PGTAP29 opening', 'Eng', 'Lagos', 'Full-time', 'x', true);
insert into public.job_applications (id, job_opening_id, name, email, cv_path)
values ('29b00000-0000-4000-8000-000000000001', '29a00000-0000-4000-8000-000000000001', 'Real Candidate', 'real@example.com',
        '29c00000-0000-4000-8000-000000000001/cv.pdf');
insert into storage.objects (bucket_id, name, metadata) values
  ('applications', '29c00000-0000-4000-8000-000000000001/cv.pdf', '{"size": 10, "mimetype": "application/pdf"}');
select tests.act_as_anon();
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('29a00000-0000-4000-8000-000000000001', 'Decoy', 'decoy@example.com', '29c00000-0000-4000-8000-000000000001/cv.pdf') $$,
  '23505', null, 'no second application (a decoy) can name a CV another application holds');

-- Files in the activity log -------------------------------------------------------------------------------

select tests.act_as('authenticated', '29000000-0000-4000-8000-000000000002');
insert into storage.objects (bucket_id, name, metadata, owner) values
  ('media', 'pgtap29/photo.png', '{"size": 10, "mimetype": "image/png"}', '29000000-0000-4000-8000-000000000002');
update storage.objects set metadata = '{"size": 20, "mimetype": "image/png"}' where bucket_id = 'media' and name = 'pgtap29/photo.png';
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'media' and name = 'pgtap29/photo.png' $$);
select tests.act_as('authenticated', '29000000-0000-4000-8000-000000000003');
-- A recruiter's token changes no CV object, even with the download logged; the service role (the web
-- server) replaces and removes one, and that is logged too.
select public.log_personal_data_read('cv_download', '29b00000-0000-4000-8000-000000000001');
update storage.objects set metadata = '{"size": 40, "mimetype": "application/pdf"}' where bucket_id = 'applications' and name = '29c00000-0000-4000-8000-000000000001/cv.pdf';
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'applications' and name = '29c00000-0000-4000-8000-000000000001/cv.pdf' $$);
select tests.act_as('service_role');
update storage.objects set metadata = '{"size": 30, "mimetype": "application/pdf"}' where bucket_id = 'applications' and name = '29c00000-0000-4000-8000-000000000001/cv.pdf';
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'applications' and name = '29c00000-0000-4000-8000-000000000001/cv.pdf' $$);
select tests.act_as_owner();
select results_eq(
  $$ select action, area, table_name, title, coalesce(actor_email, actor_role) from private.activity_log
      where table_name in ('media_files', 'cv_files') order by id $$,
  $$ values ('created', 'content', 'media_files', 'pgtap29/photo.png', 'pgtap29-editor@example.test'),
            ('updated', 'content', 'media_files', 'pgtap29/photo.png', 'pgtap29-editor@example.test'),
            ('deleted', 'content', 'media_files', 'pgtap29/photo.png', 'pgtap29-editor@example.test'),
            ('updated', 'leads', 'cv_files', 'CV of Real Candidate', 'service_role'),
            ('deleted', 'leads', 'cv_files', 'CV of Real Candidate', 'service_role') $$,
  'adding, replacing and removing a media file are logged under the staff member; a recruiter''s token changes no CV; the service role''s changes are logged');
select is((select changes -> 'size' from private.activity_log where table_name = 'media_files' and action = 'updated'),
  '{"after": 20, "before": 10}'::jsonb, 'a replacement records what changed');
select tests.act_as_anon();
insert into storage.objects (bucket_id, name, metadata) values ('applications', '29c00000-0000-4000-8000-000000000002/cv.pdf', '{}');
select tests.act_as_owner();
select is((select count(*)::int from private.activity_log where table_name = 'cv_files' and action = 'created'), 0,
  'a visitor''s CV upload is the form, not staff activity');

-- Staff account changes: only real ones, once, by the admin ------------------------------------------------

select tests.act_as('authenticated', tests.admin_id());
select throws_ok($$ select public.log_staff_action('two_factor_reset', '29000000-0000-4000-8000-000000000004') $$,
  '22023', 'The account does not show that change.', 'a two-factor reset of an account that never lost a factor cannot be recorded');
select throws_ok($$ select public.log_staff_action('deactivated', '29000000-0000-4000-8000-000000000004') $$,
  '22023', 'The account does not show that change.', 'nor a deactivation that did not happen');
select tests.act_as_owner();
update auth.users set banned_until = now() + interval '100 years' where id = '29000000-0000-4000-8000-000000000004';
select tests.act_as('authenticated', tests.admin_id());
select lives_ok($$ select public.log_staff_action('deactivated', '29000000-0000-4000-8000-000000000004') $$,
  'a deactivation Supabase Auth just made is recorded');
select throws_ok($$ select public.log_staff_action('deactivated', '29000000-0000-4000-8000-000000000004') $$,
  '22023', 'The account does not show that change.', 'once: recording it again is refused');
select tests.act_as_owner();
update auth.users set banned_until = null where id = '29000000-0000-4000-8000-000000000004';
delete from auth.users where id = '29000000-0000-4000-8000-000000000004';
select tests.act_as('authenticated', tests.admin_id());
select lives_ok($$ select public.log_staff_action('removed', '29000000-0000-4000-8000-000000000004') $$,
  'a removal is recorded after the account is gone');
select results_eq(
  $$ select action, title, actor_email from public.activity_feed(in_area => 'staff_settings', by_actor => tests.admin_id()) where table_name = 'users' $$,
  $$ values ('removed', 'pgtap29-staff@example.test', 'pgtap-admin@example.test'),
            ('deactivated', 'pgtap29-staff@example.test', 'pgtap-admin@example.test') $$,
  'the removal and the deactivation carry the admin who made them and the member''s address');

-- An unknown version ---------------------------------------------------------------------------------------

select throws_ok($$ select public.restore_revision(-1) $$, 'PT404', 'Version not found.',
  'restoring an unknown version is PT404 (HTTP 404), not a server error');
select tests.act_as('authenticated', '29000000-0000-4000-8000-000000000001', '{"aal": "aal1"}');
select throws_ok($$ select public.restore_revision(-1) $$, '42501', null,
  'at aal1 the refusal comes first, before any lookup');

select * from finish();
rollback;
