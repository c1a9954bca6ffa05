-- Staff roles: every caller (a visitor, a signed-in account without a role, and each of the four
-- roles, as forged JWT claims) tries every staff operation on every table, bucket and function, and
-- can do exactly its column of the role table and nothing more. Then the last active admin rule.
begin;

-- The shared helpers (tests.act_as, tests.allowed, …) come from 00-helpers.sql.

-- The people ------------------------------------------------------------------------------------------
insert into auth.users (id, email) values
  ('17000000-0000-4000-8000-000000000001', 'pgtap17-admin@example.test'),
  ('17000000-0000-4000-8000-000000000002', 'pgtap17-editor@example.test'),
  ('17000000-0000-4000-8000-000000000003', 'pgtap17-sales@example.test'),
  ('17000000-0000-4000-8000-000000000004', 'pgtap17-recruiter@example.test'),
  ('17000000-0000-4000-8000-000000000005', 'pgtap17-member@example.test'),
  ('17000000-0000-4000-8000-000000000006', 'pgtap17-colleague@example.test');
insert into public.staff_roles (user_id, role) values
  ('17000000-0000-4000-8000-000000000001', 'admin'),
  ('17000000-0000-4000-8000-000000000002', 'editor'),
  ('17000000-0000-4000-8000-000000000003', 'sales'),
  ('17000000-0000-4000-8000-000000000004', 'recruiter'),
  ('17000000-0000-4000-8000-000000000006', 'editor');

create table tests.callers (ord int, caller text, role_name text, user_id uuid);
insert into tests.callers values
  (1, 'a visitor', 'anon', null),
  (2, 'an account without a role', 'authenticated', '17000000-0000-4000-8000-000000000005'),
  (3, 'an admin', 'authenticated', '17000000-0000-4000-8000-000000000001'),
  (4, 'an editor', 'authenticated', '17000000-0000-4000-8000-000000000002'),
  (5, 'sales', 'authenticated', '17000000-0000-4000-8000-000000000003'),
  (6, 'a recruiter', 'authenticated', '17000000-0000-4000-8000-000000000004');
grant select on tests.callers to anon, authenticated;

-- What they act on ------------------------------------------------------------------------------------
insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription)
values ('pgtap17-solution', 'PGTAP17 Solution', 'Test', 'Short', 'Long', 'Bot', 'Contact Us', 'Meta');
insert into public.clients (name) values ('PGTAP17 Client');
insert into public.testimonials (quote, name, title, avatar) values ('Quote', 'PGTAP17 Quote', 'CEO', '/a.png');
insert into public.team_members (id, name, position, bio, avatar, order_index) values
  ('17a00000-0000-4000-8000-000000000001', 'PGTAP17 First', 'CEO', 'Bio', '/a.png', 1701),
  ('17a00000-0000-4000-8000-000000000002', 'PGTAP17 Second', 'CTO', 'Bio', '/b.png', 1702);
insert into public.website_content (section, key, content) values ('pgtap17', 'main', '{}');
insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, published)
values ('pgtap17-draft', 'Draft', 'Excerpt', '<p>Body</p>', 'Test', '/images/x.png', 'Tester', false);
insert into public.job_openings (id, title, location, department, active, description) values
  ('17b00000-0000-4000-8000-000000000001', 'PGTAP17 Closed', 'Lagos', 'Engineering', false, '<p>Role.</p>'),
  ('17b00000-0000-4000-8000-000000000002', 'PGTAP17 Open', 'Lagos', 'Engineering', true, '<p>Role.</p>');
insert into public.contact_messages (first_name, last_name, email, message)
values ('PGTAP17', 'Visitor', 'pgtap17@example.com', 'A lead for the matrix.');
insert into public.newsletter_subscribers (email) values ('pgtap17-subscriber@example.com');
insert into public.job_applications (id, job_opening_id, name, email, cv_path)
values ('17d00000-0000-4000-8000-000000000001', '17b00000-0000-4000-8000-000000000002', 'PGTAP17 Applicant', 'applicant17@example.com', '17c00000-0000-4000-8000-000000000001/cv.pdf');
insert into public.page_views (path, day, count) values ('/pgtap17', current_date, 3);
insert into storage.objects (bucket_id, name, metadata) values
  ('media', 'pgtap17/existing.png', '{"mimetype": "image/png", "size": 10}'),
  ('applications', '17c00000-0000-4000-8000-000000000001/cv.pdf', '{"mimetype": "application/pdf", "size": 10}');
-- Storage rows are deleted from SQL only with this flag (the Storage API sets it for its own
-- deletes); set for the whole file so the policies alone decide.
do $$ begin perform set_config('storage.allow_delete_query', 'true', true); end $$;

-- No staff token reads, replaces or removes a CV object, even with its download logged (the web
-- server signs CV links with the service role after logging the download under the caller).
select tests.act_as('authenticated', '17000000-0000-4000-8000-000000000001');
select public.log_personal_data_read('cv_download', '17d00000-0000-4000-8000-000000000001');
select tests.act_as('authenticated', '17000000-0000-4000-8000-000000000004');
select public.log_personal_data_read('cv_download', '17d00000-0000-4000-8000-000000000001');
select tests.act_as_owner();

-- The matrix: admin, editor, sales, recruiter. Visitors and accounts without a role may do none of it.
create table tests.operations (ord serial, label text, statement text, admin boolean, editor boolean, sales boolean, recruiter boolean);
insert into tests.operations (label, statement, admin, editor, sales, recruiter) values
  ('add a solution', $$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('pgtap17-new', 'T', 'C', 'S', 'L', 'Bot', 'Contact Us', 'M') $$, true, true, false, false),
  ('change a solution', $$ update public.solutions set title = 'Changed' where slug = 'pgtap17-solution' $$, true, true, false, false),
  ('remove a solution', $$ delete from public.solutions where slug = 'pgtap17-solution' $$, true, true, false, false),
  ('add a client', $$ insert into public.clients (name) values ('PGTAP17 New') $$, true, true, false, false),
  ('change a client', $$ update public.clients set name = 'Changed' where name = 'PGTAP17 Client' $$, true, true, false, false),
  ('remove a client', $$ delete from public.clients where name = 'PGTAP17 Client' $$, true, true, false, false),
  ('add a testimonial', $$ insert into public.testimonials (quote, name, title, avatar) values ('Q', 'N', 'T', '/a.png') $$, true, true, false, false),
  ('change a testimonial', $$ update public.testimonials set rating = 4 where name = 'PGTAP17 Quote' $$, true, true, false, false),
  ('remove a testimonial', $$ delete from public.testimonials where name = 'PGTAP17 Quote' $$, true, true, false, false),
  ('add a team member', $$ insert into public.team_members (name, position, bio, avatar, order_index) values ('N', 'P', 'B', '/a.png', 1709) $$, true, true, false, false),
  ('change a team member', $$ update public.team_members set position = 'COO' where name = 'PGTAP17 First' $$, true, true, false, false),
  ('remove a team member', $$ delete from public.team_members where name = 'PGTAP17 First' $$, true, true, false, false),
  ('reorder the team (swap_team_member_order)', $$ select public.swap_team_member_order('17a00000-0000-4000-8000-000000000001', '17a00000-0000-4000-8000-000000000002') $$, true, true, false, false),
  ('add website content', $$ insert into public.website_content (section, key, content) values ('pgtap17', 'other', '{}') $$, true, true, false, false),
  ('change website content', $$ update public.website_content set content = '{"a": 1}' where section = 'pgtap17' $$, true, true, false, false),
  ('remove website content', $$ delete from public.website_content where section = 'pgtap17' $$, true, true, false, false),
  ('read a draft post', $$ select 1 from public.blog_posts where slug = 'pgtap17-draft' $$, true, true, false, false),
  ('add a post', $$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('pgtap17-new', 'T', 'E', '<p>C</p>', 'Test', '/x.png', 'A') $$, true, true, false, false),
  ('change a post', $$ update public.blog_posts set title = 'Changed' where slug = 'pgtap17-draft' $$, true, true, false, false),
  ('remove a post', $$ delete from public.blog_posts where slug = 'pgtap17-draft' $$, true, true, false, false),
  ('read an inactive job opening', $$ select 1 from public.job_openings where title = 'PGTAP17 Closed' $$, true, true, false, true),
  ('add a job opening', $$ insert into public.job_openings (title, location, department, description) values ('New', 'Lagos', 'Sales', '<p>Role.</p>') $$, true, true, false, true),
  ('change a job opening', $$ update public.job_openings set active = true where title = 'PGTAP17 Closed' $$, true, true, false, true),
  ('remove a job opening', $$ delete from public.job_openings where title = 'PGTAP17 Closed' $$, true, true, false, true),
  ('read the back-office settings', $$ select 1 from public.site_settings where key = 'staff_require_two_factor' $$, true, false, false, false),
  ('change a site setting', $$ update public.site_settings set value = 'Changed' where key = 'company_tagline' $$, true, false, false, false),
  ('add a site setting', $$ insert into public.site_settings (key, value) values ('pgtap17_note', 'x') $$, true, false, false, false),
  ('remove a site setting', $$ delete from public.site_settings where key = 'office_hours' $$, true, false, false, false),
  ('read contact messages', $$ select 1 from public.contact_messages where email = 'pgtap17@example.com' $$, true, false, true, false),
  ('mark a contact message handled', $$ update public.contact_messages set status = 'handled' where email = 'pgtap17@example.com' $$, true, false, true, false),
  ('remove a contact message', $$ delete from public.contact_messages where email = 'pgtap17@example.com' $$, true, false, true, false),
  ('read subscribers', $$ select 1 from public.newsletter_subscribers where email = 'pgtap17-subscriber@example.com' $$, true, false, true, false),
  ('unsubscribe a subscriber', $$ update public.newsletter_subscribers set status = 'unsubscribed' where email = 'pgtap17-subscriber@example.com' $$, true, false, true, false),
  ('remove a subscriber', $$ delete from public.newsletter_subscribers where email = 'pgtap17-subscriber@example.com' $$, true, false, true, false),
  ('read job applications', $$ select 1 from public.job_applications where name = 'PGTAP17 Applicant' $$, true, false, false, true),
  ('set an application''s status', $$ update public.job_applications set status = 'reviewing' where name = 'PGTAP17 Applicant' $$, true, false, false, true),
  ('remove an application', $$ delete from public.job_applications where name = 'PGTAP17 Applicant' $$, true, false, false, true),
  ('read page views', $$ select 1 from public.page_views where path = '/pgtap17' $$, true, true, false, false),
  ('see view figures (page_view_totals)', $$ select 1 from public.page_view_totals(7) where views > 0 $$, true, true, false, false),
  ('read a colleague''s role', $$ select 1 from public.staff_roles where user_id = '17000000-0000-4000-8000-000000000006' $$, true, false, false, false),
  ('grant a role', $$ insert into public.staff_roles (user_id, role) values ('17000000-0000-4000-8000-000000000005', 'sales') $$, true, false, false, false),
  ('change a colleague''s role', $$ update public.staff_roles set role = 'sales' where user_id = '17000000-0000-4000-8000-000000000006' $$, true, false, false, false),
  ('revoke a role', $$ delete from public.staff_roles where user_id = '17000000-0000-4000-8000-000000000006' $$, true, false, false, false),
  ('read the role permissions', $$ select 1 from public.role_permissions $$, true, false, false, false),
  ('list media files', $$ select 1 from storage.objects where bucket_id = 'media' and name = 'pgtap17/existing.png' $$, true, true, false, false),
  ('upload a media file', $$ insert into storage.objects (bucket_id, name, owner, metadata) values ('media', 'pgtap17/new.png', auth.uid(), '{}') $$, true, true, false, false),
  ('replace a media file', $$ update storage.objects set metadata = '{"size": 11}' where bucket_id = 'media' and name = 'pgtap17/existing.png' $$, true, true, false, false),
  ('remove a media file', $$ delete from storage.objects where bucket_id = 'media' and name = 'pgtap17/existing.png' $$, true, true, false, false),
  ('download a CV', $$ select 1 from storage.objects where bucket_id = 'applications' and name = '17c00000-0000-4000-8000-000000000001/cv.pdf' $$, false, false, false, false),
  ('replace a CV', $$ update storage.objects set metadata = '{"size": 11}' where bucket_id = 'applications' and name = '17c00000-0000-4000-8000-000000000001/cv.pdf' $$, false, false, false, false),
  ('remove a CV', $$ delete from storage.objects where bucket_id = 'applications' and name = '17c00000-0000-4000-8000-000000000001/cv.pdf' $$, false, false, false, false),
  ('count as an admin (is_admin)', $$ select 1 where public.is_admin() $$, true, false, false, false);
grant select on tests.operations to anon, authenticated;

create function tests.expected(caller_ord int, o tests.operations) returns boolean language sql as $$
  select case caller_ord when 3 then o.admin when 4 then o.editor when 5 then o.sales when 6 then o.recruiter else false end
$$;

-- Eleven assertions on the last active admin follow the matrix.
select plan((select count(*)::int from tests.operations) * (select count(*)::int from tests.callers) + 11);

create function tests.matrix_for(caller_ord int) returns setof text language plpgsql as $$
declare
  c tests.callers;
  o tests.operations;
begin
  select * into c from tests.callers where ord = caller_ord;
  for o in select * from tests.operations order by ord loop
    perform tests.act_as(c.role_name, c.user_id);
    return next is(tests.allowed(o.statement), tests.expected(c.ord, o),
      format('%s %s %s', c.caller, case when tests.expected(c.ord, o) then 'may' else 'may not' end, o.label));
  end loop;
  perform tests.act_as_owner();
end
$$;
grant execute on function tests.expected(int, tests.operations), tests.matrix_for(int) to anon, authenticated;

select tests.matrix_for(1);
select tests.matrix_for(2);
select tests.matrix_for(3);
select tests.matrix_for(4);
select tests.matrix_for(5);
select tests.matrix_for(6);

-- The last active admin ------------------------------------------------------------------------------
select tests.act_as('authenticated', '17000000-0000-4000-8000-000000000001');
select throws_ok($$ update public.staff_roles set role = 'editor' where user_id = '17000000-0000-4000-8000-000000000001' $$,
  'PT409', 'The last active admin cannot be demoted, deactivated or removed.', 'the last admin cannot be made an editor');
select throws_ok($$ delete from public.staff_roles where user_id = '17000000-0000-4000-8000-000000000001' $$,
  'PT409', 'The last active admin cannot be demoted, deactivated or removed.', 'the last admin''s role cannot be revoked');

-- Deactivating and removing go through Supabase Auth, which writes auth.users as its own role.
select tests.act_as_owner();
select throws_ok($$ update auth.users set banned_until = now() + interval '100 years' where id = '17000000-0000-4000-8000-000000000001' $$,
  'PT409', 'The last active admin cannot be demoted, deactivated or removed.', 'the last admin cannot be deactivated (banned)');
select throws_ok($$ update auth.users set deleted_at = now() where id = '17000000-0000-4000-8000-000000000001' $$,
  'PT409', 'The last active admin cannot be demoted, deactivated or removed.', 'the last admin cannot be soft-deleted');
select throws_ok($$ delete from auth.users where id = '17000000-0000-4000-8000-000000000001' $$,
  'PT409', 'The last active admin cannot be demoted, deactivated or removed.', 'the last admin''s account cannot be deleted');

-- A deactivated admin is not an active one.
insert into auth.users (id, email, banned_until) values
  ('17000000-0000-4000-8000-000000000007', 'pgtap17-admin-two@example.test', now() + interval '100 years');
insert into public.staff_roles (user_id, role) values ('17000000-0000-4000-8000-000000000007', 'admin');
select tests.act_as('authenticated', '17000000-0000-4000-8000-000000000001');
select throws_ok($$ update public.staff_roles set role = 'editor' where user_id = '17000000-0000-4000-8000-000000000001' $$,
  'PT409', 'The last active admin cannot be demoted, deactivated or removed.', 'a deactivated second admin does not count');

-- With a second active admin, either may step down, and the other is then the last.
select tests.act_as_owner();
update auth.users set banned_until = null where id = '17000000-0000-4000-8000-000000000007';
select tests.act_as('authenticated', '17000000-0000-4000-8000-000000000007');
select lives_ok($$ update public.staff_roles set role = 'editor' where user_id = '17000000-0000-4000-8000-000000000001' $$,
  'with another active admin, an admin can be made an editor');
select throws_ok($$ delete from public.staff_roles where user_id = '17000000-0000-4000-8000-000000000007' $$,
  'PT409', 'The last active admin cannot be demoted, deactivated or removed.', 'the remaining admin is now the last one');

select tests.act_as_owner();
select lives_ok($$ delete from auth.users where id = '17000000-0000-4000-8000-000000000006' $$,
  'an editor''s account can be deleted');
update auth.users set banned_until = now() + interval '1 day' where id = '17000000-0000-4000-8000-000000000002';
select tests.act_as('authenticated', '17000000-0000-4000-8000-000000000002');
select ok(not public.has_permission('content.write'), 'a deactivated editor''s unexpired token holds no permission');
select tests.act_as('authenticated', '17000000-0000-4000-8000-000000000005');
select ok(not public.has_permission('content.write') and not public.is_admin(), 'an account without a role holds no permission');

select tests.act_as_owner();
select * from finish();
rollback;
