-- One's own activity and the Staff screen's account changes: every staff member reads their own
-- recent activity and nobody else's; invitations, deactivations, reactivations, two-factor resets
-- and role changes are in the activity log under the admin who made them, in the staff and settings
-- area, and only a change the account went through can be recorded.
begin;
select plan(17);

select tests.create_identities();
insert into auth.users (id, email, raw_user_meta_data) values
  ('28000000-0000-4000-8000-000000000001', 'pgtap-editor@example.test', '{"full_name": "Eve Editor"}'),
  ('28000000-0000-4000-8000-000000000002', 'pgtap-sales@example.test', '{}');
insert into auth.users (id, email, invited_at) values
  ('28000000-0000-4000-8000-000000000003', 'pgtap-invited@example.test', now());
insert into public.staff_roles (user_id, role) values
  ('28000000-0000-4000-8000-000000000001', 'editor'),
  ('28000000-0000-4000-8000-000000000002', 'sales');

create function tests.act_as_editor() returns void language sql
  as $$ select tests.act_as('authenticated', '28000000-0000-4000-8000-000000000001') $$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- One's own activity ---------------------------------------------------------------------------------
select tests.act_as_admin();
update public.clients set name = 'Admin renamed' where id = (select id from public.clients order by name limit 1);
select tests.act_as_editor();
update public.clients set name = 'Editor renamed' where id = (select id from public.clients order by name desc limit 1);
insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name)
values ('pgtap-own', 'Own post', 'x', '<p>x</p>', 'Test', '/images/x.png', 'Tester');

select results_eq(
  $$ select action, table_name, title, actor_name from public.my_activity() $$,
  $$ values ('created', 'blog_posts', 'Own post', 'Eve Editor'), ('updated', 'clients', 'Editor renamed', 'Eve Editor') $$,
  'an editor reads their own activity, newest first, and nothing of the admin''s');
select is((select count(*)::int from public.my_activity(max_rows => 1)), 1, 'as many rows as asked for');
select tests.act_as_admin();
select is((select string_agg(title, ',') from public.my_activity()), 'Admin renamed', 'the admin reads only their own');
select tests.act_as('authenticated', '28000000-0000-4000-8000-000000000002');
select is_empty($$ select * from public.my_activity() $$, 'a staff member who changed nothing reads nothing');
select tests.act_as_member();
select throws_ok($$ select * from public.my_activity() $$, '42501', 'Only staff can read their own activity.', 'an account without a staff role is refused');
select tests.act_as_anon();
select throws_ok($$ select * from public.my_activity() $$, '42501', null, 'a visitor is refused');

-- Staff changes ---------------------------------------------------------------------------------------
select tests.act_as_owner();
update auth.users set banned_until = now() + interval '100 years' where id = '28000000-0000-4000-8000-000000000002';
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values ('28f00000-0000-4000-8000-000000000001', '28000000-0000-4000-8000-000000000001', 'Phone', 'totp', 'verified', now(), now(), 'SECRET');
delete from auth.mfa_factors where id = '28f00000-0000-4000-8000-000000000001';
select tests.act_as_admin();
select lives_ok($$ select public.log_staff_action('invited', '28000000-0000-4000-8000-000000000003') $$, 'an admin records an invitation');
select lives_ok($$ select public.log_staff_action('deactivated', '28000000-0000-4000-8000-000000000002') $$, 'a deactivation');
select lives_ok($$ select public.log_staff_action('two_factor_reset', '28000000-0000-4000-8000-000000000001') $$, 'a two-factor reset');
update public.staff_roles set role = 'recruiter' where user_id = '28000000-0000-4000-8000-000000000001';

select results_eq(
  $$ select action, title, actor_email from public.activity_feed(in_area => 'staff_settings') order by id::bigint desc limit 4 $$,
  $$ values ('role_changed', 'pgtap-editor@example.test', 'pgtap-admin@example.test'),
            ('two_factor_reset', 'pgtap-editor@example.test', 'pgtap-admin@example.test'),
            ('deactivated', 'pgtap-sales@example.test', 'pgtap-admin@example.test'),
            ('invited', 'pgtap-invited@example.test', 'pgtap-admin@example.test') $$,
  'the Activity screen''s staff and settings area lists each change as its verb, by the admin');
select results_eq(
  $$ select action from public.activity_feed(by_action => 'deactivated') limit 1 $$, array['deactivated'],
  'and filters by that verb');

select throws_ok($$ select public.log_staff_action('reactivated', '28000000-0000-4000-8000-000000000002') $$,
  '22023', 'The account does not show that change.', 'a reactivation of a banned account cannot be recorded');
select throws_ok($$ select public.log_staff_action('deactivated', '28000000-0000-4000-8000-000000000001') $$,
  '22023', 'The account does not show that change.', 'nor a deactivation of an active one');
select throws_ok($$ select public.log_staff_action('invited', tests.admin_id()) $$,
  '22023', 'The account does not show that change.', 'nor an invitation of an account never invited');
select throws_ok($$ select public.log_staff_action('renamed', '28000000-0000-4000-8000-000000000001') $$,
  '22023', 'Unknown staff change.', 'nor a change the function does not know');
select tests.act_as_editor();
select throws_ok($$ select public.log_staff_action('two_factor_reset', '28000000-0000-4000-8000-000000000002') $$,
  '42501', 'Only staff managers can record staff changes.', 'a staff member who does not manage staff cannot record one');
select tests.act_as_owner();
update auth.users set banned_until = null where id = '28000000-0000-4000-8000-000000000002';
select tests.act_as_admin();
select lives_ok($$ select public.log_staff_action('reactivated', '28000000-0000-4000-8000-000000000002') $$, 'a reactivation once the ban is lifted');

select * from finish();
rollback;
