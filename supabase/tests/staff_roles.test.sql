-- public.staff_roles: admins read them; nobody backdates one; others see none; has_role() and
-- is_admin() answer per role; a role that public.roles does not define is refused.
begin;
select plan(9);

insert into auth.users (id, email) values ('03000000-0000-4000-8000-000000000001', 'pgtap-constraints@example.test');

select throws_ok($$ insert into public.staff_roles (user_id, role) values ('03000000-0000-4000-8000-000000000001', 'owner') $$,
  '23503', 'insert or update on table "staff_roles" violates foreign key constraint "staff_roles_role_fkey"', 'a staff role that public.roles does not define is refused');

select tests.act_as_owner();

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

-- admin ------------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select results_eq($$ select email from public.staff_roles r join (values ('11111111-1111-4111-8111-111111111111'::uuid, 'pgtap-admin@example.test')) as u(id, email) on u.id = r.user_id $$,
  array['pgtap-admin@example.test'], 'an admin reads staff roles');

select throws_ok($$ insert into public.staff_roles (user_id, role, created_at) values ('22222222-2222-4222-8222-222222222222', 'editor', now() - interval '1 year') $$,
  '42501', 'permission denied for table staff_roles', 'even an admin cannot backdate a staff role');

-- staff_roles for others ---------------------------------------------------------------------------------------
select tests.act_as_member();

select is_empty($$ select 1 from public.staff_roles $$, 'a non-admin sees no staff roles (it holds none)');

select tests.act_as_anon();

select throws_ok($$ select * from public.staff_roles $$,
  '42501', 'permission denied for table staff_roles', 'anon cannot read staff roles');

select tests.act_as_owner();

-- has_role / is_admin -------------------------------------------------------------------------------------
select tests.act_as_admin();

select ok(public.is_admin(), 'is_admin() is true for an admin');

select ok(public.has_role('admin') and not public.has_role('editor'), 'has_role() answers per role');

select tests.act_as_member();

select ok(not public.is_admin(), 'is_admin() is false for a signed-in non-admin');

select tests.act_as_anon();

select ok(not public.is_admin(), 'is_admin() is false for anon');

select * from finish();
rollback;
