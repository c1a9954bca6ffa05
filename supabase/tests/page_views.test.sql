-- public.page_views: written only by record_page_view(); page_view_totals() for the dashboard, for
-- those who may read views.
begin;
select plan(17);

select throws_ok($$ insert into public.page_views (path, count) values ('about', 1) $$,
  '23514', 'new row for relation "page_views" violates check constraint "page_views_path_check"', 'a page path not starting with / is refused');

select tests.act_as_owner();

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

-- record_page_view ---------------------------------------------------------------------------------------------
select tests.act_as_anon();

select lives_ok($$ select public.record_page_view('/about') $$, 'anon records a page view');

select public.record_page_view('/about');

select public.record_page_view('/about?utm_source=mail#team');

select public.record_page_view('/contact');

select throws_ok($$ select public.record_page_view('pgtap/about') $$,
  '22023', 'Invalid page path.', 'a path not starting with / is refused');

select throws_ok($$ select public.record_page_view('/' || repeat('a', 512)) $$,
  '22023', 'Invalid page path.', 'a path over 512 characters is refused');

select throws_ok($$ select public.record_page_view('/with space') $$,
  '22023', 'Invalid page path.', 'a path with whitespace is refused');

select throws_ok($$ select public.record_page_view(null) $$,
  '22023', 'Invalid page path.', 'a missing path is refused');

select throws_ok($$ select * from public.page_views $$,
  '42501', 'permission denied for table page_views', 'anon cannot read page views');

select throws_ok($$ insert into public.page_views (path, count) values ('/pgtap/fake', 1000000) $$,
  '42501', 'permission denied for table page_views', 'anon cannot write page views directly');

select tests.act_as_member();

select is_empty($$ select 1 from public.page_views $$, 'a non-admin reads no page views');

select throws_ok($$ update public.page_views set count = 0 $$,
  '42501', 'permission denied for table page_views', 'a non-admin cannot change page views');

select tests.act_as_admin();

select results_eq(
  $$ select path || '=' || count from public.page_views where path in ('/about', '/contact') and day = current_date order by path $$,
  array['/about=3', '/contact=1'],
  'an admin reads the daily counts; query string and fragment do not split them');

select throws_ok($$ delete from public.page_views $$,
  '42501', 'permission denied for table page_views', 'even an admin cannot rewrite the counts');

select tests.act_as_owner();

-- The dashboard's totals below count these rows alone.
delete from public.page_views;
insert into public.page_views (path, day, count) values
  ('/', current_date, 5), ('/careers', current_date, 2), ('/', current_date - 3, 4), ('/', current_date - 40, 100);

select tests.act_as_admin();

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

select * from finish();
rollback;
