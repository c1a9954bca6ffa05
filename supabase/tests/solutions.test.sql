-- public.solutions: visitors and members read and write nothing; content editors add, change and
-- delete; the database refuses what the form would.
begin;
select plan(19);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.solutions (id, slug, title, category, shortdescription, longdescription, icon, url, metadescription) values
  ('c4000000-0000-4000-8000-000000000001', 'pgtap-solution', 'PGTAP Suite', 'Banking', 'Short.', 'Long.', 'Landmark', 'Contact Us', 'Meta.');

-- anon ------------------------------------------------------------------------------------------------
select tests.act_as_anon();

select results_eq($$ select title from public.solutions where slug = 'pgtap-solution' $$,
  array['PGTAP Suite'], 'anon reads solutions');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription)
                    values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '42501', 'permission denied for table solutions', 'anon cannot add solutions');

select throws_ok($$ update public.solutions set title = 'Hacked' $$,
  '42501', 'permission denied for table solutions', 'anon cannot update solutions');

select throws_ok($$ delete from public.solutions $$,
  '42501', 'permission denied for table solutions', 'anon cannot delete solutions');

-- signed in, not an admin -----------------------------------------------------------------------------
select tests.act_as_member();

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription)
                    values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '42501', 'new row violates row-level security policy for table "solutions"', 'a non-admin cannot add solutions');

update public.solutions set title = 'Hacked' where slug = 'pgtap-solution';

delete from public.solutions where slug = 'pgtap-solution';

select tests.act_as_owner();

select results_eq($$ select title from public.solutions where slug = 'pgtap-solution' $$,
  array['PGTAP Suite'], 'a non-admin can neither change nor delete solutions');

-- admin ---------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select lives_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, features, targetaudience)
                   values ('pgtap-new', 'New', 'HR', 's', 'l', 'Users', 'https://example.test', 'm',
                           '[{"title": "Payroll", "description": "Runs it"}]', '{Banks,Schools}') $$,
  'an admin adds solutions');

update public.solutions set status = 'Development' where slug = 'pgtap-solution';

select results_eq($$ select status from public.solutions where slug = 'pgtap-solution' $$,
  array['Development'], 'an admin updates solutions');

delete from public.solutions where slug in ('pgtap-solution', 'pgtap-new');

select tests.act_as_owner();

select is_empty($$ select 1 from public.solutions where slug in ('pgtap-solution', 'pgtap-new') $$, 'an admin deletes solutions');

-- What the database refuses, whoever writes (as the owner, past row-level security) --------------
select tests.act_as_owner();

insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values
  ('pgtap-taken', 'Taken', 'Banking', 's', 'l', 'Bot', 'Contact Us', 'm');

select lives_ok(
  $$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, features, targetaudience, status)
     values ('pgtap-ok', 'T', 'C', 's', 'l', 'GraduationCap', 'https://example.test', 'm',
             '[{"title": "A", "description": "B"}]', '{Schools}', 'Available') $$,
  'a well-formed solution is accepted');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('Bad Slug', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_slug_check"', 'a slug with capitals and spaces is refused');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('-lead--double', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_slug_check"', 'a slug with leading or doubled hyphens is refused');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('pgtap-taken', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '23505', 'duplicate key value violates unique constraint "solutions_slug_key"', 'a duplicate solution slug is refused');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('x', 't', 'c', 's', 'l', 'Rocket', 'u', 'm') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_icon_check"', 'a solution icon outside the set is refused');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, status) values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm', 'Beta') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_status_check"', 'a solution status outside Live/Development/Available is refused');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, features) values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm', '{"title": "A"}') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_features_check"', 'features that are not an array are refused');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, features) values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm', '[{"title": "A"}]') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_features_check"', 'a feature without a description is refused');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('x', 't', 'c', 's', 'l', 'Bot', 'javascript:alert(1)', 'm') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_url_check"', 'a javascript: solution URL is refused');

select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url) values ('x', 't', 'c', 's', 'l', 'Bot', 'u') $$,
  '23502', 'null value in column "metadescription" of relation "solutions" violates not-null constraint', 'a solution without meta description is refused');

select * from finish();
rollback;
