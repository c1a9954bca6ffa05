-- What migration 20261122002000 adds for the back office: the application status steps, site
-- setting values checked against their key (so 'Save All Settings' is all or nothing), and
-- page_view_totals for the dashboard.
begin;
select plan(17);

select tests.create_identities();
insert into public.job_openings (id, title, location, department, description) values
  ('e6000000-0000-4000-8000-000000000001', 'PGTAP Open', 'Lagos', 'Engineering', '<p>Role.</p>');
insert into public.job_applications (id, job_opening_id, name, email, cv_path) values
  ('e3000000-0000-4000-8000-000000000001', 'e6000000-0000-4000-8000-000000000001', 'Applicant',
   'applicant@example.com', '7d0f1d7e-3c49-4a0e-9d0a-1f4c1b2a3e4f/cv.pdf');
insert into public.page_views (path, day, count) values
  ('/', current_date, 5), ('/careers', current_date, 2), ('/', current_date - 3, 4), ('/', current_date - 40, 100);

-- Application status ------------------------------------------------------------------------------
select tests.act_as_admin();
select lives_ok($$ update public.job_applications set status = 'reviewing' $$, 'an admin moves an application to reviewing');
select lives_ok($$ update public.job_applications set status = 'hired' $$, 'an admin marks an application hired');
select throws_ok($$ update public.job_applications set status = 'reviewed' $$,
  '23514', null, 'the old value reviewed is refused');
select throws_ok($$ update public.job_applications set status = 'archived' $$,
  '23514', null, 'an unknown status is refused');

-- Site settings values ----------------------------------------------------------------------------
select lives_ok($$ update public.site_settings set value = '#A1b2C3' where key = 'primary_color' $$, 'a hex colour is accepted');
select throws_ok($$ update public.site_settings set value = 'blue' where key = 'primary_color' $$,
  '23514', null, 'a colour that is not #rrggbb is refused');
select throws_ok($$ update public.site_settings set value = 'not-an-email' where key = 'contact_email' $$,
  '23514', null, 'a contact e-mail that is not an address is refused');
select throws_ok($$ update public.site_settings set value = 'javascript:alert(1)' where key = 'linkedin_url' $$,
  '23514', null, 'a link with a script scheme is refused');
select lives_ok($$ update public.site_settings set value = '' where key = 'github_url' $$, 'a link may be emptied');
select lives_ok($$ insert into public.site_settings (key, value) values ('office_hours_note', 'Mon-Fri 8-18, closed on public holidays') $$, 'free-text keys take any text');
select throws_ok(
  $$ insert into public.site_settings (key, value) values ('company_name', 'Half Saved'), ('secondary_color', 'nope')
     on conflict (key) do update set value = excluded.value $$,
  '23514', null, 'one bad value refuses the whole multi-row upsert');
select results_eq($$ select value from public.site_settings where key = 'company_name' $$,
  $$ values ('Ledgerfield Technologies'::text) $$, 'and no row of it was saved');

-- page_view_totals --------------------------------------------------------------------------------
select results_eq($$ select count(*)::int from public.page_view_totals(30) $$, $$ values (30) $$, 'one row per day for 30 days');
select results_eq($$ select views from public.page_view_totals(30) where day = current_date $$,
  $$ values (7::bigint) $$, 'today sums every path');
select results_eq($$ select sum(views)::bigint from public.page_view_totals(30) $$,
  $$ values (11::bigint) $$, 'days outside the window are left out');

select tests.act_as_member();
select results_eq($$ select sum(views)::bigint from public.page_view_totals(30) $$,
  $$ values (0::bigint) $$, 'a non-admin sees only zeros');

select tests.act_as_anon();
select throws_ok($$ select * from public.page_view_totals(30) $$, '42501', null, 'visitors cannot call it');

select tests.act_as_owner();
select * from finish();
rollback;
