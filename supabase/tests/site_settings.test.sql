-- public.site_settings: visitors and members read the public settings and write nothing; settings
-- editors add, change, upsert and delete; each value is checked against its key.
begin;
select plan(19);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.site_settings (key, value) values ('pgtap_setting', 'original');

-- anon ------------------------------------------------------------------------------------------------
select tests.act_as_anon();

select results_eq($$ select value from public.site_settings where key = 'pgtap_setting' $$,
  array['original'], 'anon reads site settings');

select throws_ok($$ insert into public.site_settings (key, value) values ('x', 'y') $$,
  '42501', 'permission denied for table site_settings', 'anon cannot add site settings');

select throws_ok($$ update public.site_settings set value = 'Hacked' $$,
  '42501', 'permission denied for table site_settings', 'anon cannot update site settings');

select throws_ok($$ delete from public.site_settings $$,
  '42501', 'permission denied for table site_settings', 'anon cannot delete site settings');

-- signed in, not an admin -----------------------------------------------------------------------------
select tests.act_as_member();

select throws_ok($$ insert into public.site_settings (key, value) values ('x', 'y') $$,
  '42501', 'new row violates row-level security policy for table "site_settings"', 'a non-admin cannot add site settings');

update public.site_settings set value = 'Hacked' where key = 'pgtap_setting';

delete from public.site_settings where key = 'pgtap_setting';

select tests.act_as_owner();

select results_eq($$ select value from public.site_settings where key = 'pgtap_setting' $$,
  array['original'], 'a non-admin can neither change nor delete site settings');

-- admin ---------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select lives_ok($$ insert into public.site_settings (key, value) values ('pgtap_new', 'v') $$,
  'an admin adds site settings');

update public.site_settings set value = 'changed' where key = 'pgtap_setting';

select results_eq($$ select value from public.site_settings where key = 'pgtap_setting' $$,
  array['changed'], 'an admin updates site settings');

select lives_ok(
  $$ insert into public.site_settings (key, value) values ('pgtap_setting', 'upserted')
     on conflict (key) do update set value = excluded.value $$,
  'an admin upserts site settings on key');

delete from public.site_settings where key in ('pgtap_setting', 'pgtap_new');

select tests.act_as_owner();

select is_empty($$ select 1 from public.site_settings where key in ('pgtap_setting', 'pgtap_new') $$, 'an admin deletes site settings');

-- What the database refuses, whoever writes (as the owner, past row-level security) --------------
select tests.act_as_owner();

select throws_ok($$ insert into public.site_settings (key, value) values ('Company Name', 'x') $$,
  '23514', 'new row for relation "site_settings" violates check constraint "site_settings_key_check"', 'a setting key that is not lower_snake_case is refused');

select tests.act_as_owner();

-- Application status ------------------------------------------------------------------------------
select tests.act_as_admin();

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

select * from finish();
rollback;
