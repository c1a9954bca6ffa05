-- The staff check refuses a deactivated (banned) or soft-deleted account at once, even with a token
-- (here: forged claims) that has not expired; a ban that has ended no longer counts.
begin;
select plan(10);

-- A staff member's request with an unexpired aal1 token.
create function tests.act_as_staff(user_id uuid) returns void language sql as $$
  select tests.act_as('authenticated', user_id, jsonb_build_object('aal', 'aal1', 'exp', extract(epoch from now())::bigint + 3600))
$$;
insert into auth.users (id, email, banned_until, deleted_at) values
  ('42000000-0000-4000-8000-000000000001', 'pgtap-live@example.test', null, null),
  ('42000000-0000-4000-8000-000000000002', 'pgtap-banned@example.test', now() + interval '100 years', null),
  ('42000000-0000-4000-8000-000000000003', 'pgtap-deleted@example.test', null, now() - interval '1 minute'),
  ('42000000-0000-4000-8000-000000000004', 'pgtap-unbanned@example.test', now() - interval '1 minute', null);
insert into public.staff_roles (user_id, role)
select id, 'admin' from auth.users where email like 'pgtap-%@example.test';
insert into public.contact_messages (first_name, last_name, email, message) values ('Visitor', 'Person', 'visitor@example.com', 'Hello there, a lead.');

select tests.act_as_staff('42000000-0000-4000-8000-000000000001');
select ok(public.is_admin(), 'a live admin is an admin');
select isnt_empty($$ select 1 from public.contact_messages $$, 'a live admin reads the inbox');

select tests.act_as_staff('42000000-0000-4000-8000-000000000002');
select ok(not public.is_admin(), 'a banned admin''s unexpired token is not an admin''s');
select is_empty($$ select 1 from public.contact_messages $$, 'a banned admin reads no lead');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url) values ('pgtap-x', 'X', 'C', 'S', 'L', 'Bot', 'https://x.example') $$,
  '42501', null, 'a banned admin cannot write content');

select tests.act_as_staff('42000000-0000-4000-8000-000000000003');
select ok(not public.is_admin(), 'a soft-deleted admin''s unexpired token is not an admin''s');
select is_empty($$ select 1 from public.contact_messages $$, 'a soft-deleted admin reads no lead');

select tests.act_as_staff('42000000-0000-4000-8000-000000000004');
select ok(public.is_admin(), 'an admin whose ban has ended is an admin again');

-- Deactivating takes effect on the very next request, with the same token.
select tests.act_as_owner();
update auth.users set banned_until = now() + interval '1 hour' where id = '42000000-0000-4000-8000-000000000001';
select tests.act_as_staff('42000000-0000-4000-8000-000000000001');
select ok(not public.has_role('admin'), 'banning an admin revokes the role for the token they hold');

-- A token naming an account that does not exist holds no role.
select tests.act_as_staff('42000000-0000-4000-8000-0000000000ff');
select ok(not public.is_admin(), 'a forged token for an unknown account is not an admin''s');

select * from finish();
rollback;
