-- Visitors' reads of posts and job openings are planned on the visibility test alone: their
-- policies do not ask for a staff permission. Signed-in users keep the combined policy.
begin;
select plan(6);

select is(
  (select array_agg(policyname order by policyname) from pg_policies
    where schemaname = 'public' and tablename in ('blog_posts', 'job_openings') and cmd = 'SELECT'
      and permissive = 'PERMISSIVE' and 'anon' = any (roles)),
  array['Visitors can read live posts', 'Visitors can read open job openings']::name[],
  'anon reads posts and job openings through one visitor policy each'
);
select is_empty(
  $$ select policyname from pg_policies
     where schemaname = 'public' and tablename in ('blog_posts', 'job_openings') and 'anon' = any (roles)
       and qual like '%has_permission%' $$,
  'no policy anon reads through checks a staff permission'
);

insert into auth.users (id, email) values
  ('31000000-0000-4000-8000-000000000001', 'pgtap-visitor-policies-editor@example.test'),
  ('31000000-0000-4000-8000-000000000002', 'pgtap-visitor-policies-member@example.test');
insert into public.staff_roles (user_id, role) values ('31000000-0000-4000-8000-000000000001', 'admin');
insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, published) values
  ('pgtap-visitor-draft', 'Draft', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A', false),
  ('pgtap-visitor-live', 'Live', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A', true);

select tests.act_as('anon');
select results_eq(
  $$ select slug from public.blog_posts where slug like 'pgtap-visitor-%' order by slug $$,
  array['pgtap-visitor-live'],
  'a visitor reads the live post, not the draft'
);
select tests.act_as('authenticated', '31000000-0000-4000-8000-000000000002');
select results_eq(
  $$ select slug from public.blog_posts where slug like 'pgtap-visitor-%' order by slug $$,
  array['pgtap-visitor-live'],
  'a signed-in user without the permission reads what a visitor reads'
);
select tests.act_as('authenticated', '31000000-0000-4000-8000-000000000001');
select results_eq(
  $$ select slug from public.blog_posts where slug like 'pgtap-visitor-%' order by slug $$,
  array['pgtap-visitor-draft', 'pgtap-visitor-live'],
  'a post editor reads the draft too'
);
select isnt_empty(
  $$ select 1 from pg_policies where schemaname = 'public' and tablename = 'job_openings'
     and 'authenticated' = any (roles) and cmd = 'SELECT' and qual like '%has_permission%' $$,
  'signed-in users read job openings through the policy that lets job editors see every opening'
);

select * from finish();
rollback;
