-- Sign-off covers every kind in the registry: with content_requires_approval on, website copy, legal
-- pages, testimonials, clients, team members, job openings and the visible site settings (as posts
-- and solutions, content_reviews.test.sql) reach visitors only in an approved version, whatever the
-- write path: an editor's update or insert, the service role, restoring a version. A change saved
-- for review (save_change) waits while visitors keep the live version, and goes live when a
-- reviewer approves it. The registry itself names, for each table, every column visitors see.
begin;
select plan(60);

select tests.create_identities();
insert into auth.users (id, email, raw_user_meta_data) values
  ('35000000-0000-4000-8000-000000000001', 'pgtap-ed35@example.test', '{"full_name": "Ed Editor"}'),
  ('35000000-0000-4000-8000-000000000002', 'pgtap-cara35@example.test', '{"full_name": "Cara Compliance"}');
insert into public.staff_roles (user_id, role) values
  ('35000000-0000-4000-8000-000000000001', 'editor'),
  ('35000000-0000-4000-8000-000000000002', 'compliance');

-- One live item of each kind, made before approval is turned on.
insert into public.website_content (id, section, key, content) values
  ('35000000-0000-4000-8000-0000000000a1', 'pgtap_hero', 'main', '{"title": "Banking, simply"}'),
  ('35000000-0000-4000-8000-0000000000a2', 'legal', 'pgtap_terms', '{"sections": ["Old terms"]}');
update public.website_content set content = '{"title": "Banking, simply done"}' where id = '35000000-0000-4000-8000-0000000000a1';
insert into public.testimonials (id, quote, name, title, avatar) values
  ('35000000-0000-4000-8000-0000000000a3', 'They delivered.', 'Ada Client', 'CIO', '/images/a.png');
insert into public.clients (id, name) values ('35000000-0000-4000-8000-0000000000a4', 'PGTAP Bank');
insert into public.team_members (id, name, position, bio, avatar, order_index) values
  ('35000000-0000-4000-8000-0000000000a5', 'Tim Team', 'CTO', 'Builds things.', '/images/t.png', 3500);
insert into public.job_openings (id, title, location, department, country, description) values
  ('35000000-0000-4000-8000-0000000000a6', 'Engineer', 'Lagos', 'Engineering', 'NG', '<p>Build banking software.</p>');
insert into public.site_settings (id, key, value) values
  ('35000000-0000-4000-8000-0000000000a7', 'pgtap_phone', '+234 1 000 0000'),
  ('35000000-0000-4000-8000-0000000000a8', 'staff_pgtap_note', 'back office only');
update public.site_settings set value = 'true' where key = 'content_requires_approval';

-- Each kind's live item, and a visible change to it: the same table drives every check below.
create temporary table kinds (kind text primary key, table_name text, id uuid, change jsonb, column_name text, new_value text) on commit drop;
insert into kinds values
  ('copy', 'website_content', '35000000-0000-4000-8000-0000000000a1', '{"content": {"title": "Guaranteed 35% returns"}}', 'content', '{"title": "Guaranteed 35% returns"}'),
  ('legal', 'website_content', '35000000-0000-4000-8000-0000000000a2', '{"content": {"sections": ["New terms"]}}', 'content', '{"sections": ["New terms"]}'),
  ('testimonial', 'testimonials', '35000000-0000-4000-8000-0000000000a3', '{"quote": "They doubled our returns."}', 'quote', 'They doubled our returns.'),
  ('client', 'clients', '35000000-0000-4000-8000-0000000000a4', '{"name": "PGTAP Bank (a client since 1990)"}', 'name', 'PGTAP Bank (a client since 1990)'),
  ('team_member', 'team_members', '35000000-0000-4000-8000-0000000000a5', '{"bio": "Former regulator."}', 'bio', 'Former regulator.'),
  ('job', 'job_openings', '35000000-0000-4000-8000-0000000000a6', '{"title": "Engineer (equity guaranteed)"}', 'title', 'Engineer (equity guaranteed)'),
  ('setting', 'site_settings', '35000000-0000-4000-8000-0000000000a7', '{"value": "+234 1 999 9999"}', 'value', '+234 1 999 9999');
grant select on kinds to anon, authenticated, service_role;

-- The column's value as stored, as text.
create function tests.stored(kind_name text) returns text language plpgsql security definer as $$
declare v text;
begin
  execute (select format('select (to_jsonb(t) ->> %L) from public.%I as t where t.id = %L', k.column_name, k.table_name, k.id)
             from kinds as k where k.kind = kind_name) into v;
  return v;
end
$$;
-- Writes the kind's change straight onto its live row, as whoever is acting.
create function tests.write_live(kind_name text) returns void language plpgsql as $$
begin
  execute (select format('update public.%I as t set %I = (jsonb_populate_record(null::public.%I, %L)).%I where t.id = %L',
                         k.table_name, k.column_name, k.table_name, k.change, k.column_name, k.id)
             from kinds as k where k.kind = kind_name);
end
$$;
create function tests.first_version(row_id uuid) returns bigint language sql security definer as $$
  select min(r.id) from private.revisions as r where r.row_id = first_version.row_id::text
$$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

-- The registry -------------------------------------------------------------------------------------------
select set_eq($$ select kind from private.reviewable_kinds $$,
  array['post', 'solution', 'copy', 'legal', 'testimonial', 'client', 'team_member', 'job', 'setting'],
  'the registry covers posts, solutions, website copy, legal pages, testimonials, clients, team members, job openings and visible settings');
select is_empty(
  $$ select k.kind || '.' || a.attname
       from private.reviewable_kinds as k
       join pg_attribute as a on a.attrelid = ('public.' || k.table_name)::regclass and a.attnum > 0 and not a.attisdropped
      where a.attname <> all (k.visible_columns)
        and a.attname not in ('id', 'created_at', 'updated_at', 'updated_by', 'created_by', 'publish_at', 'order_index')
        and a.attname is distinct from k.live_column $$,
  'every column of a registered table is either visible (fingerprinted) or bookkeeping');
select is_empty(
  $$ select k.table_name || ' lacks ' || t.name
       from (select distinct table_name from private.reviewable_kinds) as k
       cross join (values ('require_approval'), ('withdraw_stale_reviews')) as t (name)
      where not exists (select 1 from pg_trigger as g
                         where g.tgrelid = ('public.' || k.table_name)::regclass and g.tgname = k.table_name || '_' || t.name) $$,
  'every registered table carries the gate and the withdrawal triggers');
select is(private.kind_of('site_settings', '{"key": "staff_pgtap_note"}'), null, 'back-office settings are not visible settings');

-- No write path takes an unreviewed change live ----------------------------------------------------------
select tests.act_as('authenticated', '35000000-0000-4000-8000-000000000001');
select throws_ok(format('select tests.write_live(%L)', kind), '42501', null, format('an editor cannot change a live %s in place', kind))
  from kinds where kind <> 'setting' order by kind;
select tests.act_as_admin();
select throws_ok($$ select tests.write_live('setting') $$, '42501', null, 'an admin cannot change a visible setting in place');
select lives_ok($$ update public.site_settings set value = 'still back office' where key = 'staff_pgtap_note' $$,
  'while a back-office setting is saved as before');
select tests.act_as('service_role');
select throws_ok(format('select tests.write_live(%L)', kind), '42501', null, format('nor can the service role change a live %s', kind))
  from kinds order by kind;
select tests.act_as('authenticated', '35000000-0000-4000-8000-000000000001');
select throws_ok($$ insert into public.testimonials (quote, name, title, avatar) values ('Best bank ever', 'X', 'Y', '/images/x.png') $$,
  '42501', null, 'a new testimonial cannot be added live');
select throws_ok($$ insert into public.clients (name) values ('Unreviewed Logo Bank') $$, '42501', null, 'nor a client');
select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('N', 'P', 'B', '/x.png', 3501) $$,
  '42501', null, 'nor a team member');
select throws_ok($$ insert into public.job_openings (title, location, department, country, description) values ('Unreviewed', 'Lagos', 'Ops', 'NG', '<p>Ops.</p>') $$,
  '42501', null, 'nor an open job');
select throws_ok($$ insert into public.website_content (section, key, content) values ('pgtap_new', 'main', '{}') $$,
  '42501', null, 'nor a block of website copy');
select throws_ok(
  format('select public.restore_revision(%s)', tests.first_version('35000000-0000-4000-8000-0000000000a1')),
  '42501', null, 'nor is a version of website copy restored without review');
select lives_ok($$ update public.team_members set order_index = 3502 where id = '35000000-0000-4000-8000-0000000000a5' $$,
  'moving a team member leaves what visitors read as approved');
select tests.act_as_anon();
select is((select quote from public.testimonials where id = '35000000-0000-4000-8000-0000000000a3'), 'They delivered.',
  'visitors keep the live testimonial');

-- Saved for review, the change waits; approved, it goes live -------------------------------------------
select tests.act_as('authenticated', '35000000-0000-4000-8000-000000000001');
select lives_ok($$ select public.save_change('team_member', '{"order_index": 3503}', '35000000-0000-4000-8000-0000000000a5') $$,
  'a change visitors would not read is saved on the row at once');
select is((select order_index from public.team_members where id = '35000000-0000-4000-8000-0000000000a5'), 3503, 'as it is');
select lives_ok(format('select public.save_change(%L, %L, %L)', kind, change, id), format('an editor saves a change of the %s for review', kind))
  from kinds where kind <> 'setting' order by kind;
select tests.act_as_admin();
select lives_ok($$ select public.save_change('setting', '{"value": "+234 1 999 9999"}', '35000000-0000-4000-8000-0000000000a7') $$,
  'an admin saves a change of a visible setting for review');
select tests.act_as_owner();
select is_empty($$ select kind from kinds where tests.stored(kind) = new_value $$, 'no change is live yet');
select is((select count(*)::int from public.content_drafts as d join kinds as k on k.kind = d.kind and k.id = d.id), 7,
  'each waits as its item''s pending change');
select tests.act_as('authenticated', '35000000-0000-4000-8000-000000000001');
select lives_ok(format('select public.request_review(%L, %L, null)', kind, id), format('the editor asks for a review of the %s', kind))
  from kinds where kind <> 'setting' order by kind;
select tests.act_as_admin();
select lives_ok($$ select public.request_review('setting', '35000000-0000-4000-8000-0000000000a7', null) $$, 'the admin asks for a review of the setting');
select tests.act_as('authenticated', '35000000-0000-4000-8000-000000000002');
select lives_ok(format('select public.review_content(%L, %L, %L, null, tests.waiting_version(%L))', kind, id, 'approve', id),
  format('the reviewer approves the %s', kind))
  from kinds order by kind;
select tests.act_as_owner();
select is_empty($$ select kind from kinds where tests.stored(kind) is distinct from new_value $$, 'every approved change is live');
select is_empty($$ select 1 from public.content_drafts as d join kinds as k on k.kind = d.kind and k.id = d.id $$,
  'and no change waits any more');

-- A new testimonial is saved hidden and goes live when approved.
select tests.act_as('authenticated', '35000000-0000-4000-8000-000000000001');
create temporary table new_item (id uuid) on commit drop;
grant select, insert on new_item to authenticated, anon;
insert into new_item select (public.save_change('testimonial', '{"quote": "Fast and careful.", "name": "Bo New", "title": "COO", "avatar": "/images/b.png"}', null) ->> 'id')::uuid;
select tests.act_as_anon();
select is_empty($$ select 1 from public.testimonials where id = (select id from new_item) $$, 'a new testimonial saved for review is hidden from visitors');
select tests.act_as('authenticated', '35000000-0000-4000-8000-000000000001');
select lives_ok($$ select public.request_review('testimonial', (select id from new_item), null) $$, 'its review is asked for');
select tests.act_as('authenticated', '35000000-0000-4000-8000-000000000002');
select lives_ok($$ select public.review_content('testimonial', (select id from new_item), 'approve', null, tests.waiting_version((select id from new_item))) $$,
  'and it is approved');
select tests.act_as_anon();
select is((select rating from public.testimonials where id = (select id from new_item)), 5, 'visitors now read it, with its default rating');

-- With the setting off nothing changes ------------------------------------------------------------------
select tests.act_as_owner();
update public.site_settings set value = 'false' where key = 'content_requires_approval';
select tests.act_as('authenticated', '35000000-0000-4000-8000-000000000001');
select lives_ok($$ update public.testimonials set quote = 'Changed at once' where id = '35000000-0000-4000-8000-0000000000a3' $$,
  'with the setting off a testimonial is changed in place');
select lives_ok($$ insert into public.clients (name) values ('Another PGTAP Bank') $$, 'and a client added live');

select * from finish();
rollback;
