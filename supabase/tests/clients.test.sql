-- public.clients: visitors and members read and write nothing; content editors add, change and delete;
-- updated_at is kept by the trigger; the database refuses what the form would.
begin;
select plan(13);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.clients (id, name, icon) values
  ('c1000000-0000-4000-8000-000000000001', 'PGTAP Client', 'Gem');

-- anon ------------------------------------------------------------------------------------------------
select tests.act_as_anon();

select results_eq($$ select name from public.clients where id = 'c1000000-0000-4000-8000-000000000001' $$,
  array['PGTAP Client'], 'anon reads clients');

select throws_ok($$ insert into public.clients (name) values ('Intruder') $$,
  '42501', 'permission denied for table clients', 'anon cannot add clients');

select throws_ok($$ update public.clients set name = 'Hacked' $$,
  '42501', 'permission denied for table clients', 'anon cannot update clients');

select throws_ok($$ delete from public.clients $$,
  '42501', 'permission denied for table clients', 'anon cannot delete clients');

-- signed in, not an admin -----------------------------------------------------------------------------
select tests.act_as_member();

select throws_ok($$ insert into public.clients (name) values ('Intruder') $$,
  '42501', 'new row violates row-level security policy for table "clients"', 'a non-admin cannot add clients');

update public.clients set name = 'Hacked' where id = 'c1000000-0000-4000-8000-000000000001';

delete from public.clients where id = 'c1000000-0000-4000-8000-000000000001';

select tests.act_as_owner();

select results_eq($$ select name from public.clients where id = 'c1000000-0000-4000-8000-000000000001' $$,
  array['PGTAP Client'], 'a non-admin can neither change nor delete clients');

-- admin ---------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select lives_ok($$ insert into public.clients (name, icon, logo_url) values ('PGTAP New Client', 'Zap', 'https://example.test/logo.png') $$,
  'an admin adds clients');

update public.clients set name = 'PGTAP Renamed' where id = 'c1000000-0000-4000-8000-000000000001';

select results_eq($$ select name from public.clients where id = 'c1000000-0000-4000-8000-000000000001' $$,
  array['PGTAP Renamed'], 'an admin updates clients');

delete from public.clients where name like 'PGTAP %';

select tests.act_as_owner();

select is_empty($$ select 1 from public.clients where name like 'PGTAP %' $$, 'an admin deletes clients');

-- updated_at is kept by the trigger; a client sends it only to name the version it edited -------------
insert into public.clients (id, name, created_at, updated_at) values
  ('c1000000-0000-4000-8000-000000000009', 'PGTAP Old', '2000-01-01', '2000-01-01');

select tests.act_as_admin();

update public.clients set name = 'PGTAP Touched', updated_at = '2000-01-01' where id = 'c1000000-0000-4000-8000-000000000009';

select results_eq($$ select updated_at = now() from public.clients where id = 'c1000000-0000-4000-8000-000000000009' $$,
  array[true], 'an update stamps updated_at with the current time');

-- What the database refuses, whoever writes (as the owner, past row-level security) --------------
select tests.act_as_owner();

select throws_ok($$ insert into public.clients (name, icon) values ('X', 'Rocket') $$,
  '23514', 'new row for relation "clients" violates check constraint "clients_icon_check"', 'a client icon outside the admin set is refused');

select throws_ok($$ insert into public.clients (name, logo_url) values ('X', 'javascript:alert(1)') $$,
  '23514', 'new row for relation "clients" violates check constraint "clients_logo_url_check"', 'a javascript: logo URL is refused');

select throws_ok($$ insert into public.clients (name) values ('   ') $$,
  '23514', 'new row for relation "clients" violates check constraint "clients_name_check"', 'a blank client name is refused');

select * from finish();
rollback;
