-- public.website_content: visitors and signed-in members read it and write nothing; content editors add,
-- change, upsert and delete it; the database refuses malformed content.
begin;
select plan(16);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

-- Rows of this file (tests never rely on seed rows) ------------------------------------------------
insert into public.website_content (id, section, key, content) values
  ('c7000000-0000-4000-8000-000000000001', 'pgtap', 'main', '{"title": "Hello"}');

-- anon ------------------------------------------------------------------------------------------------
select tests.act_as_anon();

select results_eq($$ select content ->> 'title' from public.website_content where section = 'pgtap' $$,
  array['Hello'], 'anon reads website content');

select throws_ok($$ insert into public.website_content (section, key, content) values ('x', 'y', '{}') $$,
  '42501', 'permission denied for table website_content', 'anon cannot add website content');

select throws_ok($$ update public.website_content set content = '{}' where section = 'pgtap' $$,
  '42501', 'permission denied for table website_content', 'anon cannot update website content');

select throws_ok($$ delete from public.website_content $$,
  '42501', 'permission denied for table website_content', 'anon cannot delete website content');

-- signed in, not an admin -----------------------------------------------------------------------------
select tests.act_as_member();

select throws_ok($$ insert into public.website_content (section, key, content) values ('x', 'y', '{}') $$,
  '42501', 'new row violates row-level security policy for table "website_content"', 'a non-admin cannot add website content');

-- Updates and deletes blocked by RLS change 0 rows instead of failing: attempt them, then check.
update public.website_content set content = '{"title": "Hacked"}' where section = 'pgtap';

delete from public.website_content where section = 'pgtap';

select tests.act_as_owner();

select results_eq($$ select content ->> 'title' from public.website_content where section = 'pgtap' $$,
  array['Hello'], 'a non-admin can neither change nor delete website content');

-- admin ---------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select lives_ok($$ insert into public.website_content (section, key, content) values ('pgtap', 'extra', '{"title": "New"}') $$,
  'an admin adds website content');

update public.website_content set content = '{"title": "Edited"}' where section = 'pgtap' and key = 'main';

select results_eq($$ select content ->> 'title' from public.website_content where section = 'pgtap' and key = 'main' $$,
  array['Edited'], 'an admin updates website content');

select lives_ok(
  $$ insert into public.website_content (section, key, content) values ('pgtap', 'main', '{"title": "Upserted"}')
     on conflict (section, key) do update set content = excluded.content $$,
  'an admin upserts website content on (section, key)');

delete from public.website_content where section = 'pgtap';

select tests.act_as_owner();

select is_empty($$ select 1 from public.website_content where section = 'pgtap' $$, 'an admin deletes website content');

-- What the database refuses, whoever writes (as the owner, past row-level security) --------------
select tests.act_as_owner();

-- website_content and site_settings ---------------------------------------------------------------------
select throws_ok($$ insert into public.website_content (section, key, content) values ('pgtap', 'a', '[]') $$,
  '23514', 'new row for relation "website_content" violates check constraint "website_content_content_is_object"', 'content that is not a JSON object is refused');

select throws_ok($$ insert into public.website_content (section, key, content) values ('pgtap', 'a', jsonb_build_object('text', repeat('x', 200001))) $$,
  '23514', 'new row for relation "website_content" violates check constraint "website_content_content_size"', 'content over 200000 characters is refused');

select throws_ok($$ insert into public.website_content (section, key, content) values ('stats', 'pgtap', '{"stats": [{"icon": "Skull", "number": "1", "label": "l"}]}') $$,
  '23514', 'new row for relation "website_content" violates check constraint "website_content_stats_icons"', 'a stat icon outside Users/Building/Globe/Award is refused');

select throws_ok($$ insert into public.website_content (section, key, content) values ('stats', 'pgtap', '{"stats": "many"}') $$,
  '23514', 'new row for relation "website_content" violates check constraint "website_content_stats_icons"', 'stats that are not a list are refused');

select lives_ok($$ insert into public.website_content (section, key, content) values ('stats', 'pgtap',
  '{"title": "t", "stats": [{"icon": "Award", "number": "99.9%", "label": "Uptime"}, {"number": "15+", "label": "Countries"}]}') $$,
  'stats with allowed icons (or none) are accepted');

select throws_ok($$ insert into public.website_content (section, key, content) values ('stats', 'pgtap', '{}') $$,
  '23505', 'duplicate key value violates unique constraint "website_content_section_key_key"', 'a second row for the same section and key is refused');

select * from finish();
rollback;
