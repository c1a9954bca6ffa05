-- Revisions: every save keeps a version with its author and changed fields; restore saves a new
-- version and is logged as restored; an item keeps its last 50 versions; a deleted post comes back
-- from "Recently deleted" for 30 days; whoever may edit an item reads and restores its versions, and
-- nobody else.
begin;
select plan(21);

create function tests.act_as_user(user_id uuid) returns void language sql
  as $$ select tests.act_as('authenticated', user_id) $$;
create function tests.version(n integer) returns bigint language sql
  as $$ select id from public.item_revisions('blog_posts', '21000000-0000-4000-8000-0000000000b1') order by id offset n - 1 limit 1 $$;
grant execute on all functions in schema tests to authenticated;

insert into auth.users (id, email, raw_user_meta_data) values
  ('21000000-0000-4000-8000-000000000001', 'pgtap-ada@example.test', '{"full_name": "Ada Admin"}'),
  ('21000000-0000-4000-8000-000000000002', 'pgtap-ed@example.test', '{}'),
  ('21000000-0000-4000-8000-000000000003', 'pgtap-sal@example.test', '{}');
insert into public.staff_roles (user_id, role) values
  ('21000000-0000-4000-8000-000000000001', 'admin'),
  ('21000000-0000-4000-8000-000000000002', 'editor'),
  ('21000000-0000-4000-8000-000000000003', 'sales');

select tests.act_as_user('21000000-0000-4000-8000-000000000001');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name)
values ('21000000-0000-4000-8000-0000000000b1', 'pgtap-versions', 'First', 'x', '<p>one</p>', 'Test', '/images/x.png', 'Tester');
update public.blog_posts set title = 'Second', content = '<p>two</p>' where id = '21000000-0000-4000-8000-0000000000b1';
update public.blog_posts set title = 'Third' where id = '21000000-0000-4000-8000-0000000000b1';

select results_eq(
  $$ select kind, data ->> 'title', changed_fields, author_name from public.item_revisions('blog_posts', '21000000-0000-4000-8000-0000000000b1') $$,
  $$ values ('saved', 'Third', array['title'], 'Ada Admin'), ('saved', 'Second', array['content', 'title'], 'Ada Admin'),
            ('created', 'First', array[]::text[], 'Ada Admin') $$,
  'each save is a version, newest first, with its author and the fields it changed');

select is(public.restore_revision(tests.version(1)), '21000000-0000-4000-8000-0000000000b1', 'restoring the first version');
select results_eq($$ select title, content from public.blog_posts where id = '21000000-0000-4000-8000-0000000000b1' $$,
  $$ values ('First', '<p>one</p>') $$, 'brings its text back');
select results_eq(
  $$ select kind, data ->> 'title' from public.item_revisions('blog_posts', '21000000-0000-4000-8000-0000000000b1') limit 1 $$,
  $$ values ('restored', 'First') $$, 'and saves it as a new version, so the restore can be undone');
select tests.act_as_owner();
select results_eq(
  $$ select action, title, actor_name from private.activity_log where row_id = '21000000-0000-4000-8000-0000000000b1' order by id desc limit 1 $$,
  $$ values ('restored', 'First', 'Ada Admin') $$, 'a restore is logged as restored');

-- Content that predates the history keeps the version its first save replaces.
select tests.act_as_user('21000000-0000-4000-8000-000000000001');
select is(
  (select count(*)::int from public.item_revisions('solutions', (select id::text from public.solutions order by created_at limit 1))), 1,
  'a seeded solution starts with its created version');
update public.solutions set title = 'Renamed' where id = (select id from public.solutions order by created_at limit 1);
select results_eq(
  $$ select kind from public.item_revisions('solutions', (select id::text from public.solutions order by created_at limit 1)) $$,
  array['saved', 'created'], 'and its first save adds a version');

-- Site settings are one item.
update public.site_settings set value = 'Versioned Ltd' where key = 'company_name';
select results_eq(
  $$ select changed_fields, data ->> 'company_name' from public.item_revisions('site_settings', 'site') limit 1 $$,
  $$ values (array['company_name'], 'Versioned Ltd') $$, 'a settings save is a version of all settings with the keys it changed');
select lives_ok($$ select public.restore_revision((select id from public.item_revisions('site_settings', 'site') offset 1 limit 1)) $$,
  'restoring the settings before it');
select isnt((select value from public.site_settings where key = 'company_name'), 'Versioned Ltd', 'puts the old value back');

-- The last 50 versions of an item.
do $$ begin
  for i in 1..60 loop
    update public.blog_posts set excerpt = 'x' || i where id = '21000000-0000-4000-8000-0000000000b1';
  end loop;
end $$;
select is((select count(*)::int from public.item_revisions('blog_posts', '21000000-0000-4000-8000-0000000000b1')), 50,
  'an item keeps its last 50 versions');

-- Recently deleted.
delete from public.blog_posts where id = '21000000-0000-4000-8000-0000000000b1';
select results_eq($$ select item_table, title from public.recently_deleted() where item_id = '21000000-0000-4000-8000-0000000000b1' $$,
  $$ values ('blog_posts', 'First') $$, 'a deleted post is listed as recently deleted');
select lives_ok($$ select public.restore_revision((select revision_id from public.recently_deleted() where item_id = '21000000-0000-4000-8000-0000000000b1')) $$,
  'and brought back');
select results_eq($$ select slug, excerpt from public.blog_posts where id = '21000000-0000-4000-8000-0000000000b1' $$,
  $$ values ('pgtap-versions', 'x60') $$, 'as it was when deleted, with its id');

delete from public.job_openings where id = (select id from public.job_openings order by created_at limit 1);
select tests.act_as_owner();
update private.revisions set created_at = now() - interval '31 days' where kind = 'deleted' and table_name = 'job_openings';
select private.apply_history_retention();
select is((select count(*)::int from private.revisions where table_name = 'job_openings' and row_id = (
  select row_id from private.revisions where table_name = 'job_openings' and kind = 'deleted' limit 1)), 0,
  'retention removes every version of an item deleted more than 30 days ago');

-- Whoever may edit the items: an editor uses a post's versions but not the site settings'.
create table tests.revision_ids as
  select (select max(id) from private.revisions where table_name = 'blog_posts' and row_id = '21000000-0000-4000-8000-0000000000b1') as post_latest,
         (select max(id) from private.revisions where table_name = 'site_settings') as settings_last;
grant select on tests.revision_ids to authenticated;
select tests.act_as_user('21000000-0000-4000-8000-000000000002');
select isnt_empty($$ select * from public.item_revisions('blog_posts', '21000000-0000-4000-8000-0000000000b1') $$,
  'an editor reads the versions of a post');
select is(public.restore_revision(tests.version(2)), '21000000-0000-4000-8000-0000000000b1', 'and restores one');
select throws_ok($$ select * from public.item_revisions('site_settings', 'site') $$,
  '42501', 'You cannot read or restore versions of these items.', 'an editor cannot read the versions of the site settings');
select throws_ok(format('select public.restore_revision(%s)', (select settings_last from tests.revision_ids)),
  '42501', 'You cannot read or restore versions of these items.', 'nor restore one');

-- Sales edits no versioned item.
select tests.act_as_user('21000000-0000-4000-8000-000000000003');
select throws_ok($$ select * from public.item_revisions('blog_posts', '21000000-0000-4000-8000-0000000000b1') $$,
  '42501', 'You cannot read or restore versions of these items.', 'sales cannot read versions');
select throws_ok(format('select public.restore_revision(%s)', (select post_latest from tests.revision_ids)), '42501', 'You cannot read or restore versions of these items.', 'nor restore one');

select * from finish();
rollback;
