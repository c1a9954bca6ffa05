-- public.blog_posts: visitors and members read live posts only and write nothing; post editors read
-- drafts, add, publish, change and delete; unpublishing hides a post at once; the database refuses
-- what the form would.
begin;
select plan(23);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published) values
  ('c5000000-0000-4000-8000-000000000001', 'pgtap-published', 'Published', 'Ex.', '<p>Body</p>', 'pgtap', '/img/a.png', 'Ada', true),
  ('c5000000-0000-4000-8000-000000000002', 'pgtap-draft', 'Draft', 'Ex.', '<p>Body</p>', 'pgtap', '/img/b.png', 'Ada', false);

-- anon ------------------------------------------------------------------------------------------------
select tests.act_as_anon();

select results_eq($$ select slug from public.blog_posts where category = 'pgtap' order by slug $$,
  array['pgtap-published'], 'anon reads published posts but not drafts');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name)
                    values ('x', 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '42501', 'permission denied for table blog_posts', 'anon cannot add posts');

select throws_ok($$ update public.blog_posts set published = true $$,
  '42501', 'permission denied for table blog_posts', 'anon cannot publish or edit posts');

select throws_ok($$ delete from public.blog_posts $$,
  '42501', 'permission denied for table blog_posts', 'anon cannot delete posts');

select throws_ok($$ truncate public.blog_posts $$,
  '42501', 'permission denied for table blog_posts', 'anon cannot truncate (which would skip RLS)');

-- signed in, not an admin -----------------------------------------------------------------------------
select tests.act_as_member();

select results_eq($$ select slug from public.blog_posts where category = 'pgtap' order by slug $$,
  array['pgtap-published'], 'a non-admin does not see drafts');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name)
                    values ('x', 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '42501', 'new row violates row-level security policy for table "blog_posts"', 'a non-admin cannot add posts');

update public.blog_posts set published = true, title = 'Hacked' where category = 'pgtap';

delete from public.blog_posts where category = 'pgtap';

select tests.act_as_owner();

select results_eq($$ select slug || ':' || published || ':' || title from public.blog_posts where category = 'pgtap' order by slug $$,
  array['pgtap-draft:false:Draft', 'pgtap-published:true:Published'], 'a non-admin can neither publish, change nor delete posts');

-- admin ---------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select results_eq($$ select slug from public.blog_posts where category = 'pgtap' order by slug $$,
  array['pgtap-draft', 'pgtap-published'], 'an admin reads drafts too');

select lives_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, tags)
                   values ('pgtap-new-post', 'New', 'e', '<p>c</p>', 'pgtap', '/i.png', 'Ada', '{fintech}') $$,
  'an admin adds posts');

update public.blog_posts set published = true where slug = 'pgtap-draft';

select results_eq($$ select published from public.blog_posts where slug = 'pgtap-draft' $$,
  array[true], 'an admin publishes a draft');

delete from public.blog_posts where category = 'pgtap';

select tests.act_as_owner();

select is_empty($$ select 1 from public.blog_posts where category = 'pgtap' $$, 'an admin deletes posts');

-- Unpublishing hides a post from visitors at once ---------------------------------------------------------
select tests.act_as_owner();

insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values
  ('pgtap-toggle', 'Toggle', 'e', '<p>c</p>', 'pgtap', '/i.png', 'Ada');

select tests.act_as_admin();

update public.blog_posts set published = false where slug = 'pgtap-toggle';

select tests.act_as_anon();

select is_empty($$ select 1 from public.blog_posts where slug = 'pgtap-toggle' $$, 'an unpublished post disappears from the public site');

-- What the database refuses, whoever writes (as the owner, past row-level security) --------------
select tests.act_as_owner();

insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values
  ('pgtap-taken', 'Taken', 'e', '<p>c</p>', 'pgtap', '/i.png', 'Ada');

-- Controls: well-formed rows are accepted --------------------------------------------------------------
select lives_ok(
  $$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, author_avatar, tags)
     values ('pgtap-2024-review', 'A title', 'An excerpt', '<p>Body</p>', 'News', 'https://cdn.example.test/a.png', 'Ada', null, '{one,two}') $$,
  'a well-formed post is accepted');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('hello_world', 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_slug_check"', 'a slug with an underscore is refused');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values (repeat('a', 121), 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_slug_check"', 'a slug over 120 characters is refused');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('pgtap-taken', 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '23505', 'duplicate key value violates unique constraint "blog_posts_slug_key"', 'a duplicate post slug is refused');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('x', repeat('t', 201), 'e', 'c', 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_title_check"', 'a title over 200 characters is refused');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('x', 't', repeat('e', 1001), 'c', 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_excerpt_check"', 'an excerpt over 1000 characters is refused');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('x', 't', 'e', repeat('c', 200001), 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_content_check"', 'post content over 200000 characters is refused');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('x', 't', 'e', 'c', 'c', 'data:text/html,<script>alert(1)</script>', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_featured_image_check"', 'a data: featured image is refused');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image) values ('x', 't', 'e', 'c', 'c', '/i.png') $$,
  '23502', 'null value in column "author_name" of relation "blog_posts" violates not-null constraint', 'a post without author name is refused');

select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, tags) values ('x', 't', 'e', 'c', 'c', '/i.png', 'a', array_fill('tag'::text, array[51])) $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_tags_check"', 'more than 50 tags are refused');

select * from finish();
rollback;
