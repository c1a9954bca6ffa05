-- public.job_applications: visitors may only apply, through the allowed columns, to an open role, and
-- never read, change or delete an application; application handlers read, move through the status
-- steps and delete; the database refuses what the form would.
begin;
select plan(23);

insert into public.job_openings (id, title, location, department, description) values
  ('d6000000-0000-4000-8000-000000000001', 'PGTAP Analyst', 'Lagos', 'Finance', '<p>Role.</p>');

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

select tests.act_as_owner();

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.job_openings (id, title, location, department, active, description) values
  ('e6000000-0000-4000-8000-000000000001', 'PGTAP Open', 'Lagos', 'Engineering', true, '<p>Role.</p>'),
  ('e6000000-0000-4000-8000-000000000002', 'PGTAP Closed', 'Lagos', 'Engineering', false, '<p>Role.</p>');

insert into public.job_applications (id, job_opening_id, name, email, cv_path) values
  ('e3000000-0000-4000-8000-000000000001', 'e6000000-0000-4000-8000-000000000001', 'Existing Applicant',
   'existing@example.com', '7d0f1d7e-3c49-4a0e-9d0a-1f4c1b2a3e4f/cv.pdf');
-- The CV a visitor's application names was uploaded first.
insert into storage.objects (bucket_id, name) values ('applications', 'a3b1c2d4-0000-4000-8000-00000000abcd/cv.pdf');

select tests.act_as_anon();

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

-- signed in, not an admin ----------------------------------------------------------------------------------
select tests.act_as_member();

select is_empty($$ select 1 from public.job_applications $$, 'a non-admin reads no job applications');

update public.job_applications set status = 'rejected';

delete from public.job_applications;

select tests.act_as_owner();

select results_eq($$ select status from public.job_applications where id = 'e3000000-0000-4000-8000-000000000001' $$,
  array['new'], 'a non-admin can neither change nor delete job applications');

-- admin ------------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select results_eq($$ select name from public.job_applications where job_opening_id = 'e6000000-0000-4000-8000-000000000001' order by name $$,
  array['Existing Applicant', 'Visitor Applicant'], 'an admin reads job applications per opening');

update public.job_applications set status = 'reviewing' where id = 'e3000000-0000-4000-8000-000000000001';

select results_eq($$ select status from public.job_applications where id = 'e3000000-0000-4000-8000-000000000001' $$,
  array['reviewing'], 'an admin sets an application''s status');

select throws_ok($$ update public.job_applications set cv_path = 'a3b1c2d4-0000-4000-8000-00000000ffff/x.pdf' $$,
  '42501', 'permission denied for table job_applications', 'even an admin cannot repoint an application''s CV');

delete from public.job_applications where id = 'e3000000-0000-4000-8000-000000000001';

select is_empty($$ select 1 from public.job_applications where id = 'e3000000-0000-4000-8000-000000000001' $$, 'an admin deletes an application');

select tests.act_as_owner();

insert into public.job_openings (id, title, location, department, description) values
  ('e8000000-0000-4000-8000-000000000001', 'PGTAP Open', 'Lagos', 'Engineering', '<p>Role.</p>');

insert into public.job_applications (id, job_opening_id, name, email, cv_path) values
  ('e9000000-0000-4000-8000-000000000001', 'e8000000-0000-4000-8000-000000000001', 'Applicant',
   'applicant@example.com', '7d0f1d7e-3c49-4a0e-9d0a-1f4c1b2a3e4f/cv.pdf');

-- Application status ------------------------------------------------------------------------------
select tests.act_as_admin();

select lives_ok($$ update public.job_applications set status = 'reviewing' $$, 'an admin moves an application to reviewing');

select lives_ok($$ update public.job_applications set status = 'hired' $$, 'an admin marks an application hired');

select throws_ok($$ update public.job_applications set status = 'reviewed' $$,
  '23514', null, 'the old value reviewed is refused');

select throws_ok($$ update public.job_applications set status = 'archived' $$,
  '23514', null, 'an unknown status is refused');

select * from finish();
rollback;
