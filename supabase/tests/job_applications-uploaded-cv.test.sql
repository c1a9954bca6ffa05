-- An application from a visitor (anon or a signed-in account) is stored only when the CV it names
-- is in the applications bucket; the service role is not held to it.
begin;
select plan(6);

select tests.create_identities();
insert into public.job_openings (id, title, location, department, description, active) values
  ('e7000000-0000-4000-8000-000000000001', 'PGTAP CV Role', 'Lagos', 'Engineering', '<p>Role.</p>', true);
insert into storage.objects (bucket_id, name) values
  ('applications', 'e7c00000-0000-4000-8000-000000000001/cv.pdf'),
  ('media', 'e7c00000-0000-4000-8000-000000000002/cv.pdf');

select tests.act_as_anon();
select tests.from_address('192.0.2.70');
select lives_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('e7000000-0000-4000-8000-000000000001', 'Uploaded', 'uploaded@example.com', 'e7c00000-0000-4000-8000-000000000001/cv.pdf') $$,
  'anon applies with a CV that was uploaded');
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('e7000000-0000-4000-8000-000000000001', 'Nothing', 'nothing@example.com', 'e7c00000-0000-4000-8000-000000000009/cv.pdf') $$,
  '42501', 'new row violates row-level security policy for table "job_applications"', 'anon cannot apply with a CV path that names no file');
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('e7000000-0000-4000-8000-000000000001', 'Media', 'media@example.com', 'e7c00000-0000-4000-8000-000000000002/cv.pdf') $$,
  '42501', 'new row violates row-level security policy for table "job_applications"', 'anon cannot name a file of another bucket as its CV');

select tests.act_as_member();
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('e7000000-0000-4000-8000-000000000001', 'Member', 'member@example.com', 'e7c00000-0000-4000-8000-000000000008/cv.pdf') $$,
  '42501', 'new row violates row-level security policy for table "job_applications"', 'a signed-in account cannot apply with a CV path that names no file');

select tests.act_as('service_role');
select lives_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('e7000000-0000-4000-8000-000000000001', 'Restored', 'restored@example.com', 'e7c00000-0000-4000-8000-000000000007/cv.pdf') $$,
  'the service role stores a row whose file comes later (a restore, storage:push)');

select tests.act_as_owner();
select results_eq(
  $$ select count(*)::int from public.job_applications where job_opening_id = 'e7000000-0000-4000-8000-000000000001' $$,
  array[2], 'only the application with its CV and the service role''s are stored');

select * from finish();
rollback;
