-- public.job_openings: visitors and members read active openings only and write nothing; job editors
-- read inactive ones, add, activate, change and delete; the database refuses what the form would.
begin;
select plan(13);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.job_openings (id, title, location, department, active, description) values
  ('c6000000-0000-4000-8000-000000000001', 'PGTAP Engineer', 'Lagos', 'Engineering', true, '<p>Role.</p>'),
  ('c6000000-0000-4000-8000-000000000002', 'PGTAP Closed', 'Lagos', 'Engineering', false, '<p>Role.</p>');

-- anon ------------------------------------------------------------------------------------------------
select tests.act_as_anon();

select results_eq($$ select title from public.job_openings where title like 'PGTAP %' order by title $$,
  array['PGTAP Engineer'], 'anon reads active job openings but not inactive ones');

select throws_ok($$ insert into public.job_openings (title, location, department, description) values ('t', 'l', 'd', '<p>Role.</p>') $$,
  '42501', 'permission denied for table job_openings', 'anon cannot add job openings');

select throws_ok($$ update public.job_openings set active = true $$,
  '42501', 'permission denied for table job_openings', 'anon cannot activate or edit job openings');

select throws_ok($$ delete from public.job_openings $$,
  '42501', 'permission denied for table job_openings', 'anon cannot delete job openings');

-- signed in, not an admin -----------------------------------------------------------------------------
select tests.act_as_member();

select results_eq($$ select title from public.job_openings where title like 'PGTAP %' order by title $$,
  array['PGTAP Engineer'], 'a non-admin does not see inactive job openings');

select throws_ok($$ insert into public.job_openings (title, location, department, description) values ('t', 'l', 'd', '<p>Role.</p>') $$,
  '42501', 'new row violates row-level security policy for table "job_openings"', 'a non-admin cannot add job openings');

update public.job_openings set active = true, title = 'PGTAP Hacked' where title like 'PGTAP %';

delete from public.job_openings where title like 'PGTAP %';

select tests.act_as_owner();

select results_eq($$ select title || ':' || active from public.job_openings where title like 'PGTAP %' order by title $$,
  array['PGTAP Closed:false', 'PGTAP Engineer:true'], 'a non-admin can neither activate, change nor delete job openings');

-- admin ---------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select results_eq($$ select title from public.job_openings where title like 'PGTAP %' order by title $$,
  array['PGTAP Closed', 'PGTAP Engineer'], 'an admin reads inactive job openings too');

select lives_ok($$ insert into public.job_openings (title, location, department, type, description) values ('PGTAP Intern', 'Remote', 'Ops', 'Internship', '<p>Role.</p>') $$,
  'an admin adds job openings');

update public.job_openings set active = true where title = 'PGTAP Closed';

select results_eq($$ select active from public.job_openings where title = 'PGTAP Closed' $$,
  array[true], 'an admin activates a job opening');

delete from public.job_openings where title like 'PGTAP %';

select tests.act_as_owner();

select is_empty($$ select 1 from public.job_openings where title like 'PGTAP %' $$, 'an admin deletes job openings');

-- What the database refuses, whoever writes (as the owner, past row-level security) --------------
select tests.act_as_owner();

insert into public.job_openings (id, title, location, department, description) values
  ('d6000000-0000-4000-8000-000000000001', 'PGTAP Analyst', 'Lagos', 'Finance', '<p>Role.</p>');

select throws_ok($$ insert into public.job_openings (title, location, department, type, description) values ('t', 'l', 'd', 'Freelance', '<p>Role.</p>') $$,
  '23514', 'new row for relation "job_openings" violates check constraint "job_openings_type_check"', 'a job type outside the four is refused');

select throws_ok($$ insert into public.job_openings (title, location, description) values ('t', 'l', '<p>Role.</p>') $$,
  '23502', 'null value in column "department" of relation "job_openings" violates not-null constraint', 'a job opening without department is refused');

insert into public.job_applications (job_opening_id, name, email, cv_path) values
  ('d6000000-0000-4000-8000-000000000001', 'PGTAP Applicant', 'applicant@example.com', '0b6c3b7e-8a6e-4a43-9d53-0a4b2f1f4e10/Jane Doe CV.docx');

delete from public.job_openings where id = 'd6000000-0000-4000-8000-000000000001';

select * from finish();
rollback;
