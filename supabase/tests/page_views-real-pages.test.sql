-- record_page_view counts only pages a public route answers with 200, at most 30 beacons a minute
-- per client, and no number of made-up paths can keep a real page from being counted.
begin;
select plan(12);

create function tests.act_as_visitor(address text default null) returns void language sql as $$
  select tests.act_as_anon();
  select set_config('request.headers', case when address is null then '{}' else json_build_object('x-forwarded-for', address)::text end, true);
$$;create function tests.views(page text) returns integer language sql as $$
  select coalesce(sum(count), 0)::integer from public.page_views where path = page and day = current_date
$$;

grant execute on function tests.views(text) to anon;

delete from public.page_views where day = current_date;
insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription)
values ('pgtap-solution', 'S', 'C', 'Short', 'Long', 'Bot', 'https://x.example', 'Meta');
insert into public.blog_posts (slug, title, excerpt, content, category, author_name, featured_image, published) values
  ('pgtap-published', 'P', 'E', '<p>c</p>', 'News', 'A', '/images/a.png', true),
  ('pgtap-draft', 'D', 'E', '<p>c</p>', 'News', 'A', '/images/a.png', false);
insert into public.job_openings (id, title, slug, location, department, active, description) values
  ('43000000-0000-4000-8000-000000000001', 'Open', 'pgtap-open', 'Lagos', 'Engineering', true, '<p>Role.</p>'),
  ('43000000-0000-4000-8000-000000000002', 'Closed', 'pgtap-closed', 'Lagos', 'Engineering', false, '<p>Role.</p>');

select tests.act_as_visitor();
select public.record_page_view(p) from unnest(array[
  '/about', '/About/', '/solutions/pgtap-solution', '/resources/blog/pgtap-published',
  '/careers/pgtap-open',
  '/made-up', '/solutions/no-such-solution', '/resources/blog/pgtap-draft', '/admin', '/admin/blog',
  '/careers/pgtap-closed', '/careers/no-such-role', '/careers/43000000-0000-4000-8000-000000000001/apply', '/about/extra'
]) as p;

select tests.act_as_owner();
select is(tests.views('/about'), 2, 'a fixed page counts, under one spelling whatever its case or trailing slash');
select is(tests.views('/solutions/pgtap-solution'), 1, 'an existing solution counts');
select is(tests.views('/resources/blog/pgtap-published'), 1, 'a published post counts');
select is(tests.views('/careers/pgtap-open'), 1, 'an open job''s page counts');
select set_eq($$ select path from public.page_views where day = current_date $$,
  array['/about', '/solutions/pgtap-solution', '/resources/blog/pgtap-published', '/careers/pgtap-open'],
  'made-up paths, unknown slugs, drafts, closed jobs, redirecting addresses and the back office are not counted');
select throws_ok($$ select public.record_page_view('no-slash') $$, '22023', 'Invalid page path.', 'a malformed path is still refused');

-- Once 10,000 paths were stored today (the old cap), a real page is still counted.
insert into public.page_views (path, day, count)
select '/flood-' || g, current_date, 1 from generate_series(1, 10000) as g;
select tests.act_as_visitor();
select public.record_page_view('/industries');
select tests.act_as_owner();
select is(tests.views('/industries'), 1, 'no number of stored paths keeps a real page from being counted');

-- One client: 30 beacons a minute; the rest of this minute's are ignored, other clients are not.
select tests.act_as_visitor('198.51.100.43');
select public.record_page_view('/products') from generate_series(1, 35);
select tests.act_as_owner();
select is(tests.views('/products'), 30, 'one client''s beacons past 30 a minute are not counted');
select tests.act_as_visitor('198.51.100.44');
select public.record_page_view('/products');
select tests.act_as_owner();
select is(tests.views('/products'), 31, 'another client is still counted');
-- The limit keys on the client, not on what it writes into X-Forwarded-For to the left.
select tests.act_as_visitor('203.0.113.1, 198.51.100.43');
select public.record_page_view('/products');
select tests.act_as_owner();
select is(tests.views('/products'), 31, 'a forged X-Forwarded-For entry does not give a client a new allowance');
select is((select count(*)::integer from private.page_view_beacons), 2, 'the beacon log holds one row per client and minute');

select tests.act_as_visitor();
select throws_ok($$ select * from private.page_view_beacons $$, '42501', null, 'visitors cannot read the beacon log');

select * from finish();
rollback;
