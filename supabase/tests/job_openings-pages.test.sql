-- A page per job opening: slugs made from the title, unique and redirected when changed; the salary
-- and location fields' rules; open, closed or unknown as a visitor may learn it; page views of an
-- open role's page; the seed's openings ready for their pages.
begin;
select plan(30);
create function tests.public_page(page_path text) returns text language sql security definer as $$
  select private.public_page(page_path)
$$;
grant execute on function tests.public_page(text) to anon, authenticated;
create function tests.set_clock(at timestamptz) returns void language sql as $$
  select set_config('app.clock', at::text, true)
$$;
select tests.create_identities();

-- The seed.
select is_empty($$ select 1 from public.job_openings where slug is null or (active and (country is null or description not like '<p>%')) $$,
  'every seeded opening has a slug, and every open one a country and an HTML description');
select isnt_empty($$ select 1 from public.job_openings where remote and salary_min is not null $$, 'the seed has a remote role with a salary');

-- Slugs.
select tests.act_as_admin();
insert into public.job_openings (id, title, location, department, description) values
  ('32000000-0000-4000-8000-0000000000a1', 'Platform Engineer (Payments) — Lagos!', 'Lagos', 'Engineering', '<p>Role.</p>'),
  ('32000000-0000-4000-8000-0000000000a2', 'Platform Engineer: Payments, Lagos', 'Lagos', 'Engineering', '<p>Role.</p>');
select is((select slug from public.job_openings where id = '32000000-0000-4000-8000-0000000000a1'), 'platform-engineer-payments-lagos',
  'an opening given no slug gets one made from its title');
select is((select slug from public.job_openings where id = '32000000-0000-4000-8000-0000000000a2'), 'platform-engineer-payments-lagos-2',
  'a title that makes a taken slug gets the next free one');
insert into public.job_openings (id, title, slug, location, department, description) values
  ('32000000-0000-4000-8000-0000000000a3', 'Whatever', 'chosen-by-hand', 'Lagos', 'Engineering', '<p>Role.</p>');
select is((select slug from public.job_openings where id = '32000000-0000-4000-8000-0000000000a3'), 'chosen-by-hand', 'a slug given is kept');
select throws_ok($$ insert into public.job_openings (title, slug, location, department, description) values ('X', 'chosen-by-hand', 'Lagos', 'Engineering', '<p>Role.</p>') $$,
  '23505', null, 'two openings cannot share a slug');
select throws_ok($$ insert into public.job_openings (title, slug, location, department, description) values ('X', 'Not A Slug', 'Lagos', 'Engineering', '<p>Role.</p>') $$,
  '23514', null, 'a slug outside lowercase letters, digits and single hyphens is refused');
update public.job_openings set title = 'Renamed' where id = '32000000-0000-4000-8000-0000000000a3';
select is((select slug from public.job_openings where id = '32000000-0000-4000-8000-0000000000a3'), 'chosen-by-hand', 'a new title leaves the slug (the address may be shared)');
update public.job_openings set slug = 'handpicked' where id = '32000000-0000-4000-8000-0000000000a3';
select is((select to_path from public.redirects where from_path = '/careers/chosen-by-hand'), '/careers/handpicked', 'a new slug redirects the old address to the new one');
update public.job_openings set slug = 'handpicked-again' where id = '32000000-0000-4000-8000-0000000000a3';
select is((select to_path from public.redirects where from_path = '/careers/chosen-by-hand'), '/careers/handpicked-again', 'renamed again, the first address goes straight to the newest (no chain)');
update public.job_openings set slug = '' where id = '32000000-0000-4000-8000-0000000000a3';
select is((select slug from public.job_openings where id = '32000000-0000-4000-8000-0000000000a3'), 'renamed', 'a slug cleared is made from the title again');

-- Location and salary rules.
select throws_ok($$ insert into public.job_openings (title, location, department, country, description) values ('X', 'Lagos', 'Engineering', 'Nigeria', '<p>Role.</p>') $$,
  '23514', null, 'a country is a two-letter code');
select throws_ok($$ insert into public.job_openings (title, location, department, salary_min, description) values ('X', 'Lagos', 'Engineering', 100, '<p>Role.</p>') $$,
  '23514', null, 'a salary needs its currency and period');
select throws_ok(
  $$ insert into public.job_openings (title, location, department, salary_min, salary_max, salary_currency, salary_unit, description) values ('X', 'Lagos', 'Engineering', 200, 100, 'NGN', 'MONTH', '<p>Role.</p>') $$,
  '23514', null, 'the top of a salary range cannot be below its bottom');
select lives_ok(
  $$ insert into public.job_openings (title, location, department, country, remote, salary_min, salary_max, salary_currency, salary_unit, description) values ('Remote role', 'Remote', 'Engineering', 'NG', true, 100, 200, 'NGN', 'MONTH', '<p>Role.</p>') $$,
  'a remote role with a salary range is taken');

-- A description is required and must hold text: a JobPosting without one is refused by Google.
select throws_ok($$ insert into public.job_openings (title, location, department) values ('X', 'Lagos', 'Engineering') $$,
  '23502', null, 'an opening without a description is refused');
select throws_ok($$ insert into public.job_openings (title, location, department, description) values ('X', 'Lagos', 'Engineering', '<p> &nbsp;</p><p></p>') $$,
  '23514', null, 'a description of tags and spaces alone is refused');
select throws_ok($$ update public.job_openings set description = '' where id = '32000000-0000-4000-8000-0000000000a3' $$,
  '23514', null, 'a description cannot be emptied');
-- Where an on-site role works.
select lives_ok(
  $$ update public.job_openings set street_address = '5 Aguiyi Ironsi Street', region = 'Federal Capital Territory' where id = '32000000-0000-4000-8000-0000000000a3' $$,
  'a role takes a street address and a region');
select throws_ok($$ update public.job_openings set region = '  ' where id = '32000000-0000-4000-8000-0000000000a3' $$,
  '23514', null, 'a blank region is refused (no region is null)');
select throws_ok($$ update public.job_openings set street_address = repeat('x', 201) where id = '32000000-0000-4000-8000-0000000000a3' $$,
  '23514', null, 'a street address is at most 200 characters');

-- Open, closed, unknown.
select tests.act_as_owner();
update public.job_openings set closes_at = '2030-01-01 17:00:00+00' where id = '32000000-0000-4000-8000-0000000000a1';
update public.job_openings set active = false where id = '32000000-0000-4000-8000-0000000000a2';
select tests.set_clock('2030-01-01 16:59:00+00');
select tests.act_as_anon();
select is(public.job_opening_state('platform-engineer-payments-lagos'), 'open', 'before its closing time a role is open');
select is(tests.public_page('/careers/platform-engineer-payments-lagos'), '/careers/platform-engineer-payments-lagos', 'and its page counts views');
select tests.set_clock('2030-01-01 17:00:00+00');
select is(public.job_opening_state('platform-engineer-payments-lagos'), 'closed', 'at its closing time it is closed');
select is_empty($$ select 1 from public.job_openings where slug = 'platform-engineer-payments-lagos' $$, 'and visitors can no longer read it');
select is(tests.public_page('/careers/platform-engineer-payments-lagos'), null, 'nor does its page count views');
select is(public.job_opening_state('platform-engineer-payments-lagos-2'), 'closed', 'an inactive role is closed');
select is(public.job_opening_state('no-such-role'), null, 'an unknown slug is neither');
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path) values ('32000000-0000-4000-8000-0000000000a2', 'Late', 'late@example.com', '7d0f1d7e-3c49-4a0e-9d0a-1f4c1b2a3e4f/cv.pdf') $$,
  '42501', null, 'the database refuses an application to an inactive role');
select is(
  (select array_agg(p.proname::text order by p.proname) from pg_catalog.pg_proc as p
   where p.proname in ('job_opening_state', 'default_job_slug') and p.prosecdef and not ('search_path=""' = any (p.proconfig))),
  null, 'the security definer functions fix an empty search_path');

select * from finish();
rollback;
