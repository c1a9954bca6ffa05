-- An approval binds what the reviewer saw: with content_requires_approval on, a decision names the
-- fingerprint the reviewer's screen showed and another version is refused; the last editor, who may
-- not approve, cannot be forged through updated_by; the fingerprint covers the bytes of the stored
-- files the content shows, so a replaced picture withdraws the approval (and while a live item shows
-- the file, its bytes cannot be replaced); reviewers' previews show the version under review and
-- stay hidden from editors; previews of rejected or withdrawn versions stop; no redirect leads to one.
begin;
select plan(45);

select tests.create_identities();
insert into auth.users (id, email, raw_user_meta_data) values
  ('34000000-0000-4000-8000-000000000001', 'pgtap-ed34@example.test', '{"full_name": "Ed Editor"}'),
  ('34000000-0000-4000-8000-000000000002', 'pgtap-cara34@example.test', '{"full_name": "Cara Compliance"}');
insert into public.staff_roles (user_id, role) values
  ('34000000-0000-4000-8000-000000000001', 'editor'),
  ('34000000-0000-4000-8000-000000000002', 'compliance');
update public.site_settings set value = 'true' where key = 'content_requires_approval';

-- The picture the posts show, as the Storage API stored it.
insert into storage.objects (bucket_id, name, version, metadata) values
  ('media', 'pgtap34/chart.png', 'v1', '{"eTag": "\"e1\"", "size": 10, "mimetype": "image/png"}');

-- The review that counts (one transaction gives every request the same requested_at): waiting, else approved.
create function tests.latest_review(item uuid) returns public.content_reviews language sql security definer as $$
  select * from public.content_reviews where item_id = item
   order by requested_at desc, array_position(array['pending', 'approved', 'rejected', 'withdrawn'], state) limit 1
$$;
create function tests.review_state(review uuid) returns text language sql security definer as $$
  select state from public.content_reviews where id = review
$$;
-- What a visitor holding a preview link sees.
create function tests.preview_title(link text) returns text language plpgsql as $$
declare v text;
begin
  perform tests.act_as_anon();
  select title into v from public.post_preview(link);
  return v;
end
$$;
-- The Storage API replacing the bytes at a name (a new version and content hash).
create function tests.replace_file(object_name text, etag text) returns void language sql as $$
  update storage.objects set version = etag, metadata = jsonb_set(metadata, '{eTag}', to_jsonb('"' || etag || '"'))
   where bucket_id = 'media' and name = object_name
$$;
create temporary table links (name text primary key, token text) on commit drop;
create temporary table seen (name text primary key, fingerprint text) on commit drop;
grant select, insert, delete on links, seen to anon, authenticated;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- 1. A decision names the version the reviewer saw ---------------------------------------------------
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published) values
  ('34000000-0000-4000-8000-0000000000b1', 'pgtap-bind-a', 'Version A', 'E', '<p>Steady growth</p>', 'News', '/images/x.png', 'A', false);
select public.request_review('post', '34000000-0000-4000-8000-0000000000b1', null);
insert into seen select 'A', tests.waiting_version('34000000-0000-4000-8000-0000000000b1');
-- The reviewer's screen shows A; meanwhile the editor changes the text and asks again.
update public.blog_posts set title = 'Guaranteed 35% returns' where id = '34000000-0000-4000-8000-0000000000b1';
select public.request_review('post', '34000000-0000-4000-8000-0000000000b1', null);
insert into seen select 'B', tests.waiting_version('34000000-0000-4000-8000-0000000000b1');

select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000002');
select throws_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b1', 'approve', null, (select fingerprint from seen where name = 'A')) $$,
  '40001', 'This changed after you opened it; review the new version',
  'approving the version on screen after the editor asked again is refused');
select throws_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b1', 'reject', 'No', (select fingerprint from seen where name = 'A')) $$,
  '40001', 'This changed after you opened it; review the new version', 'and so is rejecting it');
select throws_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b1', 'approve', null) $$,
  '22023', 'Name the version you reviewed: its fingerprint is required.', 'a decision without a fingerprint is refused');
select throws_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b1', 'approve', null, 'not-a-fingerprint') $$,
  '22023', 'Name the version you reviewed: its fingerprint is required.', 'and so is one with something else in its place');
select is(tests.anon_title('34000000-0000-4000-8000-0000000000b1'), null, 'nothing went live');
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000002');
select is((select state from public.content_reviews where fingerprint = (select fingerprint from seen where name = 'B')), 'pending',
  'the new version still waits');
select lives_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b1', 'reject', 'Returns cannot be promised', (select fingerprint from seen where name = 'B')) $$,
  'the reviewer decides the new version once it is on screen');

-- A change made after the reviewer opened the only request withdraws it: the version on screen is stale.
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
update public.blog_posts set title = 'Version C' where id = '34000000-0000-4000-8000-0000000000b1';
select public.request_review('post', '34000000-0000-4000-8000-0000000000b1', null);
insert into seen select 'C', tests.waiting_version('34000000-0000-4000-8000-0000000000b1');
update public.blog_posts set excerpt = 'Changed while open' where id = '34000000-0000-4000-8000-0000000000b1';
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000002');
select throws_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b1', 'approve', null, (select fingerprint from seen where name = 'C')) $$,
  '40001', 'This changed after you opened it; review the new version', 'a change after the request makes the version on screen stale');

-- 2. Authorship comes from the session ----------------------------------------------------------------
select tests.act_as_admin();
select lives_ok(
  $$ insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published, updated_by) values
       ('34000000-0000-4000-8000-0000000000b2', 'pgtap-bind-forged', 'Forged', 'E', '<p>F</p>', 'News', '/images/x.png', 'A', false,
        '34000000-0000-4000-8000-000000000001') $$,
  'an admin inserts a post naming a colleague as its last editor');
select tests.act_as_owner();
select is((select updated_by from public.blog_posts where id = '34000000-0000-4000-8000-0000000000b2'), tests.admin_id(),
  'the post records the admin who inserted it');
select tests.act_as_admin();
update public.blog_posts set title = 'Forged again', updated_by = '34000000-0000-4000-8000-000000000001'
 where id = '34000000-0000-4000-8000-0000000000b2';
insert into public.content_drafts (kind, id, change, updated_by)
values ('post', '34000000-0000-4000-8000-0000000000b2', '{"title": "Forged copy"}', '34000000-0000-4000-8000-000000000001');
select tests.act_as_owner();
select is((select updated_by from public.blog_posts where id = '34000000-0000-4000-8000-0000000000b2'), tests.admin_id(),
  'an update naming a colleague records the admin too');
select is((select updated_by from public.content_drafts where id = '34000000-0000-4000-8000-0000000000b2'), tests.admin_id(),
  'and so does a draft copy inserted naming a colleague');
select tests.act_as_admin();
select public.request_review('post', '34000000-0000-4000-8000-0000000000b2', null);
select is((tests.latest_review('34000000-0000-4000-8000-0000000000b2')).changed_by, tests.admin_id(),
  'the review names the admin as the last editor');
select throws_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b2', 'approve', null, tests.waiting_version('34000000-0000-4000-8000-0000000000b2')) $$,
  '42501', 'You made the last change to this version: another reviewer must approve it.',
  'so the admin cannot approve his own change under a colleague''s name');
-- An editor cannot bar a chosen reviewer by naming her as the last editor.
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published, updated_by) values
  ('34000000-0000-4000-8000-0000000000b3', 'pgtap-bind-bar', 'Bar the reviewer', 'E', '<p>B</p>', 'News', '/images/x.png', 'A', false,
   '34000000-0000-4000-8000-000000000002');
select public.request_review('post', '34000000-0000-4000-8000-0000000000b3', null);
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000002');
select lives_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b3', 'approve', null, tests.waiting_version('34000000-0000-4000-8000-0000000000b3')) $$,
  'the reviewer the editor named approves: the editor is the last editor');
select tests.act_as_owner();
select is((tests.latest_review('34000000-0000-4000-8000-0000000000b3')).changed_by, '34000000-0000-4000-8000-000000000001'::uuid,
  'and the record names the editor as the author');

-- 3. The fingerprint covers the files' bytes --------------------------------------------------------
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published) values
  ('34000000-0000-4000-8000-0000000000b4', 'pgtap-bind-chart', 'Chart', 'E',
   '<p><img src="http://127.0.0.1:54321/storage/v1/render/image/public/media/pgtap34/chart.png?width=640" alt="Growth"></p>',
   'News', 'http://127.0.0.1:54321/storage/v1/object/public/media/pgtap34/chart.png', 'A', false);
select public.request_review('post', '34000000-0000-4000-8000-0000000000b4', null);
select tests.act_as_owner();
select is((tests.latest_review('34000000-0000-4000-8000-0000000000b4')).files, '{"pgtap34/chart.png": "\"e1\""}'::jsonb,
  'the request records the content hash of the picture the post shows');
select isnt((tests.latest_review('34000000-0000-4000-8000-0000000000b4')).fingerprint,
  encode(sha256(convert_to((tests.latest_review('34000000-0000-4000-8000-0000000000b4')).content::text, 'UTF8')), 'hex'),
  'and its fingerprint covers more than the fields');
-- Replaced while the review waits: the reviewer's version is stale.
insert into seen select 'chart-e1', tests.waiting_version('34000000-0000-4000-8000-0000000000b4');
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
select lives_ok($$ select tests.replace_file('pgtap34/chart.png', 'e2') $$, 'the editor replaces the picture of a post not yet live');
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000002');
select throws_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b4', 'approve', null, (select fingerprint from seen where name = 'chart-e1')) $$,
  '40001', 'This changed after you opened it; review the new version', 'the request of the old picture cannot be approved');
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
select public.request_review('post', '34000000-0000-4000-8000-0000000000b4', null);
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000002');
select lives_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b4', 'approve', null, tests.waiting_version('34000000-0000-4000-8000-0000000000b4')) $$,
  'the new picture is approved');
insert into seen select 'chart-approval', (tests.latest_review('34000000-0000-4000-8000-0000000000b4')).id::text;
select is(tests.anon_title('34000000-0000-4000-8000-0000000000b4'), 'Chart', 'and the post is live');

-- While the post is live its picture's bytes stay as approved.
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
select throws_ok($$ select tests.replace_file('pgtap34/chart.png', 'e3') $$, '42501',
  'Publishing needs approval: this file is shown on the live site as approved. Upload the new picture under another name and use it in the item; that change waits for approval.',
  'replacing a picture a live post shows is refused');
select throws_ok($$ update storage.objects set name = 'pgtap34/moved.png' where bucket_id = 'media' and name = 'pgtap34/chart.png' $$, '42501', null,
  'and so is moving it away');
select lives_ok($$ insert into storage.objects (bucket_id, name, version, metadata) values ('media', 'pgtap34/chart.png.new', 'x', '{"eTag": "\"x\""}') $$,
  'storing a file no live item shows is not');
select tests.act_as_owner();
select is((select metadata ->> 'eTag' from storage.objects where bucket_id = 'media' and name = 'pgtap34/chart.png'), '"e2"',
  'the approved bytes stay');
select is(tests.review_state((select fingerprint::uuid from seen where name = 'chart-approval')), 'approved', 'and so does the approval');

-- Taken down, approved but not live: a replaced picture withdraws the approval.
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
update public.blog_posts set published = false where id = '34000000-0000-4000-8000-0000000000b4';
select lives_ok($$ update public.blog_posts set published = true where id = '34000000-0000-4000-8000-0000000000b4' $$,
  'the approved version can go live again as it is');
update public.blog_posts set published = false where id = '34000000-0000-4000-8000-0000000000b4';
select tests.archive_recorded_files();
select lives_ok($$ select tests.replace_file('pgtap34/chart.png', 'e3') $$, 'the picture is replaced while the post is down');
select is(tests.review_state((select fingerprint::uuid from seen where name = 'chart-approval')), 'withdrawn',
  'the replaced picture withdraws the approval');
select throws_ok($$ update public.blog_posts set published = true where id = '34000000-0000-4000-8000-0000000000b4' $$, '42501', null,
  'so the post cannot go live with the new picture unapproved');

-- 4. Previews ------------------------------------------------------------------------------------------
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published) values
  ('34000000-0000-4000-8000-0000000000b5', 'pgtap-bind-preview', 'Asked version', 'E', '<p>P</p>', 'News', '/images/x.png', 'A', false);
insert into links select 'editor', public.create_post_preview('34000000-0000-4000-8000-0000000000b5');
select public.request_review('post', '34000000-0000-4000-8000-0000000000b5', null);
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000002');
select throws_ok($$ select public.create_post_preview('34000000-0000-4000-8000-0000000000b5') $$, '42501', 'Only post editors can share previews.',
  'a reviewer makes no editor''s preview link');
insert into links select 'reviewer', public.create_review_preview((tests.latest_review('34000000-0000-4000-8000-0000000000b5')).id);
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
select is((select count(*)::int from public.post_previews where post_id = '34000000-0000-4000-8000-0000000000b5'), 1,
  'the editor sees only his own link, not the reviewer''s');
select ok(not tests.allowed($$ update public.post_previews set revoked_at = now() where review_id is not null $$),
  'and cannot revoke the reviewer''s');
select is(tests.preview_title((select token from links where name = 'reviewer')), 'Asked version', 'the reviewer''s link shows the version under review');
select is(tests.preview_title((select token from links where name = 'editor')), 'Asked version', 'as does the editor''s, before any change');
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000002');
select lives_ok($$ select public.review_content('post', '34000000-0000-4000-8000-0000000000b5', 'reject', 'Not this', tests.waiting_version('34000000-0000-4000-8000-0000000000b5')) $$,
  'the reviewer rejects it');
select is(tests.preview_title((select token from links where name = 'editor')), null, 'the rejected post''s preview link stops working');
select is(tests.preview_title((select token from links where name = 'reviewer')), null, 'and so does the reviewer''s');
-- A change after a request withdraws it, and the links to the withdrawn version stop too.
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
delete from links where name = 'editor';
insert into links select 'editor', public.create_post_preview('34000000-0000-4000-8000-0000000000b5');
select public.request_review('post', '34000000-0000-4000-8000-0000000000b5', null);
update public.blog_posts set title = 'Changed after the request' where id = '34000000-0000-4000-8000-0000000000b5';
select is(tests.preview_title((select token from links where name = 'editor')), null, 'a withdrawn version''s preview link stops working');

-- No redirect leads to a preview.
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
select throws_ok(format('insert into public.redirects (from_path, to_path) values (%L, %L)', '/resources/blog/pgtap-bind-a', '/preview/' || (select token from links where name = 'editor')),
  '23514', 'A redirect cannot point to a preview link: previews are not for visitors.', 'a redirect cannot point to a preview link');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/pgtap-bind-1', '/%70review/abc') $$,
  '23514', null, 'nor to one spelt with escaped letters');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/pgtap-bind-2', '/resources/../preview/abc') $$,
  '23514', null, 'nor through dot segments');
select tests.act_as_admin();
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/pgtap-bind-3', 'https://www.example.com/Preview/abc') $$,
  '23514', null, 'nor, for an admin, to a preview on a full address');

-- With the setting off nothing changes ------------------------------------------------------------------
select tests.act_as_owner();
update public.site_settings set value = 'false' where key = 'content_requires_approval';
update public.blog_posts set published = true where id = '34000000-0000-4000-8000-0000000000b4';
select tests.act_as('authenticated', '34000000-0000-4000-8000-000000000001');
select tests.archive_recorded_files();
select lives_ok($$ select tests.replace_file('pgtap34/chart.png', 'e4') $$, 'with the setting off a live post''s picture is replaced at once');

select * from finish();
rollback;
