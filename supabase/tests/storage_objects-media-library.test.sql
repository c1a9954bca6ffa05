-- The media library: after a file is moved, rewrite_media_references() replaces its URLs in every
-- column that can hold one (and only its own), as the mover, so the activity log records it; staff
-- without media.write, members and visitors are refused, and so is a rewrite no move preceded.
-- media_usage() says where each file is used.
begin;
select plan(22);

insert into auth.users (id, email) values
  ('25250000-0000-4000-8000-000000000001', 'pgtap-media-editor@example.test'),
  ('25250000-0000-4000-8000-000000000002', 'pgtap-media-sales@example.test');
insert into public.staff_roles (user_id, role) values
  ('25250000-0000-4000-8000-000000000001', 'editor'),
  ('25250000-0000-4000-8000-000000000002', 'sales');
select tests.create_identities();

-- The file as the Storage API left it after moving blog/old-photo.png to archive/new-photo.png, and
-- a neighbour whose name starts the same.
insert into storage.objects (bucket_id, name) values ('media', 'archive/new-photo.png'), ('media', 'blog/old-photo.png.bak');

insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, author_avatar, published) values
  ('25250000-0000-4000-8000-0000000000b1', 'pgtap-media-post', 'Media post', 'x',
   '<p><img src="http://127.0.0.1:54321/storage/v1/render/image/public/media/blog/old-photo.png?width=640" alt="">'
     || '<img src="https://cdn.example.test/storage/v1/object/public/media/blog/old-photo.png.bak" alt=""></p>',
   'Test', 'http://127.0.0.1:54321/storage/v1/object/public/media/blog/old-photo.png', 'Tester',
   'http://127.0.0.1:54321/storage/v1/object/public/media/blog/old-photo.png', false);
insert into public.clients (id, name, logo_url) values
  ('25250000-0000-4000-8000-0000000000c1', 'Media client', 'http://127.0.0.1:54321/storage/v1/object/public/media/blog/old-photo.png');
insert into public.testimonials (id, quote, name, title, avatar) values
  ('25250000-0000-4000-8000-0000000000d1', 'Q', 'Media quote', 'T', 'http://127.0.0.1:54321/storage/v1/object/public/media/blog/old-photo.png');
insert into public.team_members (id, name, position, bio, avatar, order_index) values
  ('25250000-0000-4000-8000-0000000000e1', 'Media member', 'P', 'B', 'http://127.0.0.1:54321/storage/v1/object/public/media/blog/old-photo.png', 2525);
insert into public.website_content (section, key, content) values
  ('pgtap_media', 'main', '{"image": "http://127.0.0.1:54321/storage/v1/object/public/media/blog/old-photo.png", "title": "Keep me"}');
insert into public.site_settings (key, value) values
  ('pgtap_media_url', 'http://127.0.0.1:54321/storage/v1/object/public/media/blog/old-photo.png');

-- Who may ------------------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok($$ select public.rewrite_media_references('blog/old-photo.png', 'archive/new-photo.png') $$, '42501', null,
  'a visitor cannot rewrite media references');
select throws_ok($$ select * from public.media_usage() $$, '42501', null, 'a visitor cannot read where media is used');

select tests.act_as_member();
select throws_ok($$ select public.rewrite_media_references('blog/old-photo.png', 'archive/new-photo.png') $$, '42501',
  'Only staff who manage media can rename or move files.', 'a member without a staff role is refused');
select throws_ok($$ select * from public.media_usage() $$, '42501',
  'Only staff who manage media can see where files are used.', 'a member cannot read where media is used');

select tests.act_as('authenticated', '25250000-0000-4000-8000-000000000002');
select throws_ok($$ select public.rewrite_media_references('blog/old-photo.png', 'archive/new-photo.png') $$, '42501',
  'Only staff who manage media can rename or move files.', 'sales (no media.write) is refused');

-- Only after a real move, with plain names ----------------------------------------------------------

select tests.act_as('authenticated', '25250000-0000-4000-8000-000000000001');
select throws_ok($$ select public.rewrite_media_references('blog/old-photo.png', 'archive/missing.png') $$, '22023',
  'Move the file first: its new name must exist and its old name must not.', 'a target that is not a file is refused');
select throws_ok($$ select public.rewrite_media_references('blog/old-photo.png.bak', 'archive/new-photo.png') $$, '22023',
  'Move the file first: its new name must exist and its old name must not.', 'a source that is still a file is refused');
select throws_ok($$ select public.rewrite_media_references('blog/old photo.png', 'archive/new-photo.png') $$, '22023', null,
  'a name with a space is refused');
select throws_ok($$ select public.rewrite_media_references('blog/../x.png', 'archive/new-photo.png') $$, '22023', null,
  'a name with .. is refused');

-- An editor's rewrite --------------------------------------------------------------------------------

select is(public.rewrite_media_references('blog/old-photo.png', 'archive/new-photo.png'), 6,
  'an editor''s rewrite changes one row in each table that used the file');

select tests.act_as_owner();
select results_eq(
  $$ select featured_image, author_avatar from public.blog_posts where id = '25250000-0000-4000-8000-0000000000b1' $$,
  $$ values ('http://127.0.0.1:54321/storage/v1/object/public/media/archive/new-photo.png',
             'http://127.0.0.1:54321/storage/v1/object/public/media/archive/new-photo.png') $$,
  'blog_posts.featured_image and author_avatar point to the new name');
select is((select content from public.blog_posts where id = '25250000-0000-4000-8000-0000000000b1'),
  '<p><img src="http://127.0.0.1:54321/storage/v1/render/image/public/media/archive/new-photo.png?width=640" alt="">'
    || '<img src="https://cdn.example.test/storage/v1/object/public/media/blog/old-photo.png.bak" alt=""></p>',
  'blog_posts.content: the transformation URL is rewritten with its options, the neighbour file is left alone');
select is((select logo_url from public.clients where id = '25250000-0000-4000-8000-0000000000c1'),
  'http://127.0.0.1:54321/storage/v1/object/public/media/archive/new-photo.png', 'clients.logo_url is rewritten');
select is((select avatar from public.testimonials where id = '25250000-0000-4000-8000-0000000000d1'),
  'http://127.0.0.1:54321/storage/v1/object/public/media/archive/new-photo.png', 'testimonials.avatar is rewritten');
select is((select avatar from public.team_members where id = '25250000-0000-4000-8000-0000000000e1'),
  'http://127.0.0.1:54321/storage/v1/object/public/media/archive/new-photo.png', 'team_members.avatar is rewritten');
select is((select content from public.website_content where section = 'pgtap_media'),
  '{"image": "http://127.0.0.1:54321/storage/v1/object/public/media/archive/new-photo.png", "title": "Keep me"}'::jsonb,
  'website_content.content (JSON) is rewritten, the rest kept');
select is((select value from public.site_settings where key = 'pgtap_media_url'),
  'http://127.0.0.1:54321/storage/v1/object/public/media/archive/new-photo.png', 'site_settings.value is rewritten');
select is((select updated_by from public.site_settings where key = 'pgtap_media_url'),
  '25250000-0000-4000-8000-000000000001'::uuid, 'the change is the editor''s, even where they could not edit by hand');
select is(
  (select count(*)::int from private.activity_log
    where actor_id = '25250000-0000-4000-8000-000000000001'
      and table_name in ('blog_posts', 'clients', 'testimonials', 'team_members', 'website_content', 'site_settings')),
  6, 'the activity log records each changed row as the editor''s');

-- Where files are used ---------------------------------------------------------------------------------

select tests.act_as('authenticated', '25250000-0000-4000-8000-000000000001');
select results_eq(
  $$ select item_table, item_label from public.media_usage() where object_name = 'archive/new-photo.png' and item_table <> 'website_content' or item_table = 'website_content' and item_id = 'pgtap_media' order by 1 $$,
  $$ values ('blog_posts', 'Media post'), ('clients', 'Media client'), ('site_settings', 'pgtap_media_url'),
            ('team_members', 'Media member'), ('testimonials', 'Media quote'), ('website_content', 'pgtap_media') $$,
  'media_usage lists every item that shows the file, under its new name');
select results_eq(
  $$ select item_label from public.media_usage() where object_name = 'blog/old-photo.png.bak' $$,
  $$ values ('Media post') $$,
  'media_usage tells a file from one whose name starts the same');
select is_empty($$ select 1 from public.media_usage() where object_name = 'blog/old-photo.png' $$, 'the old name is used nowhere');

select * from finish();
rollback;
