-- Scheduled publishing: a post goes live at its publish_at for visitors, by row-level security
-- alone; a job opening leaves the site and refuses applications after its closing date. The clock
-- is set by the test (app.clock), so nothing waits.
begin;
select plan(16);
-- private.public_page is the page-view counter's own check; only its owner calls it.
create function tests.public_page(page_path text) returns text language sql security definer as $$
  select private.public_page(page_path)
$$;
grant execute on function tests.public_page(text) to anon, authenticated;
create function tests.set_clock(at timestamptz) returns void language sql as $$
  select set_config('app.clock', at::text, true)
$$;

insert into auth.users (id, email) values ('23000000-0000-4000-8000-000000000001', 'pgtap-scheduler@example.test');
insert into public.staff_roles (user_id, role) values ('23000000-0000-4000-8000-000000000001', 'admin');
insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, published, publish_at) values
  ('pgtap-scheduled', 'Scheduled', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A', true, '2030-01-01 09:01:00+00'),
  ('pgtap-draft', 'Draft', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A', false, '2029-01-01 00:00:00+00');
insert into public.job_openings (id, title, location, department, closes_at, description) values
  ('23000000-0000-4000-8000-0000000000a1', 'PGTAP Closing', 'Lagos', 'Engineering', '2030-01-01 17:00:00+00', '<p>Role.</p>');

-- A minute before the scheduled time.
select tests.set_clock('2030-01-01 09:00:00+00');
select tests.act_as('anon');
select is_empty($$ select 1 from public.blog_posts where slug = 'pgtap-scheduled' $$, 'a post scheduled a minute ahead is invisible to visitors');
select is(tests.public_page('/resources/blog/pgtap-scheduled'), null, 'its page does not count views yet');
select tests.act_as('authenticated', '23000000-0000-4000-8000-000000000001');
select isnt_empty($$ select 1 from public.blog_posts where slug = 'pgtap-scheduled' $$, 'an admin sees the scheduled post');

-- The minute passes.
select tests.set_clock('2030-01-01 09:01:00+00');
select tests.act_as('anon');
select isnt_empty($$ select 1 from public.blog_posts where slug = 'pgtap-scheduled' $$, 'at its time the post is visible to visitors, with nothing run');
select tests.act_as('authenticated');
select isnt_empty($$ select 1 from public.blog_posts where slug = 'pgtap-scheduled' $$, 'and to signed-in non-staff');
select tests.act_as('anon');
select is_empty($$ select 1 from public.blog_posts where slug = 'pgtap-draft' $$, 'a draft stays hidden whatever its publish_at');
select is(tests.public_page('/resources/blog/pgtap-scheduled'), '/resources/blog/pgtap-scheduled', 'the live post''s page counts views');

-- publish_at defaults to the creation time.
select tests.act_as_owner();
insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, created_at)
values ('pgtap-default-time', 'Now', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A', '2024-05-01 10:00:00+00');
select is((select publish_at from public.blog_posts where slug = 'pgtap-default-time'), '2024-05-01 10:00:00+00'::timestamptz, 'a post given no publish_at goes live when created');

-- Job opening closing date.
select tests.set_clock('2030-01-01 16:59:00+00');
select tests.act_as('anon');
select isnt_empty($$ select 1 from public.job_openings where id = '23000000-0000-4000-8000-0000000000a1' $$, 'an opening is listed before its closing date');
select ok(public.job_opening_accepts_applications('23000000-0000-4000-8000-0000000000a1'), 'and accepts applications');
select tests.set_clock('2030-01-01 17:00:00+00');
select is_empty($$ select 1 from public.job_openings where id = '23000000-0000-4000-8000-0000000000a1' $$, 'at its closing date the opening leaves the site');
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path) values ('23000000-0000-4000-8000-0000000000a1', 'Late', 'late@example.com', '7d0f1d7e-3c49-4a0e-9d0a-1f4c1b2a3e4f/cv.pdf') $$,
  '42501', null, 'the database refuses an application to a closed opening');
select is(tests.public_page('/careers/23000000-0000-4000-8000-0000000000a1/apply'), null, 'a closed opening''s application page counts no views');
select tests.act_as('authenticated', '23000000-0000-4000-8000-000000000001');
select isnt_empty($$ select 1 from public.job_openings where id = '23000000-0000-4000-8000-0000000000a1' $$, 'an admin still sees the closed opening');

-- The company time zone.
select is((select value from public.site_settings where key = 'time_zone'), 'Africa/Lagos', 'the company time zone defaults to Africa/Lagos');
select throws_ok($$ update public.site_settings set value = 'Mars/Olympus' where key = 'time_zone' $$, '23514', null, 'an unknown time zone is refused');

select * from finish();
rollback;
