-- Leads (contact messages, newsletter subscribers, job applications), per role: visitors may only
-- add rows, only through the allowed columns, and never read, change or delete one; admins read,
-- mark and delete.
begin;
select plan(46);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.job_openings (id, title, location, department, active) values
  ('e6000000-0000-4000-8000-000000000001', 'PGTAP Open', 'Lagos', 'Engineering', true),
  ('e6000000-0000-4000-8000-000000000002', 'PGTAP Closed', 'Lagos', 'Engineering', false);
insert into public.contact_messages (id, first_name, last_name, email, message) values
  ('e1000000-0000-4000-8000-000000000001', 'Existing', 'Lead', 'existing@example.com', 'Earlier message');
insert into public.newsletter_subscribers (id, email, status) values
  ('e2000000-0000-4000-8000-000000000001', 'pgtap-reader@example.com', 'subscribed');
insert into public.job_applications (id, job_opening_id, name, email, cv_path) values
  ('e3000000-0000-4000-8000-000000000001', 'e6000000-0000-4000-8000-000000000001', 'Existing Applicant',
   'existing@example.com', '7d0f1d7e-3c49-4a0e-9d0a-1f4c1b2a3e4f/cv.pdf');
-- The CV a visitor's application names was uploaded first.
insert into storage.objects (bucket_id, name) values ('applications', 'a3b1c2d4-0000-4000-8000-00000000abcd/cv.pdf');

-- anon: contact_messages -------------------------------------------------------------------------------
select tests.act_as_anon();

select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, interested_in, message)
     values ('Visitor', 'One', 'visitor@example.com', 'Core Banking Software', 'Please call me.') $$,
  'anon sends a contact message');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message, status) values ('V', 'O', 'v@example.com', 'm', 'handled') $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot choose the status of a message');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message, client_key) values ('V', 'O', 'v@example.com', 'm', repeat('a', 64)) $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot choose the client key');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message, created_at) values ('V', 'O', 'v@example.com', 'm', '2000-01-01') $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot back-date a message');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('V', 'O', 'v@example.com', 'm') returning id $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot read back what it sent');
select throws_ok($$ select * from public.contact_messages $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot read contact messages');
select throws_ok($$ update public.contact_messages set status = 'handled' $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot mark contact messages');
select throws_ok($$ delete from public.contact_messages $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot delete contact messages');

-- anon: newsletter_subscribers -------------------------------------------------------------------------
select throws_ok($$ insert into public.newsletter_subscribers (email) values ('direct@example.com') $$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon subscribes only through subscribe_newsletter()');
select throws_ok($$ select email from public.newsletter_subscribers $$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon cannot read subscribers');
select throws_ok($$ update public.newsletter_subscribers set status = 'unsubscribed' $$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon cannot unsubscribe anyone');
select throws_ok($$ delete from public.newsletter_subscribers $$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon cannot delete subscribers');

-- anon: job_applications --------------------------------------------------------------------------------
select lives_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, phone, cover_note, cv_path)
     values ('e6000000-0000-4000-8000-000000000001', 'Visitor Applicant', 'applicant@example.com', '+234 (0) 801-234-5678',
             'Hello.', 'a3b1c2d4-0000-4000-8000-00000000abcd/cv.pdf') $$,
  'anon applies to an active job opening');
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('e6000000-0000-4000-8000-000000000002', 'Late', 'late@example.com', 'a3b1c2d4-0000-4000-8000-00000000abce/cv.pdf') $$,
  '42501', 'new row violates row-level security policy for table "job_applications"', 'anon cannot apply to an inactive job opening');
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('e6000000-0000-4000-8000-000000000099', 'Ghost', 'ghost@example.com', 'a3b1c2d4-0000-4000-8000-00000000abcf/cv.pdf') $$,
  '42501', 'new row violates row-level security policy for table "job_applications"', 'anon cannot apply to an unknown job opening');
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path, status)
     values ('e6000000-0000-4000-8000-000000000001', 'Pushy', 'pushy@example.com', 'a3b1c2d4-0000-4000-8000-00000000abc0/cv.pdf', 'hired') $$,
  '42501', 'permission denied for table job_applications', 'anon cannot choose the status of an application');
select throws_ok($$ select * from public.job_applications $$,
  '42501', 'permission denied for table job_applications', 'anon cannot read job applications');
select throws_ok($$ update public.job_applications set status = 'hired' $$,
  '42501', 'permission denied for table job_applications', 'anon cannot change job applications');
select throws_ok($$ delete from public.job_applications $$,
  '42501', 'permission denied for table job_applications', 'anon cannot delete job applications');

-- anon: internals ------------------------------------------------------------------------------------------
select throws_ok($$ select * from public.submission_log $$,
  '42501', 'permission denied for table submission_log', 'anon cannot read the flood-limit log');
select throws_ok($$ select public.enforce_submission_limit('contact', 'x@example.com', 1000, 1000) $$,
  '42501', 'permission denied for function enforce_submission_limit', 'anon cannot call the flood-limit function directly');

-- signed in, not an admin ----------------------------------------------------------------------------------
select tests.act_as_member();

select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Member', 'One', 'member@example.com', 'Hello') $$,
  'a non-admin sends a contact message');
select is_empty($$ select 1 from public.contact_messages $$, 'a non-admin reads no contact messages');
select is_empty($$ select 1 from public.newsletter_subscribers $$, 'a non-admin reads no subscribers');
select is_empty($$ select 1 from public.job_applications $$, 'a non-admin reads no job applications');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message, status) values ('M', 'O', 'm@example.com', 'm', 'handled') $$,
  '42501', 'permission denied for table contact_messages', 'a non-admin cannot choose the status of a message');
select throws_ok(
  $$ update public.contact_messages set message = 'rewritten' $$,
  '42501', 'permission denied for table contact_messages', 'nobody rewrites a message (only status may change)');

update public.contact_messages set status = 'handled';
update public.newsletter_subscribers set status = 'unsubscribed';
update public.job_applications set status = 'rejected';
delete from public.contact_messages;
delete from public.newsletter_subscribers;
delete from public.job_applications;

select tests.act_as_owner();
select results_eq($$ select status from public.contact_messages where id = 'e1000000-0000-4000-8000-000000000001' $$,
  array['new'], 'a non-admin can neither mark nor delete contact messages');
select results_eq($$ select status from public.newsletter_subscribers where id = 'e2000000-0000-4000-8000-000000000001' $$,
  array['subscribed'], 'a non-admin can neither unsubscribe nor delete subscribers');
select results_eq($$ select status from public.job_applications where id = 'e3000000-0000-4000-8000-000000000001' $$,
  array['new'], 'a non-admin can neither change nor delete job applications');
select results_eq(
  $$ select status || ':' || (client_key is null) || ':' || (created_at = now()) from public.contact_messages where email = 'visitor@example.com' $$,
  array['new:true:true'], 'a visitor''s message is stored as new, stamped now, with no client key outside a request');

-- admin ------------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select results_eq($$ select email from public.contact_messages where email in ('existing@example.com', 'visitor@example.com', 'member@example.com') order by email $$,
  array['existing@example.com', 'member@example.com', 'visitor@example.com'], 'an admin reads contact messages');
select results_eq($$ select email from public.newsletter_subscribers where email = 'pgtap-reader@example.com' $$,
  array['pgtap-reader@example.com'], 'an admin reads subscribers');
select results_eq($$ select name from public.job_applications where job_opening_id = 'e6000000-0000-4000-8000-000000000001' order by name $$,
  array['Existing Applicant', 'Visitor Applicant'], 'an admin reads job applications per opening');
select results_eq($$ select email from public.staff_roles r join (values ('11111111-1111-4111-8111-111111111111'::uuid, 'pgtap-admin@example.test')) as u(id, email) on u.id = r.user_id $$,
  array['pgtap-admin@example.test'], 'an admin reads staff roles');

update public.contact_messages set status = 'handled' where id = 'e1000000-0000-4000-8000-000000000001';
update public.newsletter_subscribers set status = 'unsubscribed' where id = 'e2000000-0000-4000-8000-000000000001';
update public.job_applications set status = 'reviewing' where id = 'e3000000-0000-4000-8000-000000000001';

select results_eq($$ select status from public.contact_messages where id = 'e1000000-0000-4000-8000-000000000001' $$,
  array['handled'], 'an admin marks a message handled');
select results_eq($$ select status from public.newsletter_subscribers where id = 'e2000000-0000-4000-8000-000000000001' $$,
  array['unsubscribed'], 'an admin unsubscribes an address');
select results_eq($$ select status from public.job_applications where id = 'e3000000-0000-4000-8000-000000000001' $$,
  array['reviewing'], 'an admin sets an application''s status');
select throws_ok($$ update public.newsletter_subscribers set email = 'other@example.com' $$,
  '42501', 'permission denied for table newsletter_subscribers', 'even an admin cannot rewrite a subscriber''s address');
select throws_ok($$ update public.job_applications set cv_path = 'a3b1c2d4-0000-4000-8000-00000000ffff/x.pdf' $$,
  '42501', 'permission denied for table job_applications', 'even an admin cannot repoint an application''s CV');

delete from public.contact_messages where id = 'e1000000-0000-4000-8000-000000000001';
delete from public.newsletter_subscribers where id = 'e2000000-0000-4000-8000-000000000001';
delete from public.job_applications where id = 'e3000000-0000-4000-8000-000000000001';

select is_empty($$ select 1 from public.contact_messages where id = 'e1000000-0000-4000-8000-000000000001' $$, 'an admin deletes a message');
select is_empty($$ select 1 from public.newsletter_subscribers where id = 'e2000000-0000-4000-8000-000000000001' $$, 'an admin deletes a subscriber');
select is_empty($$ select 1 from public.job_applications where id = 'e3000000-0000-4000-8000-000000000001' $$, 'an admin deletes an application');

select throws_ok($$ insert into public.staff_roles (user_id, role, created_at) values ('22222222-2222-4222-8222-222222222222', 'editor', now() - interval '1 year') $$,
  '42501', 'permission denied for table staff_roles', 'even an admin cannot backdate a staff role');

-- staff_roles for others ---------------------------------------------------------------------------------------
select tests.act_as_member();
select is_empty($$ select 1 from public.staff_roles $$, 'a non-admin sees no staff roles (it holds none)');
select tests.act_as_anon();
select throws_ok($$ select * from public.staff_roles $$,
  '42501', 'permission denied for table staff_roles', 'anon cannot read staff roles');

select * from finish();
rollback;
