-- Constraints: the database refuses what the forms would refuse, whoever writes (run as the owner,
-- which bypasses RLS, so only the constraints are under test).
begin;
select plan(56);

insert into public.job_openings (id, title, location, department, description) values
  ('d6000000-0000-4000-8000-000000000001', 'PGTAP Analyst', 'Lagos', 'Finance', '<p>Role.</p>');
insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values
  ('pgtap-taken', 'Taken', 'Banking', 's', 'l', 'Bot', 'Contact Us', 'm');
insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values
  ('pgtap-taken', 'Taken', 'e', '<p>c</p>', 'pgtap', '/i.png', 'Ada');
insert into public.team_members (name, position, bio, avatar, order_index) values
  ('PGTAP Grace', 'CEO', 'Leads.', '/g.png', 951);

-- Controls: well-formed rows are accepted --------------------------------------------------------------
select lives_ok(
  $$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, author_avatar, tags)
     values ('pgtap-2024-review', 'A title', 'An excerpt', '<p>Body</p>', 'News', 'https://cdn.example.test/a.png', 'Ada', null, '{one,two}') $$,
  'a well-formed post is accepted');
select lives_ok(
  $$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, features, targetaudience, status)
     values ('pgtap-ok', 'T', 'C', 's', 'l', 'GraduationCap', 'https://example.test', 'm',
             '[{"title": "A", "description": "B"}]', '{Schools}', 'Available') $$,
  'a well-formed solution is accepted');

-- clients ----------------------------------------------------------------------------------------------
select throws_ok($$ insert into public.clients (name, icon) values ('X', 'Rocket') $$,
  '23514', 'new row for relation "clients" violates check constraint "clients_icon_check"', 'a client icon outside the admin set is refused');
select throws_ok($$ insert into public.clients (name, logo_url) values ('X', 'javascript:alert(1)') $$,
  '23514', 'new row for relation "clients" violates check constraint "clients_logo_url_check"', 'a javascript: logo URL is refused');
select throws_ok($$ insert into public.clients (name) values ('   ') $$,
  '23514', 'new row for relation "clients" violates check constraint "clients_name_check"', 'a blank client name is refused');

-- testimonials -------------------------------------------------------------------------------------------
select throws_ok($$ insert into public.testimonials (quote, name, title, avatar, rating) values ('q', 'n', 't', '/a.png', 6) $$,
  '23514', 'new row for relation "testimonials" violates check constraint "testimonials_rating_check"', 'rating 6 is refused');
select throws_ok($$ insert into public.testimonials (quote, name, title, avatar, rating) values ('q', 'n', 't', '/a.png', 0) $$,
  '23514', 'new row for relation "testimonials" violates check constraint "testimonials_rating_check"', 'rating 0 is refused');
select throws_ok($$ insert into public.testimonials (quote, name, title, avatar) values (repeat('q', 2001), 'n', 't', '/a.png') $$,
  '23514', 'new row for relation "testimonials" violates check constraint "testimonials_quote_check"', 'a quote over 2000 characters is refused');

-- team_members -------------------------------------------------------------------------------------------
set constraints public.team_members_order_index_key immediate;
select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('n', 'p', 'b', '/a.png', 951) $$,
  '23505', 'duplicate key value violates unique constraint "team_members_order_index_key"', 'two members cannot share a place');
set constraints public.team_members_order_index_key deferred;
select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index, linkedin_url) values ('n', 'p', 'b', '/a.png', 952, 'javascript:alert(1)') $$,
  '23514', 'new row for relation "team_members" violates check constraint "team_members_linkedin_url_check"', 'a javascript: LinkedIn URL is refused');
select throws_ok($$ insert into public.team_members (name, position, bio, avatar, order_index) values ('n', 'p', repeat('b', 5001), '/a.png', 953) $$,
  '23514', 'new row for relation "team_members" violates check constraint "team_members_bio_check"', 'a bio over 5000 characters is refused');

-- solutions ----------------------------------------------------------------------------------------------
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('Bad Slug', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_slug_check"', 'a slug with capitals and spaces is refused');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('-lead--double', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_slug_check"', 'a slug with leading or doubled hyphens is refused');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('pgtap-taken', 't', 'c', 's', 'l', 'Bot', 'u', 'm') $$,
  '23505', 'duplicate key value violates unique constraint "solutions_slug_key"', 'a duplicate solution slug is refused');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('x', 't', 'c', 's', 'l', 'Rocket', 'u', 'm') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_icon_check"', 'a solution icon outside the set is refused');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, status) values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm', 'Beta') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_status_check"', 'a solution status outside Live/Development/Available is refused');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, features) values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm', '{"title": "A"}') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_features_check"', 'features that are not an array are refused');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription, features) values ('x', 't', 'c', 's', 'l', 'Bot', 'u', 'm', '[{"title": "A"}]') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_features_check"', 'a feature without a description is refused');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, metadescription) values ('x', 't', 'c', 's', 'l', 'Bot', 'javascript:alert(1)', 'm') $$,
  '23514', 'new row for relation "solutions" violates check constraint "solutions_url_check"', 'a javascript: solution URL is refused');
select throws_ok($$ insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url) values ('x', 't', 'c', 's', 'l', 'Bot', 'u') $$,
  '23502', 'null value in column "metadescription" of relation "solutions" violates not-null constraint', 'a solution without meta description is refused');

-- blog_posts ---------------------------------------------------------------------------------------------
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('hello_world', 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_slug_check"', 'a slug with an underscore is refused');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values (repeat('a', 121), 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_slug_check"', 'a slug over 120 characters is refused');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('pgtap-taken', 't', 'e', 'c', 'c', '/i.png', 'a') $$,
  '23505', 'duplicate key value violates unique constraint "blog_posts_slug_key"', 'a duplicate post slug is refused');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('x', repeat('t', 201), 'e', 'c', 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_title_check"', 'a title over 200 characters is refused');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('x', 't', repeat('e', 1001), 'c', 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_excerpt_check"', 'an excerpt over 1000 characters is refused');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('x', 't', 'e', repeat('c', 200001), 'c', '/i.png', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_content_check"', 'post content over 200000 characters is refused');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name) values ('x', 't', 'e', 'c', 'c', 'data:text/html,<script>alert(1)</script>', 'a') $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_featured_image_check"', 'a data: featured image is refused');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image) values ('x', 't', 'e', 'c', 'c', '/i.png') $$,
  '23502', 'null value in column "author_name" of relation "blog_posts" violates not-null constraint', 'a post without author name is refused');
select throws_ok($$ insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, tags) values ('x', 't', 'e', 'c', 'c', '/i.png', 'a', array_fill('tag'::text, array[51])) $$,
  '23514', 'new row for relation "blog_posts" violates check constraint "blog_posts_tags_check"', 'more than 50 tags are refused');

-- job_openings -------------------------------------------------------------------------------------------
select throws_ok($$ insert into public.job_openings (title, location, department, type, description) values ('t', 'l', 'd', 'Freelance', '<p>Role.</p>') $$,
  '23514', 'new row for relation "job_openings" violates check constraint "job_openings_type_check"', 'a job type outside the four is refused');
select throws_ok($$ insert into public.job_openings (title, location, description) values ('t', 'l', '<p>Role.</p>') $$,
  '23502', 'null value in column "department" of relation "job_openings" violates not-null constraint', 'a job opening without department is refused');

-- website_content and site_settings ---------------------------------------------------------------------
select throws_ok($$ insert into public.website_content (section, key, content) values ('pgtap', 'a', '[]') $$,
  '23514', 'new row for relation "website_content" violates check constraint "website_content_content_is_object"', 'content that is not a JSON object is refused');
select throws_ok($$ insert into public.website_content (section, key, content) values ('pgtap', 'a', jsonb_build_object('text', repeat('x', 200001))) $$,
  '23514', 'new row for relation "website_content" violates check constraint "website_content_content_size"', 'content over 200000 characters is refused');
select throws_ok($$ insert into public.website_content (section, key, content) values ('stats', 'pgtap', '{"stats": [{"icon": "Skull", "number": "1", "label": "l"}]}') $$,
  '23514', 'new row for relation "website_content" violates check constraint "website_content_stats_icons"', 'a stat icon outside Users/Building/Globe/Award is refused');
select throws_ok($$ insert into public.website_content (section, key, content) values ('stats', 'pgtap', '{"stats": "many"}') $$,
  '23514', 'new row for relation "website_content" violates check constraint "website_content_stats_icons"', 'stats that are not a list are refused');
select lives_ok($$ insert into public.website_content (section, key, content) values ('stats', 'pgtap',
  '{"title": "t", "stats": [{"icon": "Award", "number": "99.9%", "label": "Uptime"}, {"number": "15+", "label": "Countries"}]}') $$,
  'stats with allowed icons (or none) are accepted');
select throws_ok($$ insert into public.website_content (section, key, content) values ('stats', 'pgtap', '{}') $$,
  '23505', 'duplicate key value violates unique constraint "website_content_section_key_key"', 'a second row for the same section and key is refused');
select throws_ok($$ insert into public.site_settings (key, value) values ('Company Name', 'x') $$,
  '23514', 'new row for relation "site_settings" violates check constraint "site_settings_key_check"', 'a setting key that is not lower_snake_case is refused');

-- contact_messages -----------------------------------------------------------------------------------------
select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', 'not-an-email', 'hi') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_email_check"', 'a malformed e-mail is refused');
select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', 'a b@example.com', 'hi') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_email_check"', 'an e-mail with a space is refused');
select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', repeat('a', 243) || '@example.com', 'hi') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_email_check"', 'an e-mail over 254 characters is refused');
select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', 'a@example.com', repeat('x', 10 * 1024 * 1024)) $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_message_check"', 'a 10 MB message is refused');
select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', 'a@example.com', repeat('x', 5001)) $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_message_check"', 'a message over 5000 characters is refused');
select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('', 'b', 'a@example.com', 'hi') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_first_name_check"', 'an empty first name is refused');
select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message, status) values ('a', 'b', 'a@example.com', 'hi', 'spam') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_status_check"', 'a message status outside new/handled is refused');

-- newsletter_subscribers -----------------------------------------------------------------------------------
insert into public.newsletter_subscribers (email) values ('  PGTAP.Mixed@Example.COM ');
select results_eq($$ select email from public.newsletter_subscribers where email like 'pgtap.mixed@%' $$,
  array['pgtap.mixed@example.com'], 'subscriber e-mails are stored trimmed and lower-cased');
select throws_ok($$ insert into public.newsletter_subscribers (email) values ('pgtap.MIXED@example.com') $$,
  '23505', 'duplicate key value violates unique constraint "newsletter_subscribers_email_key"', 'the same address in other case is a duplicate');
select throws_ok($$ insert into public.newsletter_subscribers (email, status) values ('pgtap.other@example.com', 'confirmed') $$,
  '23514', 'new row for relation "newsletter_subscribers" violates check constraint "newsletter_subscribers_status_check"', 'a subscriber status outside pending/subscribed/unsubscribed is refused');

-- job_applications -----------------------------------------------------------------------------------------
select throws_ok($$ insert into public.job_applications (job_opening_id, name, email, cv_path) values ('d6000000-0000-4000-8000-000000000001', 'n', 'a@example.com', 'cv.pdf') $$,
  '23514', 'new row for relation "job_applications" violates check constraint "job_applications_cv_path_check"', 'a CV path without its uuid folder is refused');
select throws_ok($$ insert into public.job_applications (job_opening_id, name, email, cv_path) values ('d6000000-0000-4000-8000-000000000001', 'n', 'a@example.com', '0b6c3b7e-8a6e-4a43-9d53-0a4b2f1f4e10/cv.exe') $$,
  '23514', 'new row for relation "job_applications" violates check constraint "job_applications_cv_path_check"', 'a CV that is not PDF/DOC/DOCX is refused');
select throws_ok($$ insert into public.job_applications (job_opening_id, name, email, phone, cv_path) values ('d6000000-0000-4000-8000-000000000001', 'n', 'a@example.com', 'call me maybe', '0b6c3b7e-8a6e-4a43-9d53-0a4b2f1f4e10/cv.pdf') $$,
  '23514', 'new row for relation "job_applications" violates check constraint "job_applications_phone_check"', 'a phone number with letters is refused');
select throws_ok($$ insert into public.job_applications (job_opening_id, name, email, cv_path, status) values ('d6000000-0000-4000-8000-000000000001', 'n', 'a@example.com', '0b6c3b7e-8a6e-4a43-9d53-0a4b2f1f4e10/cv.pdf', 'maybe') $$,
  '23514', 'new row for relation "job_applications" violates check constraint "job_applications_status_check"', 'an application status outside the four is refused');
select throws_ok($$ insert into public.job_applications (job_opening_id, name, email, cv_path) values ('d6000000-0000-4000-8000-000000000099', 'n', 'a@example.com', '0b6c3b7e-8a6e-4a43-9d53-0a4b2f1f4e10/cv.pdf') $$,
  '23503', 'insert or update on table "job_applications" violates foreign key constraint "job_applications_job_opening_id_fkey"', 'an application for an unknown opening is refused');
insert into public.job_applications (job_opening_id, name, email, cv_path) values
  ('d6000000-0000-4000-8000-000000000001', 'PGTAP Applicant', 'applicant@example.com', '0b6c3b7e-8a6e-4a43-9d53-0a4b2f1f4e10/Jane Doe CV.docx');
delete from public.job_openings where id = 'd6000000-0000-4000-8000-000000000001';
select is_empty($$ select 1 from public.job_applications where name = 'PGTAP Applicant' $$,
  'deleting a job opening deletes its applications');

-- page_views and staff_roles -------------------------------------------------------------------------------
select throws_ok($$ insert into public.page_views (path, count) values ('about', 1) $$,
  '23514', 'new row for relation "page_views" violates check constraint "page_views_path_check"', 'a page path not starting with / is refused');
insert into auth.users (id, email) values ('03000000-0000-4000-8000-000000000001', 'pgtap-constraints@example.test');
select throws_ok($$ insert into public.staff_roles (user_id, role) values ('03000000-0000-4000-8000-000000000001', 'owner') $$,
  '23503', 'insert or update on table "staff_roles" violates foreign key constraint "staff_roles_role_fkey"', 'a staff role that public.roles does not define is refused');

select * from finish();
rollback;
