-- Two-factor, enforced by the database: a staff member with a verified factor must be at aal2 (the
-- token's aal claim, forged here) for anything staff do; the site setting staff_require_two_factor
-- makes aal2 mandatory for every staff member. Visitors are not touched.
begin;
select plan(32);

-- The shared helpers (tests.act_as, tests.allowed, …) come from 00-helpers.sql.
-- A staff member's request at an assurance level (the token's aal claim).
create function tests.act_as_staff(user_id uuid, aal text) returns void language sql as $$
  select tests.act_as('authenticated', user_id, jsonb_build_object('aal', aal))
$$;
grant execute on function tests.act_as_staff(uuid, text) to anon, authenticated;

-- An admin with a verified factor, an admin without one, an editor whose factor is not verified yet,
-- sales with a verified factor.
insert into auth.users (id, email) values
  ('18000000-0000-4000-8000-000000000001', 'pgtap18-admin-factor@example.test'),
  ('18000000-0000-4000-8000-000000000002', 'pgtap18-admin@example.test'),
  ('18000000-0000-4000-8000-000000000003', 'pgtap18-editor@example.test'),
  ('18000000-0000-4000-8000-000000000004', 'pgtap18-sales@example.test');
insert into public.staff_roles (user_id, role) values
  ('18000000-0000-4000-8000-000000000001', 'admin'),
  ('18000000-0000-4000-8000-000000000002', 'admin'),
  ('18000000-0000-4000-8000-000000000003', 'editor'),
  ('18000000-0000-4000-8000-000000000004', 'sales');
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret) values
  (gen_random_uuid(), '18000000-0000-4000-8000-000000000001', 'Phone', 'totp', 'verified', now(), now(), 'SECRET'),
  (gen_random_uuid(), '18000000-0000-4000-8000-000000000003', 'Phone', 'totp', 'unverified', now(), now(), 'SECRET'),
  (gen_random_uuid(), '18000000-0000-4000-8000-000000000004', 'Phone', 'totp', 'verified', now(), now(), 'SECRET');

insert into public.contact_messages (first_name, last_name, email, message)
values ('PGTAP18', 'Visitor', 'pgtap18@example.com', 'A lead.');
insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, published)
values ('pgtap18-draft', 'Draft', 'Excerpt', '<p>Body</p>', 'Test', '/images/x.png', 'Tester', false);
insert into public.team_members (id, name, position, bio, avatar, order_index) values
  ('18a00000-0000-4000-8000-000000000001', 'PGTAP18 First', 'CEO', 'Bio', '/a.png', 1801),
  ('18a00000-0000-4000-8000-000000000002', 'PGTAP18 Second', 'CTO', 'Bio', '/b.png', 1802);
insert into storage.objects (bucket_id, name, metadata) values ('media', 'pgtap18/existing.png', '{}');

-- Every staff policy has its two-factor companion ----------------------------------------------------
select is_empty(
  $$ select p.schemaname || '.' || p.tablename || ' ' || p.cmd || ': ' || p.policyname
       from pg_policies as p
      where p.permissive = 'PERMISSIVE' and 'authenticated' = any (p.roles)
        and p.schemaname in ('public', 'storage')
        and coalesce(p.qual, '') || coalesce(p.with_check, '') ~ '(has_permission|is_admin|has_role)\('
        and not exists (
          select 1 from pg_policies as r
           where r.schemaname = p.schemaname and r.tablename = p.tablename and r.cmd = p.cmd
             and r.permissive = 'RESTRICTIVE' and 'authenticated' = any (r.roles)
             and coalesce(r.qual, '') || coalesce(r.with_check, '') like '%has_required_aal()%') $$,
  'every staff policy has a restrictive two-factor policy for the same command');

-- A verified factor means aal2 ------------------------------------------------------------------------
select tests.act_as_staff('18000000-0000-4000-8000-000000000001', 'aal1');
select ok(public.is_admin(), 'at aal1 the admin with a factor still holds the role');
select is_empty($$ select 1 from public.contact_messages where email = 'pgtap18@example.com' $$,
  'but at aal1 reads no contact message');
select is_empty($$ select 1 from public.blog_posts where slug = 'pgtap18-draft' $$, 'nor a draft');
select is_empty($$ select 1 from public.site_settings where key = 'staff_require_two_factor' $$, 'nor a back-office setting');
select is_empty($$ select 1 from storage.objects where bucket_id = 'media' $$, 'nor the media files');
select throws_ok($$ insert into public.clients (name) values ('PGTAP18 Client') $$,
  '42501', null, 'and cannot add content');
select ok(not tests.allowed($$ update public.site_settings set value = 'Changed' where key = 'company_tagline' $$),
  'nor change a setting');
select ok(not tests.allowed($$ delete from public.contact_messages where email = 'pgtap18@example.com' $$),
  'nor remove a lead');
select throws_ok($$ insert into storage.objects (bucket_id, name, owner, metadata) values ('media', 'pgtap18/new.png', auth.uid(), '{}') $$,
  '42501', null, 'nor upload a file');
select throws_ok($$ select public.swap_team_member_order('18a00000-0000-4000-8000-000000000001', '18a00000-0000-4000-8000-000000000002') $$,
  '42501', 'Sign in with your two-factor code to reorder team members.', 'nor reorder the team');
select throws_ok($$ select * from public.page_view_totals(30) $$, '42501', 'Sign in with your two-factor code to see the figures.',
  'nor reads the view figures');

select tests.act_as_staff('18000000-0000-4000-8000-000000000001', 'aal2');
select isnt_empty($$ select 1 from public.contact_messages where email = 'pgtap18@example.com' $$,
  'at aal2 the admin reads contact messages');
select lives_ok($$ insert into public.clients (name) values ('PGTAP18 Client') $$, 'adds content');
select isnt_empty($$ select 1 from storage.objects where bucket_id = 'media' and name = 'pgtap18/existing.png' $$, 'lists media files');
select lives_ok($$ select public.swap_team_member_order('18a00000-0000-4000-8000-000000000001', '18a00000-0000-4000-8000-000000000002') $$,
  'and reorders the team');

select tests.act_as_staff('18000000-0000-4000-8000-000000000004', 'aal1');
select is_empty($$ select 1 from public.contact_messages where email = 'pgtap18@example.com' $$,
  'sales with a factor reads no lead at aal1');
select tests.act_as_staff('18000000-0000-4000-8000-000000000004', 'aal2');
select isnt_empty($$ select 1 from public.contact_messages where email = 'pgtap18@example.com' $$, 'and reads them at aal2');

-- Without a factor, aal1 is enough while two-factor is not required ------------------------------------
select tests.act_as_staff('18000000-0000-4000-8000-000000000002', 'aal1');
select isnt_empty($$ select 1 from public.contact_messages where email = 'pgtap18@example.com' $$,
  'an admin without a factor reads leads at aal1');
select tests.act_as_staff('18000000-0000-4000-8000-000000000003', 'aal1');
select ok(tests.allowed($$ update public.blog_posts set title = 'Changed' where slug = 'pgtap18-draft' $$),
  'an editor whose factor is not verified yet edits posts at aal1');

-- Requiring two-factor for all staff ------------------------------------------------------------------
select tests.act_as_staff('18000000-0000-4000-8000-000000000002', 'aal1');
select throws_ok($$ update public.site_settings set value = 'true' where key = 'staff_require_two_factor' $$,
  '42501', 'Set up two-factor sign-in for your own account, and sign in with it, before requiring it for all staff.',
  'an admin at aal1 cannot require two-factor for everyone');
select tests.act_as_staff('18000000-0000-4000-8000-000000000003', 'aal2');
select ok(not tests.allowed($$ update public.site_settings set value = 'true' where key = 'staff_require_two_factor' $$),
  'an editor cannot require it, even at aal2');
select tests.act_as_staff('18000000-0000-4000-8000-000000000001', 'aal2');
select lives_ok($$ update public.site_settings set value = 'true' where key = 'staff_require_two_factor' $$,
  'an admin at aal2 requires two-factor for all staff');
select throws_ok($$ update public.site_settings set value = 'yes' where key = 'staff_require_two_factor' $$,
  '23514', null, 'the setting is true or false');
select results_eq($$ select two_factor_required from public.current_staff() $$, array[true],
  'current_staff() tells the back office that two-factor is required');

select tests.act_as_staff('18000000-0000-4000-8000-000000000002', 'aal1');
select is_empty($$ select 1 from public.contact_messages where email = 'pgtap18@example.com' $$,
  'now an admin without a factor reads no lead at aal1');
select throws_ok($$ insert into public.clients (name) values ('PGTAP18 Other') $$, '42501', null, 'and adds no content');
select tests.act_as_staff('18000000-0000-4000-8000-000000000003', 'aal1');
select ok(not tests.allowed($$ update public.blog_posts set title = 'Changed' where slug = 'pgtap18-draft' $$),
  'an editor without a verified factor edits no post at aal1');
select tests.act_as_staff('18000000-0000-4000-8000-000000000002', 'aal2');
select isnt_empty($$ select 1 from public.contact_messages where email = 'pgtap18@example.com' $$,
  'at aal2 the admin reads leads again');

-- Visitors are not touched ----------------------------------------------------------------------------
select tests.act_as_anon();
select isnt_empty($$ select 1 from public.site_settings where key = 'company_name' $$, 'visitors still read the site settings');
select is_empty($$ select 1 from public.site_settings where key = 'staff_require_two_factor' $$,
  'but not the back-office ones');
select lives_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('Ada', 'Obi', 'ada18@example.com', 'Hello.') $$,
  'visitors still send contact messages');

select tests.act_as_owner();
select * from finish();
rollback;
