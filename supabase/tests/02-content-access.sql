-- Content tables, per role: anon and a signed-in non-admin read what the public site shows and
-- write nothing; an admin reads drafts and inactive openings and creates, updates, deletes.
begin;
select plan(81);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

-- Rows of this file (tests never rely on seed rows) ------------------------------------------------
insert into public.website_content (id, section, key, content) values
  ('c7000000-0000-4000-8000-000000000001', 'pgtap', 'main', '{"title": "Hello"}');
insert into public.clients (id, name, icon) values
  ('c1000000-0000-4000-8000-000000000001', 'PGTAP Client', 'Gem');
insert into public.testimonials (id, quote, name, title, avatar) values
  ('c2000000-0000-4000-8000-000000000001', 'Great.', 'Ada', 'CTO', 'https://example.test/ada.png');
insert into public.team_members (id, name, position, bio, avatar, order_index) values
  ('c3000000-0000-4000-8000-000000000001', 'Grace', 'CEO', 'Leads.', '/team/grace.png', 901);
insert into public.solutions (id, slug, title, category, shortdescription, longdescription, icon, url, metadescription) values
  ('c4000000-0000-4000-8000-000000000001', 'pgtap-solution', 'PGTAP Suite', 'Banking', 'Short.', 'Long.', 'Landmark', 'Contact Us', 'Meta.');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published) values
  ('c5000000-0000-4000-8000-000000000001', 'pgtap-published', 'Published', 'Ex.', '<p>Body</p>', 'pgtap', '/img/a.png', 'Ada', true),
  ('c5000000-0000-4000-8000-000000000002', 'pgtap-draft', 'Draft', 'Ex.', '<p>Body</p>', 'pgtap', '/img/b.png', 'Ada', false);
insert into public.job_openings (id, title, location, department, active, description) values
  ('c6000000-0000-4000-8000-000000000001', 'PGTAP Engineer', 'Lagos', 'Engineering', true, '<p>Role.</p>'),
  ('c6000000-0000-4000-8000-000000000002', 'PGTAP Closed', 'Lagos', 'Engineering', false, '<p>Role.</p>');
insert into public.site_settings (key, value) values ('pgtap_setting', 'original');

-- anon ------------------------------------------------------------------------------------------------
select tests.act_as_anon();

select results_eq($$ select content ->> 'title' from public.website_content where section = 'pgtap' $$,
  array['Hello'], 'anon reads website content');
select results_eq($$ select name from public.clients where id = 'c1000000-0000-4000-8000-000000000001' $$,
  array['PGTAP Client'], 'anon reads clients');
select results_eq($$ select name from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' $$,
  array['Ada'], 'anon reads testimonials');
select results_eq($$ select name from public.team_members where id = 'c3000000-0000-4000-8000-000000000001' $$,
  array['Grace'], 'anon reads team members');
select results_eq($$ select title from public.solutions where slug = 'pgtap-solution' $$,
  array['PGTAP Suite'], 'anon reads solutions');
select results_eq($$ select slug from public.blog_posts where category = 'pgtap' order by slug $$,
  array['pgtap-published'], 'anon reads published posts but not drafts');
select results_eq($$ select title from public.job_openings where title like 'PGTAP %' order by title $$,
  array['PGTAP Engineer'], 'anon reads active job openings but not inactive ones');
select results_eq($$ select value from public.site_settings where key = 'pgtap_setting' $$,
  array['original'], 'anon reads site settings');

select throws_ok($$ insert into public.website_content (section, key, content) values ('x', 'y', '{}') $$,
  '42501', 'permission denied for table website_content', 'anon cannot add website content');
select throws_ok($$ insert into public.clients (name) values ('Intruder') $$,
  '42501', 'permission denied for table clients', 'anon cannot add clients');
select throws_ok($$ insert into public.testimonials (quote, name, title, avatar) values ('q', 'n', 't', '/a.png') $$,
  '42501', 'permission denied for table testimonials', 'anon cannot add testimonials');
select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('n', 'p', 'b', '/a.png', 999) $$,
  '42501', 'permission denied for table team_members', 'anon cannot add team members');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription)
                    values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '42501', 'permission denied for table solutions', 'anon cannot add solutions');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name)
                    values ('x', 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '42501', 'permission denied for table blog_posts', 'anon cannot add posts');
select throws_ok($$ insert into public.job_openings (title, location, department, description) values ('t', 'l', 'd', '<p>Role.</p>') $$,
  '42501', 'permission denied for table job_openings', 'anon cannot add job openings');
select throws_ok($$ insert into public.site_settings (key, value) values ('x', 'y') $$,
  '42501', 'permission denied for table site_settings', 'anon cannot add site settings');

select throws_ok($$ update public.website_content set content = '{}' where section = 'pgtap' $$,
  '42501', 'permission denied for table website_content', 'anon cannot update website content');
select throws_ok($$ update public.clients set name = 'Hacked' $$,
  '42501', 'permission denied for table clients', 'anon cannot update clients');
select throws_ok($$ update public.testimonials set quote = 'Hacked' $$,
  '42501', 'permission denied for table testimonials', 'anon cannot update testimonials');
select throws_ok($$ update public.team_members set name = 'Hacked' $$,
  '42501', 'permission denied for table team_members', 'anon cannot update team members');
select throws_ok($$ update public.solutions set title = 'Hacked' $$,
  '42501', 'permission denied for table solutions', 'anon cannot update solutions');
select throws_ok($$ update public.blog_posts set published = true $$,
  '42501', 'permission denied for table blog_posts', 'anon cannot publish or edit posts');
select throws_ok($$ update public.job_openings set active = true $$,
  '42501', 'permission denied for table job_openings', 'anon cannot activate or edit job openings');
select throws_ok($$ update public.site_settings set value = 'Hacked' $$,
  '42501', 'permission denied for table site_settings', 'anon cannot update site settings');

select throws_ok($$ delete from public.website_content $$,
  '42501', 'permission denied for table website_content', 'anon cannot delete website content');
select throws_ok($$ delete from public.clients $$,
  '42501', 'permission denied for table clients', 'anon cannot delete clients');
select throws_ok($$ delete from public.testimonials $$,
  '42501', 'permission denied for table testimonials', 'anon cannot delete testimonials');
select throws_ok($$ delete from public.team_members $$,
  '42501', 'permission denied for table team_members', 'anon cannot delete team members');
select throws_ok($$ delete from public.solutions $$,
  '42501', 'permission denied for table solutions', 'anon cannot delete solutions');
select throws_ok($$ delete from public.blog_posts $$,
  '42501', 'permission denied for table blog_posts', 'anon cannot delete posts');
select throws_ok($$ delete from public.job_openings $$,
  '42501', 'permission denied for table job_openings', 'anon cannot delete job openings');
select throws_ok($$ delete from public.site_settings $$,
  '42501', 'permission denied for table site_settings', 'anon cannot delete site settings');

select throws_ok($$ truncate public.blog_posts $$,
  '42501', 'permission denied for table blog_posts', 'anon cannot truncate (which would skip RLS)');

-- signed in, not an admin -----------------------------------------------------------------------------
select tests.act_as_member();

select results_eq($$ select slug from public.blog_posts where category = 'pgtap' order by slug $$,
  array['pgtap-published'], 'a non-admin does not see drafts');
select results_eq($$ select title from public.job_openings where title like 'PGTAP %' order by title $$,
  array['PGTAP Engineer'], 'a non-admin does not see inactive job openings');

select throws_ok($$ insert into public.website_content (section, key, content) values ('x', 'y', '{}') $$,
  '42501', 'new row violates row-level security policy for table "website_content"', 'a non-admin cannot add website content');
select throws_ok($$ insert into public.clients (name) values ('Intruder') $$,
  '42501', 'new row violates row-level security policy for table "clients"', 'a non-admin cannot add clients');
select throws_ok($$ insert into public.testimonials (quote, name, title, avatar) values ('q', 'n', 't', '/a.png') $$,
  '42501', 'new row violates row-level security policy for table "testimonials"', 'a non-admin cannot add testimonials');
select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('n', 'p', 'b', '/a.png', 999) $$,
  '42501', 'new row violates row-level security policy for table "team_members"', 'a non-admin cannot add team members');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription)
                    values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '42501', 'new row violates row-level security policy for table "solutions"', 'a non-admin cannot add solutions');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name)
                    values ('x', 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '42501', 'new row violates row-level security policy for table "blog_posts"', 'a non-admin cannot add posts');
select throws_ok($$ insert into public.job_openings (title, location, department, description) values ('t', 'l', 'd', '<p>Role.</p>') $$,
  '42501', 'new row violates row-level security policy for table "job_openings"', 'a non-admin cannot add job openings');
select throws_ok($$ insert into public.site_settings (key, value) values ('x', 'y') $$,
  '42501', 'new row violates row-level security policy for table "site_settings"', 'a non-admin cannot add site settings');

-- Updates and deletes blocked by RLS change 0 rows instead of failing: attempt them, then check.
update public.website_content set content = '{"title": "Hacked"}' where section = 'pgtap';
update public.clients set name = 'Hacked' where id = 'c1000000-0000-4000-8000-000000000001';
update public.testimonials set quote = 'Hacked' where id = 'c2000000-0000-4000-8000-000000000001';
update public.team_members set name = 'Hacked' where id = 'c3000000-0000-4000-8000-000000000001';
update public.solutions set title = 'Hacked' where slug = 'pgtap-solution';
update public.blog_posts set published = true, title = 'Hacked' where category = 'pgtap';
update public.job_openings set active = true, title = 'PGTAP Hacked' where title like 'PGTAP %';
update public.site_settings set value = 'Hacked' where key = 'pgtap_setting';
delete from public.website_content where section = 'pgtap';
delete from public.clients where id = 'c1000000-0000-4000-8000-000000000001';
delete from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001';
delete from public.team_members where id = 'c3000000-0000-4000-8000-000000000001';
delete from public.solutions where slug = 'pgtap-solution';
delete from public.blog_posts where category = 'pgtap';
delete from public.job_openings where title like 'PGTAP %';
delete from public.site_settings where key = 'pgtap_setting';

select tests.act_as_owner();
select results_eq($$ select content ->> 'title' from public.website_content where section = 'pgtap' $$,
  array['Hello'], 'a non-admin can neither change nor delete website content');
select results_eq($$ select name from public.clients where id = 'c1000000-0000-4000-8000-000000000001' $$,
  array['PGTAP Client'], 'a non-admin can neither change nor delete clients');
select results_eq($$ select quote from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' $$,
  array['Great.'], 'a non-admin can neither change nor delete testimonials');
select results_eq($$ select name from public.team_members where id = 'c3000000-0000-4000-8000-000000000001' $$,
  array['Grace'], 'a non-admin can neither change nor delete team members');
select results_eq($$ select title from public.solutions where slug = 'pgtap-solution' $$,
  array['PGTAP Suite'], 'a non-admin can neither change nor delete solutions');
select results_eq($$ select slug || ':' || published || ':' || title from public.blog_posts where category = 'pgtap' order by slug $$,
  array['pgtap-draft:false:Draft', 'pgtap-published:true:Published'], 'a non-admin can neither publish, change nor delete posts');
select results_eq($$ select title || ':' || active from public.job_openings where title like 'PGTAP %' order by title $$,
  array['PGTAP Closed:false', 'PGTAP Engineer:true'], 'a non-admin can neither activate, change nor delete job openings');
select results_eq($$ select value from public.site_settings where key = 'pgtap_setting' $$,
  array['original'], 'a non-admin can neither change nor delete site settings');

-- admin ---------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select results_eq($$ select slug from public.blog_posts where category = 'pgtap' order by slug $$,
  array['pgtap-draft', 'pgtap-published'], 'an admin reads drafts too');
select results_eq($$ select title from public.job_openings where title like 'PGTAP %' order by title $$,
  array['PGTAP Closed', 'PGTAP Engineer'], 'an admin reads inactive job openings too');

select lives_ok($$ insert into public.website_content (section, key, content) values ('pgtap', 'extra', '{"title": "New"}') $$,
  'an admin adds website content');
select lives_ok($$ insert into public.clients (name, icon, logo_url) values ('PGTAP New Client', 'Zap', 'https://example.test/logo.png') $$,
  'an admin adds clients');
select lives_ok($$ insert into public.testimonials (quote, name, title, avatar, rating) values ('Fine.', 'PGTAP Bob', 'CFO', '/b.png', 4) $$,
  'an admin adds testimonials');
select lives_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('PGTAP Linus', 'CTO', 'Builds.', '/l.png', 902) $$,
  'an admin adds team members');
select lives_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, features, targetaudience)
                   values ('pgtap-new', 'New', 'HR', 's', 'l', 'Users', 'https://example.test', 'm',
                           '[{"title": "Payroll", "description": "Runs it"}]', '{Banks,Schools}') $$,
  'an admin adds solutions');
select lives_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, tags)
                   values ('pgtap-new-post', 'New', 'e', '<p>c</p>', 'pgtap', '/i.png', 'Ada', '{fintech}') $$,
  'an admin adds posts');
select lives_ok($$ insert into public.job_openings (title, location, department, type, description) values ('PGTAP Intern', 'Remote', 'Ops', 'Internship', '<p>Role.</p>') $$,
  'an admin adds job openings');
select lives_ok($$ insert into public.site_settings (key, value) values ('pgtap_new', 'v') $$,
  'an admin adds site settings');

update public.website_content set content = '{"title": "Edited"}' where section = 'pgtap' and key = 'main';
update public.clients set name = 'PGTAP Renamed' where id = 'c1000000-0000-4000-8000-000000000001';
update public.testimonials set rating = 3 where id = 'c2000000-0000-4000-8000-000000000001';
update public.team_members set position = 'Chair' where id = 'c3000000-0000-4000-8000-000000000001';
update public.solutions set status = 'Development' where slug = 'pgtap-solution';
update public.blog_posts set published = true where slug = 'pgtap-draft';
update public.job_openings set active = true where title = 'PGTAP Closed';
update public.site_settings set value = 'changed' where key = 'pgtap_setting';

select results_eq($$ select content ->> 'title' from public.website_content where section = 'pgtap' and key = 'main' $$,
  array['Edited'], 'an admin updates website content');
select results_eq($$ select name from public.clients where id = 'c1000000-0000-4000-8000-000000000001' $$,
  array['PGTAP Renamed'], 'an admin updates clients');
select results_eq($$ select rating from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' $$,
  array[3], 'an admin updates testimonials');
select results_eq($$ select position from public.team_members where id = 'c3000000-0000-4000-8000-000000000001' $$,
  array['Chair'], 'an admin updates team members');
select results_eq($$ select status from public.solutions where slug = 'pgtap-solution' $$,
  array['Development'], 'an admin updates solutions');
select results_eq($$ select published from public.blog_posts where slug = 'pgtap-draft' $$,
  array[true], 'an admin publishes a draft');
select results_eq($$ select active from public.job_openings where title = 'PGTAP Closed' $$,
  array[true], 'an admin activates a job opening');
select results_eq($$ select value from public.site_settings where key = 'pgtap_setting' $$,
  array['changed'], 'an admin updates site settings');

select lives_ok(
  $$ insert into public.website_content (section, key, content) values ('pgtap', 'main', '{"title": "Upserted"}')
     on conflict (section, key) do update set content = excluded.content $$,
  'an admin upserts website content on (section, key)');
select lives_ok(
  $$ insert into public.site_settings (key, value) values ('pgtap_setting', 'upserted')
     on conflict (key) do update set value = excluded.value $$,
  'an admin upserts site settings on key');

delete from public.website_content where section = 'pgtap';
delete from public.clients where name like 'PGTAP %';
delete from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' or name = 'PGTAP Bob';
delete from public.team_members where id = 'c3000000-0000-4000-8000-000000000001' or name = 'PGTAP Linus';
delete from public.solutions where slug in ('pgtap-solution', 'pgtap-new');
delete from public.blog_posts where category = 'pgtap';
delete from public.job_openings where title like 'PGTAP %';
delete from public.site_settings where key in ('pgtap_setting', 'pgtap_new');

select tests.act_as_owner();
select is_empty($$ select 1 from public.website_content where section = 'pgtap' $$, 'an admin deletes website content');
select is_empty($$ select 1 from public.clients where name like 'PGTAP %' $$, 'an admin deletes clients');
select is_empty($$ select 1 from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' or name = 'PGTAP Bob' $$, 'an admin deletes testimonials');
select is_empty($$ select 1 from public.team_members where name in ('Grace', 'PGTAP Linus') and order_index in (901, 902) $$, 'an admin deletes team members');
select is_empty($$ select 1 from public.solutions where slug in ('pgtap-solution', 'pgtap-new') $$, 'an admin deletes solutions');
select is_empty($$ select 1 from public.blog_posts where category = 'pgtap' $$, 'an admin deletes posts');
select is_empty($$ select 1 from public.job_openings where title like 'PGTAP %' $$, 'an admin deletes job openings');
select is_empty($$ select 1 from public.site_settings where key in ('pgtap_setting', 'pgtap_new') $$, 'an admin deletes site settings');

-- updated_at is kept by the trigger; a client sends it only to name the version it edited -------------
insert into public.clients (id, name, created_at, updated_at) values
  ('c1000000-0000-4000-8000-000000000009', 'PGTAP Old', '2000-01-01', '2000-01-01');
select tests.act_as_admin();
update public.clients set name = 'PGTAP Touched', updated_at = '2000-01-01' where id = 'c1000000-0000-4000-8000-000000000009';
select results_eq($$ select updated_at = now() from public.clients where id = 'c1000000-0000-4000-8000-000000000009' $$,
  array[true], 'an update stamps updated_at with the current time');

-- Unpublishing hides a post from visitors at once ---------------------------------------------------------
select tests.act_as_owner();
insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values
  ('pgtap-toggle', 'Toggle', 'e', '<p>c</p>', 'pgtap', '/i.png', 'Ada');
select tests.act_as_admin();
update public.blog_posts set published = false where slug = 'pgtap-toggle';
select tests.act_as_anon();
select is_empty($$ select 1 from public.blog_posts where slug = 'pgtap-toggle' $$, 'an unpublished post disappears from the public site');

select * from finish();
rollback;
