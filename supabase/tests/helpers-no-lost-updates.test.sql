-- No lost updates: a save that names an older version (updated_at) than the row's is refused with 40001 and the
-- detail says who changed the row and when; a save naming the current version, or none, passes.
begin;
select plan(10);

insert into auth.users (id, email) values
  ('24000000-0000-4000-8000-000000000001', 'pgtap-first@example.test'),
  ('24000000-0000-4000-8000-000000000002', 'pgtap-second@example.test');
insert into public.staff_roles (user_id, role) values
  ('24000000-0000-4000-8000-000000000001', 'admin'), ('24000000-0000-4000-8000-000000000002', 'admin');
insert into public.clients (id, name, updated_at) values ('24000000-0000-4000-8000-0000000000c1', 'PGTAP Bank', '2026-01-01 00:00:00+00');
create function tests.refusal_detail() returns jsonb language plpgsql as $$
begin
  update public.clients set name = 'PGTAP Bank Two', updated_at = '2026-01-01 00:00:00+00' where id = '24000000-0000-4000-8000-0000000000c1';
  return null;
exception when serialization_failure then
  declare d text; begin get stacked diagnostics d = pg_exception_detail; return d::jsonb; end;
end
$$;
create table tests.seen (version timestamptz);
grant all on tests.seen to authenticated;

-- Both open the client at the same version; the first saves.
select tests.act_as('authenticated', '24000000-0000-4000-8000-000000000001');
select lives_ok(
  $$ update public.clients set name = 'PGTAP Bank One', updated_at = '2026-01-01 00:00:00+00' where id = '24000000-0000-4000-8000-0000000000c1' $$,
  'a save naming the current version passes');
select is((select updated_by from public.clients where id = '24000000-0000-4000-8000-0000000000c1'), '24000000-0000-4000-8000-000000000001'::uuid,
  'the row records who saved it');
select isnt((select updated_at from public.clients where id = '24000000-0000-4000-8000-0000000000c1'), '2026-01-01 00:00:00+00'::timestamptz,
  'and gets a new version');

-- The second saves what they opened: refused, and told by whom.
select tests.act_as('authenticated', '24000000-0000-4000-8000-000000000002');
select throws_ok(
  $$ update public.clients set name = 'PGTAP Bank Two', updated_at = '2026-01-01 00:00:00+00' where id = '24000000-0000-4000-8000-0000000000c1' $$,
  '40001', 'This record was changed by someone else after you opened it.', 'a save based on an old version is refused');
select is((select name from public.clients where id = '24000000-0000-4000-8000-0000000000c1'), 'PGTAP Bank One', 'and the first save is kept');

select is(tests.refusal_detail() ->> 'updated_by', 'pgtap-first@example.test', 'the refusal names who changed the row meanwhile');

-- Keeping one's own version: save again naming the version now current.
insert into tests.seen select updated_at from public.clients where id = '24000000-0000-4000-8000-0000000000c1';
select lives_ok(
  $$ update public.clients set name = 'PGTAP Bank Two', updated_at = (select version from tests.seen) where id = '24000000-0000-4000-8000-0000000000c1' $$,
  'keeping one''s own version saves it over the current one');

-- The same mechanism on every staff-edited table, e.g. site settings and posts.
select throws_ok(
  $$ update public.site_settings set value = 'X', updated_at = '2000-01-01 00:00:00+00' where key = 'company_name' $$,
  '40001', null, 'site settings refuse a stale save');
select lives_ok($$ update public.site_settings set value = value where key = 'company_name' $$, 'a save that names no version is not checked');
select lives_ok($$ update public.site_settings set value = value, updated_at = now() + interval '1 hour' where key = 'company_name' $$,
  'nor one that sends its own clock''s time, later than the row''s (the time stored is the transaction''s)');

select * from finish();
rollback;
