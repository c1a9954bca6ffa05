-- The publication record: every change of what visitors can read appends exactly one record, whatever
-- made it (an edit, an approval, a release, its roll-back, a restored version, a scheduled minute, a
-- closing time); nobody can change or remove a record, the table's owner included; a record changed
-- behind the triggers' back (superuser SQL) is named by verify_publication_record(); and the site
-- as of a moment is rebuilt from the record for reviewers and admins only.
begin;
select plan(88);

select tests.create_identities();
insert into auth.users (id, email, raw_user_meta_data) values
  ('49000000-0000-4000-8000-000000000001', 'pgtap-ed49@example.test', '{"full_name": "Ed Editor"}'),
  ('49000000-0000-4000-8000-000000000002', 'pgtap-cara49@example.test', '{"full_name": "Cara Compliance"}');
insert into public.staff_roles (user_id, role) values
  ('49000000-0000-4000-8000-000000000001', 'editor'),
  ('49000000-0000-4000-8000-000000000002', 'compliance');
select set_config('app.clock', '2030-03-01 09:00:00+00', true);

-- How many records an item has, and its last one.
create function tests.records_of(item uuid) returns bigint language sql security definer as $$
  select count(*) from public.publication_records where item_id = item
$$;
create function tests.last_record(item uuid) returns public.publication_records language sql security definer as $$
  select * from public.publication_records where item_id = item order by seq desc limit 1
$$;
create function tests.first_record(item uuid) returns bigint language sql security definer as $$
  select min(seq) from public.publication_records where item_id = item
$$;
create function tests.titles_and_times(item uuid) returns text[] language sql security definer as $$
  select array_agg(content ->> 'title' || '@' || to_char(live_from at time zone 'UTC', 'HH24:MI:SS') order by seq)
    from public.publication_records where item_id = item
$$;
create function tests.all_records() returns bigint language sql security definer as $$
  select count(*) from public.publication_records
$$;
-- Every record's seq in the chain, for the counting checks below.
create temporary table marks (name text primary key, seq bigint) on commit drop;
grant select, insert, update on marks to anon, authenticated, service_role;
create function tests.mark(mark_name text) returns void language sql security definer as $$
  insert into marks values (mark_name, (select coalesce(max(seq), 0) from public.publication_records))
  on conflict (name) do update set seq = excluded.seq
$$;
create function tests.records_since(mark_name text) returns bigint language sql security definer as $$
  select count(*) from public.publication_records where seq > (select seq from marks where name = mark_name)
$$;
create function tests.version_titled(item uuid, version_title text) returns bigint language sql security definer as $$
  select min(r.id) from private.revisions as r where r.row_id = item::text and r.data ->> 'title' = version_title
$$;
create temporary table rel (id uuid) on commit drop;
grant select, insert on rel to anon, authenticated, service_role;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- Structure ------------------------------------------------------------------------------------------------
select is_empty(
  $$ select k.table_name from (select distinct table_name from private.reviewable_kinds) as k
      where not exists (select 1 from pg_trigger as g
                         where g.tgrelid = ('public.' || k.table_name)::regclass and g.tgname = k.table_name || '_publication_record') $$,
  'every table of a reviewable kind appends to the record');
select ok(tests.all_records() > 0, 'the seed''s content is the record''s first entries');
select is((select prev_hash from public.publication_records order by seq limit 1), repeat('0', 64), 'the first record links to 64 zeros');

-- Every publishing path appends exactly one record per visible change -----------------------------------------
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000001');
select tests.mark('post');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published, publish_at) values
  ('49000000-0000-4000-8000-0000000000b1', 'pgtap-record-post', 'Rates explained', 'E', '<p>Our rates are fair.</p>', 'News',
   '/images/x.png', 'A', true, '2030-03-01 08:00:00+00');
select is(tests.records_since('post'), 1::bigint, 'publishing a post appends one record');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b1')).event, 'published', 'that says it was published');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b1')).content ->> 'title', 'Rates explained', 'with the title visitors read');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b1')).changed_by_name, 'Ed Editor', 'and who wrote it');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b1')).live_from, '2030-03-01 09:00:00+00'::timestamptz, 'live from the moment of the save');
select ok((tests.last_record('49000000-0000-4000-8000-0000000000b1')).content ? 'seo_title'
          and not ((tests.last_record('49000000-0000-4000-8000-0000000000b1')).content ? 'updated_by'),
  'content holds the columns the sign-off fingerprint covers, and no bookkeeping');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b1')).placement ->> 'publish_at', '2030-03-01T08:00:00+00:00',
  'placement holds its date');

select set_config('app.clock', '2030-03-01 09:10:00+00', true);
select tests.mark('edit');
update public.blog_posts set title = 'Rates, explained', content = '<p>Our rates are lower.</p>' where id = '49000000-0000-4000-8000-0000000000b1';
select is(tests.records_since('edit'), 1::bigint, 'an edit of two visible fields appends one record');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b1')).event, 'changed', 'a change');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b1')).replaces, tests.first_record('49000000-0000-4000-8000-0000000000b1'),
  'which names the version it ended');

select tests.mark('same');
update public.blog_posts set title = 'Rates, explained' where id = '49000000-0000-4000-8000-0000000000b1';
select is(tests.records_since('same'), 0::bigint, 'a save that changes nothing visitors see appends nothing');

select set_config('app.clock', '2030-03-01 09:20:00+00', true);
select tests.mark('unpublish');
update public.blog_posts set published = false where id = '49000000-0000-4000-8000-0000000000b1';
select is(tests.records_since('unpublish'), 1::bigint, 'unpublishing appends one record');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b1')).event, 'withdrawn', 'a withdrawal');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b1')).content, null, 'which holds no content');
update public.blog_posts set title = 'Draft retitled' where id = '49000000-0000-4000-8000-0000000000b1';
select is(tests.records_since('unpublish'), 1::bigint, 'editing what visitors cannot see appends nothing');

-- A scheduled post: nothing until its minute, then one record dated at that minute.
select tests.mark('scheduled');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published, publish_at) values
  ('49000000-0000-4000-8000-0000000000b2', 'pgtap-record-later', 'Coming soon', 'E', '<p>Soon.</p>', 'News',
   '/images/x.png', 'A', true, '2030-03-01 10:00:00+00');
select is(tests.records_since('scheduled'), 0::bigint, 'a post scheduled ahead appends nothing yet');
select tests.act_as('service_role');
select set_config('app.clock', '2030-03-01 10:00:20+00', true);
select lives_ok($$ select private.record_scheduled_publications() $$, 'the scheduler runs after its minute');
select is(tests.records_since('scheduled'), 1::bigint, 'and appends one record');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b2')).via, 'schedule', 'made by its schedule');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b2')).live_from, '2030-03-01 10:00:00+00'::timestamptz, 'dated at its minute');
select private.record_scheduled_publications();
select is(tests.records_since('scheduled'), 1::bigint, 'running the scheduler again appends nothing');

-- A scheduled post edited after its minute, before the scheduler ran: its minute is recorded first.
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000001');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published, publish_at) values
  ('49000000-0000-4000-8000-0000000000b3', 'pgtap-record-caught', 'First words', 'E', '<p>Soon.</p>', 'News',
   '/images/x.png', 'A', true, '2030-03-01 11:00:00+00');
select set_config('app.clock', '2030-03-01 11:00:05+00', true);
select tests.mark('caught');
update public.blog_posts set title = 'Second words' where id = '49000000-0000-4000-8000-0000000000b3';
select is(tests.records_since('caught'), 2::bigint, 'an edit right after the minute appends the scheduled version, then the edit');
select is(tests.titles_and_times('49000000-0000-4000-8000-0000000000b3'),
  array['First words@11:00:00', 'Second words@11:00:05'], 'each live from its own moment');

-- A job opening that closes by time.
insert into public.job_openings (id, title, location, department, country, description, closes_at) values
  ('49000000-0000-4000-8000-0000000000d1', 'Record keeper', 'Lagos', 'Compliance', 'NG', '<p>Keep records.</p>', '2030-03-01 12:00:00+00');
select tests.mark('closing');
select tests.act_as('service_role');
select set_config('app.clock', '2030-03-01 12:00:30+00', true);
select private.record_scheduled_publications();
select is(tests.records_since('closing'), 1::bigint, 'a job opening''s closing time appends one record');
select is((tests.last_record('49000000-0000-4000-8000-0000000000d1')).event || ' ' || (tests.last_record('49000000-0000-4000-8000-0000000000d1')).live_from,
  'withdrawn ' || '2030-03-01 12:00:00+00'::timestamptz, 'withdrawn at that time');

-- Each kind, one visible change each: copy, legal page, testimonial, client, team member, job opening, setting.
select tests.act_as_admin();
select tests.mark('kinds');
update public.website_content set content = content || '{"pgtap": "changed"}' where section = 'hero' and key = 'main';
update public.website_content set content = content || '{"pgtap": "changed"}' where section = 'legal' and key = 'privacy';
update public.testimonials set quote = quote || ' Truly.' where id = (select id from public.testimonials order by id limit 1);
update public.clients set name = name || ' Ltd' where id = (select id from public.clients order by id limit 1);
update public.team_members set bio = bio || ' Also sings.' where id = (select id from public.team_members order by id limit 1);
update public.job_openings set title = title || ' (remote)' where id = (select id from public.job_openings where active and closes_at is null order by id limit 1);
update public.site_settings set value = '+234 1 234 5678' where key = 'contact_phone';
select is(tests.records_since('kinds'), 7::bigint, 'website copy, a legal page, a testimonial, a client, a team member, a job opening and a setting: one record each');
select is((select array_agg(distinct kind order by kind) from public.publication_records where seq > (select seq from marks where name = 'kinds')),
  array['client', 'copy', 'job', 'legal', 'setting', 'team_member', 'testimonial'], 'each under its kind');
select tests.mark('backoffice');
update public.site_settings set value = 'true' where key = 'lead_notify_sales';
select is(tests.records_since('backoffice'), 0::bigint, 'a back-office setting is not on the record');
select tests.mark('delete');
delete from public.testimonials where id = (select id from public.testimonials order by id limit 1);
select is(tests.records_since('delete'), 1::bigint, 'deleting a testimonial appends one withdrawal');
select tests.mark('move');
update public.team_members set order_index = order_index + 1000 where id = (select id from public.team_members order by id limit 1);
select is(tests.records_since('move'), 1::bigint, 'moving a team member changes the page''s order: one record');

-- A restored version.
select tests.mark('restore');
select public.restore_revision(tests.version_titled('49000000-0000-4000-8000-0000000000b3', 'First words'));
select is(tests.records_since('restore'), 1::bigint, 'restoring a version appends one record');
select is((tests.last_record('49000000-0000-4000-8000-0000000000b3')).via, 'restore', 'made by the restore');

-- With sign-off: an approval, a release, its roll-back.
select tests.act_as_owner();
update public.site_settings set value = 'true' where key = 'content_requires_approval';
insert into public.solutions (id, slug, title, category, shortdescription, longdescription, icon, url, metadescription, published) values
  ('49000000-0000-4000-8000-0000000000c1', 'pgtap-record-solution', 'Ledger', 'Banking', 'Short', 'Long', 'Bot', 'Contact Us', 'Meta', false);
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000001');
select public.save_change('copy', '{"content": {"title": "Open an account today"}}', id) from public.website_content where section = 'hero' and key = 'main';
select tests.mark('saved');
select public.request_review('copy', id, null) from public.website_content where section = 'hero' and key = 'main';
select is(tests.records_since('saved'), 0::bigint, 'a change waiting for review is not on the record');
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000002');
select public.review_content('copy', id, 'approve', 'Fine', tests.waiting_version(id)) from public.website_content where section = 'hero' and key = 'main';
select is(tests.records_since('saved'), 1::bigint, 'approving it appends one record');
select is(concat_ws(' / ', (tests.last_record(id)).via, (tests.last_record(id)).approval ->> 'reviewer_name', (tests.last_record(id)).approval_required::text),
  'approval / Cara Compliance / true', 'made by the approval, which it names')
  from public.website_content where section = 'hero' and key = 'main';
select is((tests.last_record(id)).approval ->> 'fingerprint', (tests.last_record(id)).fingerprint,
  'the approval''s fingerprint is the recorded version''s') from public.website_content where section = 'hero' and key = 'main';
select is((tests.last_record(id)).changed_by_name, 'Ed Editor', 'the author is the editor, not the reviewer')
  from public.website_content where section = 'hero' and key = 'main';

select tests.act_as_admin();
insert into rel select public.create_release('Record launch');
select public.add_to_release((select id from rel), 'solution', '49000000-0000-4000-8000-0000000000c1');
select public.save_change('setting', '{"value": "+234 1 999 0000"}', id) from public.site_settings where key = 'contact_phone';
select public.add_to_release((select id from rel), 'setting', id) from public.site_settings where key = 'contact_phone';
select public.request_review('release', (select id from rel), null);
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000002');
select public.review_content('release', (select id from rel), 'approve', null, tests.waiting_version((select id from rel)));
select tests.mark('release');
select tests.act_as_admin();
select public.publish_release((select id from rel));
select is(tests.records_since('release'), 2::bigint, 'publishing a release of two items appends two records');
select is((select array_agg(distinct via || ':' || (release_id = (select id from rel))::text || ':' || (approval ->> 'release_name'))
             from public.publication_records where seq > (select seq from marks where name = 'release')),
  array['release:true:Record launch'], 'each made by the release, approved as its part');
select tests.mark('rollback');
select public.roll_back_release((select id from rel));
select is(tests.records_since('rollback'), 2::bigint, 'rolling it back appends two records');
select is((select array_agg(via || ':' || event order by kind) from public.publication_records where seq > (select seq from marks where name = 'rollback')),
  array['rollback:changed', 'rollback:withdrawn'], 'the setting''s old value back, the new solution taken down');
select tests.act_as_owner();
update public.site_settings set value = 'false' where key = 'content_requires_approval';

-- No role can change or delete a record ---------------------------------------------------------------------
select tests.act_as_anon();
select throws_ok($$ select count(*) from public.publication_records $$, '42501', null, 'visitors cannot read the record');
select ok(not tests.allowed($$ update public.publication_records set title = 'x' $$), 'visitors cannot change it');
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000001');
select is((select count(*) from public.publication_records), 0::bigint, 'an editor reads none of it');
select ok(not tests.allowed($$ delete from public.publication_records $$), 'nor deletes it');
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000002');
select ok((select count(*) from public.publication_records) > 0, 'a compliance reviewer reads it');
select ok(not tests.allowed($$ update public.publication_records set title = 'x' $$), 'but cannot change it');
select tests.act_as_admin();
select ok(not tests.allowed($$ update public.publication_records set title = 'x' $$), 'an admin cannot change it');
select ok(not tests.allowed($$ delete from public.publication_records $$), 'nor delete it');
select throws_ok($$ insert into public.publication_records (kind, table_name, item_id, event, via, live_from, approval_required, published_by_role, recorded_at, prev_hash, hash)
                   values ('post', 'blog_posts', gen_random_uuid(), 'withdrawn', 'edit', now(), false, 'x', now(), repeat('0', 64), repeat('0', 64)) $$,
  '42501', null, 'nor add one');
select tests.act_as('service_role');
select ok(not tests.allowed($$ update public.publication_records set title = 'x' $$), 'the service role cannot change it');
select ok(not tests.allowed($$ delete from public.publication_records $$), 'nor delete it');
select tests.act_as_owner();
select throws_ok($$ update public.publication_records set title = 'x' where seq = (select max(seq) from public.publication_records) $$,
  '42501', 'The publication record cannot be changed.', 'the table''s owner cannot change a record');
select throws_ok($$ delete from public.publication_records where seq = (select max(seq) from public.publication_records) $$,
  '42501', 'The publication record cannot be changed.', 'nor delete one');
select throws_ok($$ truncate public.publication_records $$, '42501', 'The publication record cannot be changed.', 'nor empty the table');
select throws_ok($$ insert into public.publication_records (kind, table_name, item_id, event, via, live_from, approval_required, published_by_role, recorded_at, prev_hash, hash)
                   values ('post', 'blog_posts', gen_random_uuid(), 'withdrawn', 'edit', now(), false, 'x', now(), repeat('0', 64), repeat('0', 64)) $$,
  '42501', null, 'nor add one by hand');

-- The chain, and what verification names -------------------------------------------------------------------
select is_empty($$ select r.seq from public.publication_records as r
                     join public.publication_records as p on p.seq = (select max(q.seq) from public.publication_records as q where q.seq < r.seq)
                    where r.prev_hash <> p.hash $$, 'each record names the hash of the one before');
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000002');
select throws_ok($$ select * from public.verify_publication_record() $$, '42501', null, 'only admins verify the record');
select tests.act_as_admin();
select is((select concat_ws(' ', intact::text, first_broken) from public.verify_publication_record()), 'true', 'the chain is intact');
select tests.act_as_owner();
-- A superuser edits a stored value behind the triggers' back.
set local session_replication_role = replica;
update public.publication_records set content = jsonb_set(content, '{title}', '"Rates, guaranteed"')
 where seq = (select min(seq) from public.publication_records where item_id = '49000000-0000-4000-8000-0000000000b1');
set local session_replication_role = origin;
select tests.act_as_admin();
select is((select concat_ws(' ', intact::text, first_broken) from public.verify_publication_record()),
  'false ' || (select min(seq) from public.publication_records where item_id = '49000000-0000-4000-8000-0000000000b1'),
  'a record changed with superuser SQL is named by the verification');
select is((select reason from public.verify_publication_record()), 'Its values do not match its hash: the record was changed.', 'which says why');
select tests.act_as_owner();
set local session_replication_role = replica;
update public.publication_records set content = jsonb_set(content, '{title}', '"Rates explained"')
 where seq = (select min(seq) from public.publication_records where item_id = '49000000-0000-4000-8000-0000000000b1');
delete from public.publication_records where seq = (select max(seq) - 1 from public.publication_records);
set local session_replication_role = origin;
select tests.act_as_admin();
select is((select first_broken from public.verify_publication_record()), (select max(seq) from public.publication_records),
  'a record removed with superuser SQL breaks the link of the one after it');
select tests.act_as_owner();
select tests.act_as('service_role');
select is((private.run_publication_record_checks()) ->> 'intact', 'false', 'the daily run finds the break');
select tests.act_as_owner();
select ok(exists (select 1 from private.activity_log where action = 'verified' and title like 'Publication record broken at record %'),
  'and logs it');
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000002');
select is((select intact from public.publication_record_health()), false, 'the dashboard''s health check reports it');

-- The files a record names are kept -----------------------------------------------------------------------
select tests.act_as_owner();
insert into storage.objects (bucket_id, name, version, metadata) values
  ('media', 'pgtap49/chart.png', 'v1', '{"eTag": "\"f1\"", "size": 10, "mimetype": "image/png"}');
select tests.act_as_admin();
update public.blog_posts set featured_image = 'http://127.0.0.1:54321/storage/v1/object/public/media/pgtap49/chart.png'
 where id = '49000000-0000-4000-8000-0000000000b3';
select is((tests.last_record('49000000-0000-4000-8000-0000000000b3')).files, '{"pgtap49/chart.png": "\"f1\""}'::jsonb,
  'a record names the stored files it shows, with their content hashes');
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000001');
select throws_ok($$ select tests.delete_as_storage_api($q$ delete from storage.objects where bucket_id = 'media' and name = 'pgtap49/chart.png' $q$) $$,
  '55P03', null, 'the media library cannot delete a recorded file before it is archived');
select tests.archive_recorded_files();
select lives_ok($$ select tests.delete_as_storage_api($q$ delete from storage.objects where bucket_id = 'media' and name = 'pgtap49/chart.png' $q$) $$,
  'once archived, it can');
select tests.act_as('service_role');
select throws_ok($$ select tests.delete_as_storage_api($q$ delete from storage.objects where bucket_id = 'publication-archive' $q$) $$,
  '42501', 'This file is kept for the publication record.', 'its archived copy stays while the record names it, for the service role too');
select tests.act_as_anon();
select is_empty($$ select 1 from storage.objects where bucket_id = 'publication-archive' $$, 'visitors cannot reach it');

-- The site as of a moment --------------------------------------------------------------------------------------
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000002');
select is((select title from public.archived_blog_posts('2030-03-01 09:15:00+00') where id = '49000000-0000-4000-8000-0000000000b1'),
  'Rates, explained', 'as of a moment, a post reads as it was live then');
select is((select published::text || ' ' || updated_at from public.archived_blog_posts('2030-03-01 09:15:00+00') where id = '49000000-0000-4000-8000-0000000000b1'),
  'true ' || '2030-03-01 09:10:00+00'::timestamptz, 'live, last changed when that version went live');
select is((select title from public.archived_blog_posts('2030-03-01 09:05:00+00') where id = '49000000-0000-4000-8000-0000000000b1'),
  'Rates explained', 'and earlier, as its first version read');
select is_empty($$ select 1 from public.archived_blog_posts('2030-03-01 10:30:00+00') where id = '49000000-0000-4000-8000-0000000000b1' $$,
  'and is gone once it was withdrawn');
select is((select count(*) from public.archived_blog_posts('2030-03-01 09:59:00+00') where id = '49000000-0000-4000-8000-0000000000b2'), 0::bigint,
  'a scheduled post is absent before its minute');
select is((select value from public.archived_site_settings('2030-03-01 12:30:00+00') where key = 'contact_phone'), '+234 1 234 5678',
  'a setting reads its value then');
select is((select count(*) from public.publication_changes('2030-03-01 08:59:00+00', '2030-03-01 09:59:00+00')
            where item_id = '49000000-0000-4000-8000-0000000000b1'), 1::bigint, 'the changes between two moments list the post once');
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000001');
select throws_ok($$ select * from public.archived_blog_posts(now()) $$, '42501', null, 'editors cannot read the site as of a moment');
select tests.act_as_anon();
select throws_ok($$ select * from public.publication_snapshot(now()) $$, '42501', null, 'nor can visitors');

-- The export is logged.
select tests.act_as('authenticated', '49000000-0000-4000-8000-000000000002');
select ok(jsonb_array_length(public.publication_record_export('2030-03-01 08:00:00+00', '2030-03-01 13:00:00+00') -> 'records') > 0,
  'a reviewer exports a period''s records');
select tests.act_as_owner();
select ok(exists (select 1 from private.activity_log where action = 'exported' and table_name = 'publication_records'), 'the export is logged');

select is(private.publication_record_years(), 5, 'the record keeps a version five years by default');
select throws_ok($$ update public.site_settings set value = '2' where key = 'staff_publication_record_years' $$, '23514', null,
  'and never fewer than three');
-- Retention: the oldest records go once their version ended more than the setting's years ago.
select tests.act_as_owner();
select is(private.apply_publication_record_retention(), 0, 'nothing goes before its time');
select set_config('app.clock', '2041-01-01 00:00:00+00', true);
delete from public.site_settings where id = (select item_id from public.publication_records order by seq limit 1);
select set_config('app.clock', '2047-01-01 00:00:00+00', true);
select ok(private.apply_publication_record_retention() >= 1, 'a version that ended more than five years ago goes, oldest first');

select * from finish();
rollback;
