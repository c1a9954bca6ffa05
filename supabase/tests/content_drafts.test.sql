-- Pending changes (content_drafts), here a blog post's draft copy: staff who edit the kind keep one
-- per item and visitors never see it; an autosave of the copy leaves the post, its versions and the
-- activity log alone; publishing the copy updates the post once (one version), removes the copy, and
-- is refused when it is based on an old version of the post. A change of an item that does not
-- exist, or of a kind the person does not edit, is refused.
begin;
select plan(20);

select tests.create_identities();
insert into auth.users (id, email, raw_user_meta_data) values
  ('27000000-0000-4000-8000-000000000001', 'pgtap-ed27@example.test', '{"full_name": "Ed Editor"}'),
  ('27000000-0000-4000-8000-000000000002', 'pgtap-sam27@example.test', '{}');
insert into public.staff_roles (user_id, role) values
  ('27000000-0000-4000-8000-000000000001', 'editor'),
  ('27000000-0000-4000-8000-000000000002', 'sales');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published, publish_at, updated_at)
values ('27000000-0000-4000-8000-0000000000b1', 'pgtap-draft-copy', 'Live title', 'Live excerpt', '<p>Live</p>', 'Test',
        '/images/x.png', 'Tester', true, '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00');
create function tests.post_versions() returns bigint language sql security definer
  as $$ select count(*) from private.revisions where table_name = 'blog_posts' and row_id = '27000000-0000-4000-8000-0000000000b1' $$;
create function tests.post_activity() returns bigint language sql security definer
  as $$ select count(*) from private.activity_log where table_name = 'blog_posts' and row_id = '27000000-0000-4000-8000-0000000000b1' $$;
create function tests.refusal_detail() returns jsonb language plpgsql as $$
begin
  perform public.publish_post_draft('27000000-0000-4000-8000-0000000000b1', '2026-01-01 00:00:00+00');
  return null;
exception when serialization_failure then
  declare d text; begin get stacked diagnostics d = pg_exception_detail; return d::jsonb; end;
end
$$;
grant execute on all functions in schema tests to anon, authenticated, service_role;
create temporary table counts as select tests.post_versions() as versions, tests.post_activity() as activity;
grant select on counts to authenticated;

-- The editor starts a draft copy of the published post and autosaves it twice.
select tests.act_as('authenticated', '27000000-0000-4000-8000-000000000001');
select lives_ok(
  $$ insert into public.content_drafts (kind, id, change)
     values ('post', '27000000-0000-4000-8000-0000000000b1', '{"title": "Draft title", "content": "<p>Draft</p>"}') $$,
  'a post editor starts a draft copy of a published post');
select lives_ok(
  $$ update public.content_drafts set change = '{"title": "Draft title 2", "content": "<p>Draft 2</p>", "tags": ["a", "b"]}'
      where id = '27000000-0000-4000-8000-0000000000b1' $$,
  'and autosaves it again');
select is((select title from public.blog_posts where id = '27000000-0000-4000-8000-0000000000b1'), 'Live title',
  'the post itself is unchanged by the copy');
select is((select updated_by from public.content_drafts where id = '27000000-0000-4000-8000-0000000000b1'),
  '27000000-0000-4000-8000-000000000001'::uuid, 'the copy records who autosaved it');

-- Visitors and staff without the right see no copy and cannot start one.
select tests.act_as_anon();
select throws_ok($$ select * from public.content_drafts $$, '42501', null, 'anon cannot read draft copies at all');
select is((select title from public.blog_posts where id = '27000000-0000-4000-8000-0000000000b1'), 'Live title',
  'visitors still read the live post');
select tests.act_as('authenticated', '27000000-0000-4000-8000-000000000002');
select is_empty($$ select id from public.content_drafts $$, 'staff who cannot edit posts see no draft copy');
select ok(not tests.allowed($$ insert into public.content_drafts (kind, id, change) values ('post', '27000000-0000-4000-8000-0000000000b1', '{}') $$),
  'nor start one');
select ok(not tests.allowed($$ update public.content_drafts set change = '{"title": "x"}' $$),
  'nor can they change one');
select throws_ok(
  $$ select public.publish_post_draft('27000000-0000-4000-8000-0000000000b1') $$,
  'P0002', 'This post has no draft copy.', 'nor publish one');

select tests.act_as_owner();
select is(tests.post_versions(), (select versions from counts), 'autosaving the copy adds no version of the post');
select is(tests.post_activity(), (select activity from counts), 'nor activity on the post');

-- A change belongs to an item that exists, of the kind the editor writes.
select tests.act_as('authenticated', '27000000-0000-4000-8000-000000000001');
select throws_ok($$ insert into public.content_drafts (kind, id, change) values ('post', '27000000-0000-4000-8000-0000000000ff', '{"title": "x"}') $$,
  '23503', 'Save the item first: a pending change belongs to an existing item.', 'a change of a post that does not exist is refused');
select ok(not tests.allowed($$ insert into public.content_drafts (kind, id, change)
  select 'setting', id, '{"value": "x"}' from public.site_settings where key = 'office_hours' $$),
  'an editor cannot start a change of a site setting');
select is((select title from public.content_drafts where id = '27000000-0000-4000-8000-0000000000b1'), 'Draft copy of Draft title 2',
  'the copy is named after the title it proposes');

-- Someone saves the post meanwhile: publishing the copy based on the version opened is refused.
select tests.act_as_admin();
update public.blog_posts set excerpt = 'Changed meanwhile' where id = '27000000-0000-4000-8000-0000000000b1';
select tests.act_as('authenticated', '27000000-0000-4000-8000-000000000001');
select is(tests.refusal_detail() ->> 'updated_by', 'pgtap-admin@example.test',
  'publishing a copy of an old version is refused, naming who saved the post since');

-- Publishing the copy naming the version now current: one update of the post, the copy gone.
select lives_ok(
  $$ select public.publish_post_draft('27000000-0000-4000-8000-0000000000b1',
       (select updated_at from public.blog_posts where id = '27000000-0000-4000-8000-0000000000b1')) $$,
  'Update publishes the draft copy');
select tests.act_as_anon();
select results_eq(
  $$ select title, content, tags, excerpt from public.blog_posts where id = '27000000-0000-4000-8000-0000000000b1' $$,
  $$ values ('Draft title 2', '<p>Draft 2</p>', array['a', 'b'], 'Changed meanwhile') $$,
  'visitors now read the copy''s fields, and the fields it did not hold are kept');
select tests.act_as_owner();
select is_empty($$ select id from public.content_drafts where id = '27000000-0000-4000-8000-0000000000b1' $$,
  'the copy is gone once published');
select is(tests.post_versions(), (select versions from counts) + 2, 'the post has one version per save: the other editor''s and the Update');

select * from finish();
rollback;
