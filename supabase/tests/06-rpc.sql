-- The rpc functions: subscribe_newsletter, record_page_view, swap_team_member_order, has_role and
-- is_admin; and page_views, which only record_page_view may write.
begin;
select plan(31);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

-- has_role / is_admin -------------------------------------------------------------------------------------
select tests.act_as_admin();
select ok(public.is_admin(), 'is_admin() is true for an admin');
select ok(public.has_role('admin') and not public.has_role('editor'), 'has_role() answers per role');
select tests.act_as_member();
select ok(not public.is_admin(), 'is_admin() is false for a signed-in non-admin');
select tests.act_as_anon();
select ok(not public.is_admin(), 'is_admin() is false for anon');

-- subscribe_newsletter --------------------------------------------------------------------------------------
select tests.act_as_anon();
select lives_ok($$ select public.subscribe_newsletter('  PGTAP.New@Example.COM ') $$, 'anon subscribes');
select lives_ok($$ select public.subscribe_newsletter('pgtap.new@example.com') $$, 'subscribing again is not an error');
select is(public.subscribe_newsletter('pgtap.NEW@example.com')::text, '', 'the answer reveals nothing (no row, no flag)');
select throws_ok($$ select public.subscribe_newsletter('not-an-email') $$,
  '22023', 'Please enter a valid e-mail address.', 'a malformed address is refused with a clear message');
select throws_ok($$ select public.subscribe_newsletter(null) $$,
  '22023', 'Please enter a valid e-mail address.', 'a missing address is refused with a clear message');

select tests.act_as_owner();
select results_eq($$ select email || ':' || status from public.newsletter_subscribers where email like 'pgtap.new@%' $$,
  array['pgtap.new@example.com:pending'], 'one lower-cased row, pending until its link is opened');
update public.newsletter_subscribers set status = 'unsubscribed' where email = 'pgtap.new@example.com';

select tests.act_as_member();
select lives_ok($$ select public.subscribe_newsletter('PGTAP.new@example.com') $$, 'a signed-in user subscribes too');
select tests.act_as_owner();
select results_eq($$ select status from public.newsletter_subscribers where email = 'pgtap.new@example.com' $$,
  array['pending'], 'signing up again after unsubscribing asks for confirmation again');

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

-- swap_team_member_order --------------------------------------------------------------------------------------
select tests.act_as_owner();
insert into public.team_members (id, name, position, bio, avatar, order_index) values
  ('a3000000-0000-4000-8000-000000000001', 'PGTAP First', 'CEO', 'b', '/a.png', 971),
  ('a3000000-0000-4000-8000-000000000002', 'PGTAP Second', 'CTO', 'b', '/b.png', 972);

select tests.act_as_anon();
select throws_ok(
  $$ select public.swap_team_member_order('a3000000-0000-4000-8000-000000000001', 'a3000000-0000-4000-8000-000000000002') $$,
  '42501', 'permission denied for function swap_team_member_order', 'anon cannot reorder the team');
select tests.act_as_member();
select throws_ok(
  $$ select public.swap_team_member_order('a3000000-0000-4000-8000-000000000001', 'a3000000-0000-4000-8000-000000000002') $$,
  '42501', 'Only content editors can reorder team members.', 'a non-admin cannot reorder the team');

select tests.act_as_admin();
select lives_ok(
  $$ select public.swap_team_member_order('a3000000-0000-4000-8000-000000000001', 'a3000000-0000-4000-8000-000000000002') $$,
  'an admin swaps two members');
select results_eq(
  $$ select name || '=' || order_index from public.team_members where name like 'PGTAP %' order by order_index $$,
  array['PGTAP Second=971', 'PGTAP First=972'], 'the two members exchanged places');
select lives_ok($$ set constraints public.team_members_order_index_key immediate $$,
  'after the swap no two members share a place');
set constraints public.team_members_order_index_key deferred;
select throws_ok(
  $$ select public.swap_team_member_order('a3000000-0000-4000-8000-000000000001', 'a3000000-0000-4000-8000-000000000001') $$,
  '22023', 'Two different team members are needed to swap places.', 'swapping a member with itself is refused');
select throws_ok(
  $$ select public.swap_team_member_order('a3000000-0000-4000-8000-000000000001', 'a3000000-0000-4000-8000-000000000099') $$,
  'P0002', 'Team member not found.', 'swapping with an unknown member is refused');
select results_eq(
  $$ select name || '=' || order_index from public.team_members where name like 'PGTAP %' order by order_index $$,
  array['PGTAP Second=971', 'PGTAP First=972'], 'a refused swap changes nothing');

select * from finish();
rollback;
