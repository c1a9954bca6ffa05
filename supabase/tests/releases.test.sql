-- Releases: several pending changes launched as one. With content_requires_approval on, a release is
-- reviewed as a whole (its fingerprint covers every item's version, and a change to any item
-- withdraws the approval); it goes live only approved, at its publish_at (publish_due_releases, the
-- scheduler) or when published, all of its items or none of them; a roll-back restores each item's
-- version from before, as new changes, without a new approval. With the setting off a release is
-- published without review.
begin;
select plan(43);

select tests.create_identities();
insert into auth.users (id, email, raw_user_meta_data) values
  ('36000000-0000-4000-8000-000000000001', 'pgtap-ed36@example.test', '{"full_name": "Ed Editor"}'),
  ('36000000-0000-4000-8000-000000000002', 'pgtap-cara36@example.test', '{"full_name": "Cara Compliance"}'),
  ('36000000-0000-4000-8000-000000000003', 'pgtap-rita36@example.test', '{"full_name": "Rita Recruiter"}'),
  ('36000000-0000-4000-8000-000000000004', 'pgtap-sam36@example.test', '{"full_name": "Sam Sales"}');
insert into public.staff_roles (user_id, role) values
  ('36000000-0000-4000-8000-000000000001', 'editor'),
  ('36000000-0000-4000-8000-000000000002', 'compliance'),
  ('36000000-0000-4000-8000-000000000003', 'recruiter'),
  ('36000000-0000-4000-8000-000000000004', 'sales');

-- The home page's hero as it is live, before approval is turned on.
insert into public.website_content (id, section, key, content) values
  ('36000000-0000-4000-8000-0000000000a1', 'pgtap_rel_hero', 'main', '{"title": "Banking, simply"}');
insert into public.testimonials (id, quote, name, title, avatar) values
  ('36000000-0000-4000-8000-0000000000a4', 'Steady partner.', 'Old Quote', 'CFO', '/images/o.png');
update public.site_settings set value = 'true' where key = 'content_requires_approval';
select set_config('app.clock', '2030-01-01 09:00:00+00', true);

create temporary table rel (name text primary key, id uuid) on commit drop;
create temporary table links (token text) on commit drop;
grant select, insert on rel, links to anon, authenticated, service_role;
create function tests.rel(release_name text) returns uuid language sql as $$ select id from rel where name = release_name $$;
create function tests.release_state(release_id uuid) returns text language sql security definer as $$
  select state from public.releases where id = release_id
$$;
-- What a visitor reads: the hero's title, the new testimonial's and post's presence.
create function tests.visitor_view() returns jsonb language plpgsql as $$
declare v jsonb;
begin
  perform tests.act_as_anon();
  select jsonb_build_object(
    'hero', (select content ->> 'title' from public.website_content where id = '36000000-0000-4000-8000-0000000000a1'),
    'testimonial', exists (select 1 from public.testimonials where id = '36000000-0000-4000-8000-0000000000a2'),
    'post', exists (select 1 from public.blog_posts where id = '36000000-0000-4000-8000-0000000000a3'),
    'old_testimonial', (select quote from public.testimonials where id = '36000000-0000-4000-8000-0000000000a4')) into v;
  return v;
end
$$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- The editor builds the campaign: the hero's new title, a new testimonial, a new post, a better quote.
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
select public.save_change('copy', '{"content": {"title": "Open an account in 5 minutes"}}', '36000000-0000-4000-8000-0000000000a1');
insert into public.testimonials (id, quote, name, title, avatar, published) values
  ('36000000-0000-4000-8000-0000000000a2', 'Switched in a day.', 'New Client', 'CEO', '/images/n.png', false);
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published) values
  ('36000000-0000-4000-8000-0000000000a3', 'pgtap-rel-launch', 'Launch day', 'E', '<p>We launched.</p>', 'News', '/images/x.png', 'A', false);
select public.save_change('testimonial', '{"quote": "Steady partner for ten years."}', '36000000-0000-4000-8000-0000000000a4');

select throws_ok($$ select public.create_release(' ') $$, '22023', 'Name the release.', 'a release has a name');
insert into rel select 'spring', public.create_release('Spring campaign', '2030-01-01 10:00:00+00');
select lives_ok($$ select public.add_to_release(tests.rel('spring'), 'copy', '36000000-0000-4000-8000-0000000000a1');
                   select public.add_to_release(tests.rel('spring'), 'testimonial', '36000000-0000-4000-8000-0000000000a2');
                   select public.add_to_release(tests.rel('spring'), 'post', '36000000-0000-4000-8000-0000000000a3');
                   select public.add_to_release(tests.rel('spring'), 'testimonial', '36000000-0000-4000-8000-0000000000a4') $$,
  'an editor adds the hero copy, a new testimonial, a new post and a quote''s edit to a release');
select throws_ok(
  $$ select public.add_to_release(tests.rel('spring'), 'copy', id) from public.website_content where section = 'hero' and key = 'main' $$,
  '22023', 'Nothing to release: it is live and no change of it waits.', 'a live item with no change waiting is not added');
insert into rel select 'other', public.create_release('Another campaign');
select throws_ok($$ select public.add_to_release(tests.rel('other'), 'post', '36000000-0000-4000-8000-0000000000a3') $$,
  '23505', 'It is already in the release "Spring campaign".', 'an item is in one open release at a time');
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000003');
select throws_ok($$ select public.publish_release(tests.rel('spring')) $$, '42501', null,
  'staff who cannot edit its items cannot publish a release');
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000004');
select is((select count(*)::int from public.releases), 0, 'staff who edit nothing do not read releases');

-- The whole site as the release will make it, for whoever holds the link.
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
insert into links select public.create_release_preview(tests.rel('spring'));
select tests.act_as_anon();
select is((select count(*)::int from public.release_preview((select token from links))), 4, 'a preview link shows every item of the release');
select is((select item -> 'content' ->> 'title' from public.release_preview((select token from links)) where table_name = 'website_content'),
  'Open an account in 5 minutes', 'as it will be live: the hero''s new title');
select is((select (item ->> 'published')::boolean from public.release_preview((select token from links)) where item ->> 'id' = '36000000-0000-4000-8000-0000000000a2'),
  true, 'and the new testimonial shown');
select is_empty($$ select 1 from public.release_preview(repeat('0', 64)) $$, 'an unknown link shows nothing');
select throws_ok($$ select public.create_release_preview(tests.rel('spring')) $$, '42501', null, 'visitors cannot make one');

-- Reviewed as a whole.
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
select throws_ok($$ select public.publish_release(tests.rel('spring')) $$, '42501', null, 'an unapproved release cannot be published');
select lives_ok($$ select public.request_review('release', tests.rel('spring'), 'Spring launch') $$, 'the editor asks for its review');
select tests.act_as_owner();
select is((select jsonb_array_length(content -> 'items') from public.content_reviews where item_id = tests.rel('spring') and state = 'pending'), 4,
  'the review holds every item''s version');
select is((select fingerprint from public.content_reviews where item_id = tests.rel('spring') and state = 'pending'),
  private.release_fingerprint(tests.rel('spring')), 'and names the release''s fingerprint');
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000002');
select ok(exists (select 1 from public.releases where id = tests.rel('spring')), 'a reviewer reads the release');
select lives_ok($$ select public.review_content('release', tests.rel('spring'), 'approve', 'Fine', tests.waiting_version(tests.rel('spring'))) $$,
  'and approves it');
select is(tests.visitor_view(), '{"hero": "Banking, simply", "testimonial": false, "post": false, "old_testimonial": "Steady partner."}'::jsonb,
  'approving it puts nothing live before its time');

-- A change to an item withdraws the approval of the whole release.
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
update public.blog_posts set title = 'Launch day!' where id = '36000000-0000-4000-8000-0000000000a3';
select tests.act_as_owner();
select is((select state from public.content_reviews where item_id = tests.rel('spring') order by decided_at desc nulls last limit 1), 'withdrawn',
  'a change to one item withdraws the release''s approval');
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
select throws_ok($$ select public.publish_release(tests.rel('spring')) $$, '42501', null, 'so it cannot be published');

-- All or none: an item that cannot be applied stops the whole release.
select public.save_change('testimonial', '{"rating": 9}', '36000000-0000-4000-8000-0000000000a4');
select public.request_review('release', tests.rel('spring'), null);
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000002');
select public.review_content('release', tests.rel('spring'), 'approve', null, tests.waiting_version(tests.rel('spring')));
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
select throws_ok($$ select public.publish_release(tests.rel('spring')) $$, '23514', null,
  'a release whose last item breaks a rule is refused');
select is(tests.visitor_view(), '{"hero": "Banking, simply", "testimonial": false, "post": false, "old_testimonial": "Steady partner."}'::jsonb,
  'and none of its items went live');
select is(tests.release_state(tests.rel('spring')), 'open', 'it stays open');

-- Fixed, approved again, and out at its minute.
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
select public.save_change('testimonial', '{"rating": 5}', '36000000-0000-4000-8000-0000000000a4');
select public.request_review('release', tests.rel('spring'), null);
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
select throws_ok($$ select public.review_content('release', tests.rel('spring'), 'approve', null, tests.waiting_version(tests.rel('spring'))) $$,
  '42501', null, 'an editor cannot approve');
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000002');
select lives_ok($$ select public.review_content('release', tests.rel('spring'), 'approve', null, tests.waiting_version(tests.rel('spring'))) $$,
  'the reviewer approves the fixed release');
select tests.act_as('service_role');
select is(public.publish_due_releases(), 0, 'before its minute the scheduler publishes nothing');
select set_config('app.clock', '2030-01-01 10:00:00+00', true);
select is(public.publish_due_releases(), 1, 'at its minute the scheduler publishes it');
select is(tests.visitor_view(),
  '{"hero": "Open an account in 5 minutes", "testimonial": true, "post": true, "old_testimonial": "Steady partner for ten years."}'::jsonb,
  'and visitors see all of it at once');
select tests.act_as_owner();
select is(tests.release_state(tests.rel('spring')), 'published', 'the release is published');
select is((select count(*)::int from public.content_drafts where id in ('36000000-0000-4000-8000-0000000000a1', '36000000-0000-4000-8000-0000000000a4')), 0,
  'its pending changes became the items');
select ok(exists (select 1 from private.activity_log where table_name = 'releases' and action = 'published' and row_id = tests.rel('spring')::text),
  'the publication is in the activity log');
select is(public.publish_due_releases(), 0, 'a published release is not published again');
select tests.act_as_anon();
select is_empty($$ select 1 from public.release_preview((select token from links)) $$, 'its preview link stops once it is out');
select tests.act_as_owner();

-- Rolled back: each item returns to its version from before, without a new approval.
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000003');
select throws_ok($$ select public.roll_back_release(tests.rel('spring')) $$, '42501', null, 'staff who cannot edit its items cannot roll it back');
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
select throws_ok($$ select public.roll_back_release(tests.rel('other')) $$, '22023', 'Only a published release can be rolled back.',
  'only a published release is rolled back');
select lives_ok($$ select public.roll_back_release(tests.rel('spring')) $$, 'the editor rolls the release back, approval still on');
select is(tests.visitor_view(), '{"hero": "Banking, simply", "testimonial": false, "post": false, "old_testimonial": "Steady partner."}'::jsonb,
  'visitors read exactly what was live before it');
select tests.act_as_owner();
select is(tests.release_state(tests.rel('spring')), 'rolled_back', 'the release is rolled back');
select ok((select count(*) from private.revisions where row_id = '36000000-0000-4000-8000-0000000000a1') >= 3,
  'the hero''s restored version is a new version in its history');
select ok(exists (select 1 from private.activity_log where table_name = 'releases' and action = 'rolled_back' and row_id = tests.rel('spring')::text),
  'the roll-back is in the activity log');
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
select throws_ok($$ update public.website_content set content = '{"title": "Sneaky"}' where id = '36000000-0000-4000-8000-0000000000a1' $$,
  '42501', null, 'after the roll-back the gate holds as before');

-- With the setting off a release is published as it is.
select tests.act_as_owner();
update public.site_settings set value = 'false' where key = 'content_requires_approval';
select tests.act_as('authenticated', '36000000-0000-4000-8000-000000000001');
select public.add_to_release(tests.rel('other'), 'post', '36000000-0000-4000-8000-0000000000a3');
select lives_ok($$ select public.publish_release(tests.rel('other')) $$, 'with the setting off a release is published without review');
select is((tests.visitor_view()) ->> 'post', 'true', 'and its post is live');

select * from finish();
rollback;
