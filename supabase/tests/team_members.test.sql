-- public.team_members: visitors and members read and write nothing; content editors add, change, move
-- (swap_team_member_order) and delete; the database refuses what the form would.
begin;
select plan(20);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.team_members (id, name, position, bio, avatar, order_index) values
  ('c3000000-0000-4000-8000-000000000001', 'Grace', 'CEO', 'Leads.', '/team/grace.png', 901);

-- anon ------------------------------------------------------------------------------------------------
select tests.act_as_anon();

select results_eq($$ select name from public.team_members where id = 'c3000000-0000-4000-8000-000000000001' $$,
  array['Grace'], 'anon reads team members');

select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('n', 'p', 'b', '/a.png', 999) $$,
  '42501', 'permission denied for table team_members', 'anon cannot add team members');

select throws_ok($$ update public.team_members set name = 'Hacked' $$,
  '42501', 'permission denied for table team_members', 'anon cannot update team members');

select throws_ok($$ delete from public.team_members $$,
  '42501', 'permission denied for table team_members', 'anon cannot delete team members');

-- signed in, not an admin -----------------------------------------------------------------------------
select tests.act_as_member();

select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('n', 'p', 'b', '/a.png', 999) $$,
  '42501', 'new row violates row-level security policy for table "team_members"', 'a non-admin cannot add team members');

update public.team_members set name = 'Hacked' where id = 'c3000000-0000-4000-8000-000000000001';

delete from public.team_members where id = 'c3000000-0000-4000-8000-000000000001';

select tests.act_as_owner();

select results_eq($$ select name from public.team_members where id = 'c3000000-0000-4000-8000-000000000001' $$,
  array['Grace'], 'a non-admin can neither change nor delete team members');

-- admin ---------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select lives_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('PGTAP Linus', 'CTO', 'Builds.', '/l.png', 902) $$,
  'an admin adds team members');

update public.team_members set position = 'Chair' where id = 'c3000000-0000-4000-8000-000000000001';

select results_eq($$ select position from public.team_members where id = 'c3000000-0000-4000-8000-000000000001' $$,
  array['Chair'], 'an admin updates team members');

delete from public.team_members where id = 'c3000000-0000-4000-8000-000000000001' or name = 'PGTAP Linus';

select tests.act_as_owner();

select is_empty($$ select 1 from public.team_members where name in ('Grace', 'PGTAP Linus') and order_index in (901, 902) $$, 'an admin deletes team members');

-- What the database refuses, whoever writes (as the owner, past row-level security) --------------
select tests.act_as_owner();

insert into public.team_members (name, position, bio, avatar, order_index) values
  ('PGTAP Grace', 'CEO', 'Leads.', '/g.png', 951);

set constraints public.team_members_order_index_key immediate;

select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('n', 'p', 'b', '/a.png', 951) $$,
  '23505', 'duplicate key value violates unique constraint "team_members_order_index_key"', 'two members cannot share a place');

set constraints public.team_members_order_index_key deferred;

select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index, linkedin_url) values ('n', 'p', 'b', '/a.png', 952, 'javascript:alert(1)') $$,
  '23514', 'new row for relation "team_members" violates check constraint "team_members_linkedin_url_check"', 'a javascript: LinkedIn URL is refused');

select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('n', 'p', repeat('b', 5001), '/a.png', 953) $$,
  '23514', 'new row for relation "team_members" violates check constraint "team_members_bio_check"', 'a bio over 5000 characters is refused');

delete from public.team_members where name = 'PGTAP Grace';
select tests.act_as_owner();

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
