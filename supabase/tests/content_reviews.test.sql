-- Compliance sign-off: with content_requires_approval on, no post or solution reaches visitors, by
-- any write path, unless a reviewer who did not make the last change approved exactly that content;
-- a change after the approval withdraws it, visitors keep the approved version meanwhile, and a
-- rejection keeps the item unpublished with its note. With the setting off nothing changes.
begin;
select plan(62);

select tests.create_identities();
insert into auth.users (id, email, raw_user_meta_data) values
  ('32000000-0000-4000-8000-000000000001', 'pgtap-ed32@example.test', '{"full_name": "Ed Editor"}'),
  ('32000000-0000-4000-8000-000000000002', 'pgtap-cara32@example.test', '{"full_name": "Cara Compliance"}'),
  ('32000000-0000-4000-8000-000000000003', 'pgtap-sam32@example.test', '{}');
insert into public.staff_roles (user_id, role) values
  ('32000000-0000-4000-8000-000000000001', 'editor'),
  ('32000000-0000-4000-8000-000000000002', 'compliance'),
  ('32000000-0000-4000-8000-000000000003', 'sales');

-- Arranged before the setting is turned on: a live post, a post whose first version was live, a live solution.
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published, publish_at) values
  ('32000000-0000-4000-8000-0000000000b2', 'pgtap-ca-live', 'Approved live', 'E', '<p>Live</p>', 'News', '/images/x.png', 'A', true, '2026-01-01 00:00:00+00'),
  ('32000000-0000-4000-8000-0000000000b3', 'pgtap-ca-restore', 'Once live', 'E', '<p>Old</p>', 'News', '/images/x.png', 'A', true, '2026-01-01 00:00:00+00');
update public.blog_posts set published = false, title = 'Taken down' where id = '32000000-0000-4000-8000-0000000000b3';
insert into public.solutions (id, slug, title, category, shortdescription, longdescription, icon, url, metadescription) values
  ('32000000-0000-4000-8000-0000000000c2', 'pgtap-ca-solution', 'Live solution', 'Banking', 'Short', 'Long', 'Bot', 'Contact Us', 'Meta');

create function tests.review_of(item uuid) returns public.content_reviews language sql security definer as $$
  select * from public.content_reviews where item_id = item order by requested_at desc, state = 'pending' desc limit 1
$$;
create function tests.logged(item uuid, what text) returns jsonb language sql security definer as $$
  select changes from private.activity_log where row_id = item::text and action = what order by id desc limit 1
$$;
create function tests.mail_to(recipient_email text, event text) returns bigint language sql security definer as $$
  select count(*) from public.mail_outbox where kind = 'content_review' and recipient = recipient_email and payload ->> 'event' = event
$$;
create function tests.first_live_version(item uuid) returns bigint language sql security definer as $$
  select id from private.revisions where row_id = item::text and (data ->> 'published')::boolean order by id limit 1
$$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- The setting, the permission and the role -------------------------------------------------------------
select is((select value from public.site_settings where key = 'content_requires_approval'), 'false',
  'publishing needs no approval until an admin turns it on');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select ok(not tests.allowed($$ update public.site_settings set value = 'true' where key = 'content_requires_approval' $$),
  'an editor cannot turn it on');
select tests.act_as_admin();
select throws_ok($$ update public.site_settings set value = 'yes' where key = 'content_requires_approval' $$, '23514', null,
  'the setting is true or false');
select lives_ok($$ update public.site_settings set value = 'true' where key = 'content_requires_approval' $$, 'an admin turns it on');
select tests.act_as_owner();
select ok(exists (select 1 from private.activity_log where action = 'settings_changed' and row_id = 'content_requires_approval'),
  'turning it on is in the activity log');
select ok(exists (select 1 from public.role_permissions where role = 'compliance' and permission = 'content.approve')
  and exists (select 1 from public.role_permissions where role = 'admin' and permission = 'content.approve')
  and not exists (select 1 from public.role_permissions where role = 'editor' and permission = 'content.approve'),
  'content.approve is held by admin and compliance, not by editors');
select is((select array_agg(permission) from public.role_permissions where role = 'compliance'), array['content.approve'],
  'compliance holds nothing else');

-- Every path to visitors is closed without an approval ---------------------------------------------------
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select throws_ok(
  $$ insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name)
     values ('32000000-0000-4000-8000-0000000000b9', 'pgtap-ca-new', 'New', 'E', '<p>N</p>', 'News', '/images/x.png', 'A') $$,
  '42501', 'Publishing needs approval: save it unpublished and ask for a review; it goes live when a reviewer approves it.',
  'an editor cannot add a published post');
select lives_ok(
  $$ insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published)
     values ('32000000-0000-4000-8000-0000000000b1', 'pgtap-ca-draft', 'Draft', 'E', '<p>D</p>', 'News', '/images/x.png', 'A', false),
            ('32000000-0000-4000-8000-0000000000b5', 'pgtap-ca-reject', 'Bold claim', 'E', '<p>10% a day</p>', 'News', '/images/x.png', 'A', false) $$,
  'but can add unpublished ones');
select throws_ok($$ update public.blog_posts set published = true where id = '32000000-0000-4000-8000-0000000000b1' $$,
  '42501', null, 'nor publish one through the API');
select throws_ok(
  $$ update public.blog_posts set published = true, publish_at = '2030-01-01 00:00:00+00' where id = '32000000-0000-4000-8000-0000000000b1' $$,
  '42501', null, 'nor schedule it');
select throws_ok($$ update public.blog_posts set published = true where slug like 'pgtap-ca-%' $$,
  '42501', null, 'nor publish in bulk');
select throws_ok(
  $$ update public.blog_posts set title = 'Sneaky edit' where id = '32000000-0000-4000-8000-0000000000b2' $$,
  '42501', 'Publishing needs approval: save your changes in the draft copy and ask for a review; visitors keep the approved version.',
  'nor change a live post in place');
select lives_ok($$ update public.blog_posts set publish_at = '2026-01-02 00:00:00+00' where id = '32000000-0000-4000-8000-0000000000b2' $$,
  'moving a live post in time leaves its content as approved');
select lives_ok(
  $$ insert into public.content_drafts (kind, id, change) values ('post', '32000000-0000-4000-8000-0000000000b2', '{"title": "Unapproved claim"}') $$,
  'the edit of a live post is saved in its draft copy');
select throws_ok($$ select public.publish_post_draft('32000000-0000-4000-8000-0000000000b2') $$,
  '42501', null, 'and publishing the draft copy is refused');
select is(tests.anon_title('32000000-0000-4000-8000-0000000000b2'), 'Approved live', 'visitors keep the live version');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select throws_ok(format('select public.restore_revision(%s)', tests.first_live_version('32000000-0000-4000-8000-0000000000b3')),
  '42501', null, 'restoring a version that was live is refused');
select throws_ok(
  $$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription)
     values ('pgtap-ca-new-solution', 'New', 'Banking', 'S', 'L', 'Bot', 'Contact Us', 'M') $$,
  '42501', null, 'an editor cannot add a published solution');
select lives_ok(
  $$ insert into public.solutions (id, slug, title, category, shortdescription, longdescription, icon, url, metadescription, published)
     values ('32000000-0000-4000-8000-0000000000c1', 'pgtap-ca-new-solution', 'New solution', 'Banking', 'S', 'L', 'Bot', 'Contact Us', 'M', false) $$,
  'but can add it unpublished');
select throws_ok($$ update public.solutions set published = true where id = '32000000-0000-4000-8000-0000000000c1' $$,
  '42501', null, 'nor publish a solution');
select throws_ok($$ update public.solutions set shortdescription = 'Guaranteed returns' where id = '32000000-0000-4000-8000-0000000000c2' $$,
  '42501', null, 'nor change a live solution in place');
select tests.act_as_anon();
select is_empty($$ select 1 from public.solutions where id = '32000000-0000-4000-8000-0000000000c1' $$,
  'visitors do not see the unpublished solution');

-- Asking for a review ------------------------------------------------------------------------------------
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000003');
select throws_ok($$ select public.request_review('post', '32000000-0000-4000-8000-0000000000b1', null) $$,
  '42501', 'Only editors can ask for a review.', 'staff who edit nothing cannot ask for a review');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select throws_ok($$ select public.request_review('widget', '32000000-0000-4000-8000-0000000000b1', null) $$,
  '22023', 'This cannot be reviewed: ask for a review of an item of the site or of a release.', 'only the registry''s kinds and releases are reviewed');
select throws_ok($$ select public.request_review('post', '32000000-0000-4000-8000-0000000000ff', null) $$,
  'P0002', 'Post not found.', 'an unknown post is named as such');
select ok(not tests.allowed($$ insert into public.content_reviews (kind, item_id, title, fingerprint, content)
  values ('post', '32000000-0000-4000-8000-0000000000b1', 'x', repeat('a', 64), '{}') $$),
  'nobody writes a review row directly');

-- The admin edits the draft post last; the editor asks for its review.
select tests.act_as_admin();
select lives_ok($$ update public.blog_posts set title = 'Draft by admin' where id = '32000000-0000-4000-8000-0000000000b1' $$,
  'an admin edits the draft post');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select lives_ok($$ select public.request_review('post', '32000000-0000-4000-8000-0000000000b1', 'Ready for sign-off') $$,
  'the editor asks for a review');
select tests.act_as_owner();
select is((tests.review_of('32000000-0000-4000-8000-0000000000b1')).state, 'pending', 'the review waits');
select is((tests.review_of('32000000-0000-4000-8000-0000000000b1')).changed_by, tests.admin_id(), 'naming the admin as the last to change it');
select is(tests.logged('32000000-0000-4000-8000-0000000000b1', 'review_requested') ->> 'fingerprint',
  (tests.review_of('32000000-0000-4000-8000-0000000000b1')).fingerprint, 'the request is logged with the fingerprint');
select is(tests.mail_to('pgtap-cara32@example.test', 'requested'), 1::bigint, 'the compliance reviewer is e-mailed');

-- Deciding ------------------------------------------------------------------------------------------------
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select throws_ok($$ select public.review_content('post', '32000000-0000-4000-8000-0000000000b1', 'approve', null, tests.waiting_version('32000000-0000-4000-8000-0000000000b1')) $$,
  '42501', 'Only reviewers (Compliance or Admin) can approve or reject content.', 'an editor cannot approve');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000002');
select ok(exists (select 1 from public.content_reviews where item_id = '32000000-0000-4000-8000-0000000000b1' and state = 'pending'),
  'the reviewer reads what waits');
select ok(not tests.allowed($$ update public.blog_posts set published = true where id = '32000000-0000-4000-8000-0000000000b1' $$),
  'and writes no post herself');
select tests.act_as_admin();
select throws_ok($$ select public.review_content('post', '32000000-0000-4000-8000-0000000000b1', 'approve', null, tests.waiting_version('32000000-0000-4000-8000-0000000000b1')) $$,
  '42501', 'You made the last change to this version: another reviewer must approve it.', 'the author of the last change cannot approve it');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000002');
select throws_ok($$ select public.review_content('post', '32000000-0000-4000-8000-0000000000b1', 'maybe', null, tests.waiting_version('32000000-0000-4000-8000-0000000000b1')) $$,
  '22023', 'The decision is approve or reject.', 'the decision is approve or reject');
select lives_ok($$ select public.review_content('post', '32000000-0000-4000-8000-0000000000b1', 'approve', 'Fine', tests.waiting_version('32000000-0000-4000-8000-0000000000b1')) $$,
  'another reviewer approves it');
select is(tests.anon_title('32000000-0000-4000-8000-0000000000b1'), 'Draft by admin', 'and the approved version is live');
select tests.act_as_owner();
select is(tests.logged('32000000-0000-4000-8000-0000000000b1', 'approved') ->> 'fingerprint',
  (tests.review_of('32000000-0000-4000-8000-0000000000b1')).fingerprint, 'the approval is logged with the fingerprint');
select is(tests.mail_to('pgtap-admin@example.test', 'approved'), 1::bigint, 'the author is e-mailed the decision');

-- An approved, live post edited afterwards waits for a new approval.
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select lives_ok(
  $$ insert into public.content_drafts (kind, id, change) values ('post', '32000000-0000-4000-8000-0000000000b1', '{"title": "Edited after approval"}') $$,
  'the editor edits the approved post in its draft copy');
select throws_ok($$ select public.publish_post_draft('32000000-0000-4000-8000-0000000000b1') $$,
  '42501', null, 'the edit cannot go live without a new approval');
select is(tests.anon_title('32000000-0000-4000-8000-0000000000b1'), 'Draft by admin', 'visitors keep the approved version');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select lives_ok($$ select public.request_review('post', '32000000-0000-4000-8000-0000000000b1', null) $$, 'the edit is sent for review');
select lives_ok($$ update public.content_drafts set change = '{"title": "Changed once more"}' where id = '32000000-0000-4000-8000-0000000000b1' $$,
  'and changed again while it waits');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000002');
select throws_ok($$ select public.review_content('post', '32000000-0000-4000-8000-0000000000b1', 'approve', null, (tests.review_of('32000000-0000-4000-8000-0000000000b1')).fingerprint) $$,
  '40001', 'This changed after you opened it; review the new version', 'the change withdrew the request: the version on screen cannot be approved');

-- A rejection keeps the post unpublished and records the note.
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select lives_ok($$ select public.request_review('post', '32000000-0000-4000-8000-0000000000b5', null) $$, 'a second post is sent for review');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000002');
select ok(length(public.create_review_preview((tests.review_of('32000000-0000-4000-8000-0000000000b5')).id)) = 64,
  'a reviewer makes a preview link of a post waiting for review');
select throws_ok($$ select public.create_post_preview('32000000-0000-4000-8000-0000000000b5') $$, '42501', 'Only post editors can share previews.',
  'but not an editor''s preview link');
select throws_ok($$ select public.review_content('post', '32000000-0000-4000-8000-0000000000b5', 'reject', ' ', tests.waiting_version('32000000-0000-4000-8000-0000000000b5')) $$,
  '22023', 'Say what needs to change: a rejection needs a note.', 'a rejection needs a note');
select lives_ok($$ select public.review_content('post', '32000000-0000-4000-8000-0000000000b5', 'reject', 'Returns cannot be promised', tests.waiting_version('32000000-0000-4000-8000-0000000000b5')) $$,
  'the reviewer rejects it with a note');
select throws_ok(format('select public.create_review_preview(%L)', (tests.review_of('32000000-0000-4000-8000-0000000000b5')).id), 'P0002', null,
  'nor one of a review once it is decided');
select tests.act_as_owner();
select ok(not (select published from public.blog_posts where id = '32000000-0000-4000-8000-0000000000b5'), 'the rejected post stays unpublished');
select is(tests.logged('32000000-0000-4000-8000-0000000000b5', 'rejected') ->> 'note', 'Returns cannot be promised',
  'the rejection and its note are logged');

-- A solution goes through the same review.
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select lives_ok($$ select public.request_review('solution', '32000000-0000-4000-8000-0000000000c1', null) $$, 'a new solution is sent for review');
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000002');
select lives_ok($$ select public.review_content('solution', '32000000-0000-4000-8000-0000000000c1', 'approve', null, tests.waiting_version('32000000-0000-4000-8000-0000000000c1')) $$, 'and approved');
select tests.act_as_anon();
select isnt_empty($$ select 1 from public.solutions where id = '32000000-0000-4000-8000-0000000000c1' $$, 'so visitors see it');

-- With the setting off nothing changes ------------------------------------------------------------------
select tests.act_as_owner();
update public.site_settings set value = 'false' where key = 'content_requires_approval';
select tests.act_as('authenticated', '32000000-0000-4000-8000-000000000001');
select lives_ok($$ select public.publish_post_draft('32000000-0000-4000-8000-0000000000b2') $$,
  'with the setting off a draft copy is published at once');
select lives_ok($$ update public.solutions set shortdescription = 'Changed' where id = '32000000-0000-4000-8000-0000000000c2' $$,
  'a live solution is changed in place');
select lives_ok(
  $$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name)
     values ('pgtap-ca-free', 'Free', 'E', '<p>F</p>', 'News', '/images/x.png', 'A') $$,
  'and a post is added published');

select * from finish();
rollback;
