-- Storage policies on storage.objects, the storage API's only gate. An upload is a plain INSERT
-- (no RETURNING) as the caller's role; a download or listing is a SELECT; a removal a DELETE.
begin;
select plan(24);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into storage.objects (bucket_id, name, metadata) values
  ('media', 'pgtap/existing.png', '{"mimetype": "image/png", "size": 10}'),
  ('applications', 'b0000000-0000-4000-8000-000000000001/cv.pdf', '{"mimetype": "application/pdf", "size": 10}');

-- anon: applications ---------------------------------------------------------------------------------------
select tests.act_as_anon();

select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner, metadata)
     values ('applications', 'c0ffee00-0000-4000-8000-000000000001/cv.pdf', null, '{"mimetype": "application/pdf", "size": 1024}') $$,
  'anon uploads a CV under a fresh uuid folder');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, metadata)
     values ('applications', 'c0ffee00-0000-4000-8000-000000000002/Jane_Doe-CV.docx', '{}') $$,
  'anon uploads a DOCX CV');
select is_empty($$ select name from storage.objects where bucket_id = 'applications' $$,
  'anon cannot list or download any CV, not even its own');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('applications', 'cv.pdf') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'a CV outside a uuid folder is refused');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('applications', 'not-a-uuid/cv.pdf') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'a CV under a guessable folder is refused');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('applications', 'c0ffee00-0000-4000-8000-000000000003/run.exe') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'a file that is not PDF/DOC/DOCX is refused');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('applications', 'c0ffee00-0000-4000-8000-000000000003/a/b.pdf') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'nested folders are refused');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, owner) values ('applications', 'c0ffee00-0000-4000-8000-000000000004/cv.pdf', '11111111-1111-4111-8111-111111111111') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'anon cannot claim someone else as owner');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('applications', 'b0000000-0000-4000-8000-000000000001/cv.pdf') $$,
  '23505', 'duplicate key value violates unique constraint "bucketid_objname"', 'anon cannot overwrite an existing CV');
update storage.objects set name = 'b0000000-0000-4000-8000-000000000001/evil.pdf' where bucket_id = 'applications';
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'applications' $$);

-- anon: media ------------------------------------------------------------------------------------------------
select is_empty($$ select name from storage.objects where bucket_id = 'media' and name like 'pgtap/%' $$,
  'anon cannot list media files (public URLs need no SELECT policy)');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('media', 'pgtap/defaced.png') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'anon cannot upload media');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('media', 'c0ffee00-0000-4000-8000-000000000005/cv.pdf') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'the CV rule does not open the media bucket');
update storage.objects set name = 'pgtap/renamed.png' where bucket_id = 'media';
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'media' $$);

-- signed in, not an admin ----------------------------------------------------------------------------------------
select tests.act_as_member();
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner) values ('applications', 'c0ffee00-0000-4000-8000-000000000006/cv.pdf', '22222222-2222-4222-8222-222222222222') $$,
  'a signed-in user uploads a CV as its own');
select is_empty($$ select name from storage.objects where bucket_id = 'applications' $$,
  'a non-admin cannot list CVs');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('media', 'pgtap/member.png') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'a non-admin cannot upload media');
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id in ('media', 'applications') $$);

select tests.act_as_owner();
select results_eq(
  $$ select bucket_id || '/' || name from storage.objects where name in ('pgtap/existing.png', 'b0000000-0000-4000-8000-000000000001/cv.pdf') order by 1 $$,
  array['applications/b0000000-0000-4000-8000-000000000001/cv.pdf', 'media/pgtap/existing.png'],
  'visitors could neither rename nor delete any object');

-- admin ----------------------------------------------------------------------------------------------------------
select tests.act_as_admin();
select results_eq(
  $$ select count(*)::int from storage.objects where bucket_id = 'applications' and name in (
       'b0000000-0000-4000-8000-000000000001/cv.pdf', 'c0ffee00-0000-4000-8000-000000000001/cv.pdf',
       'c0ffee00-0000-4000-8000-000000000002/Jane_Doe-CV.docx', 'c0ffee00-0000-4000-8000-000000000006/cv.pdf') $$,
  array[0], 'an admin reads no CV before logging its download (activity_log.test.sql covers the logged read)');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner, metadata) values ('media', 'pgtap/new.webp', '11111111-1111-4111-8111-111111111111', '{}') $$,
  'an admin uploads media');
update storage.objects set metadata = '{"replaced": true}' where bucket_id = 'media' and name = 'pgtap/new.webp';
select results_eq($$ select metadata ->> 'replaced' from storage.objects where bucket_id = 'media' and name = 'pgtap/new.webp' $$,
  array['true'], 'an admin replaces media');
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'media' and name like 'pgtap/%' $$);
select is_empty($$ select 1 from storage.objects where bucket_id = 'media' and name like 'pgtap/%' $$, 'an admin deletes media');
select tests.act_as_owner();
insert into public.job_applications (id, job_opening_id, name, email, cv_path)
select 'b0000000-0000-4000-8000-0000000000a1', id, 'Storage Test', 'storage@example.com', 'b0000000-0000-4000-8000-000000000001/cv.pdf'
from public.job_openings where active limit 1;
select tests.act_as_admin();
select public.log_personal_data_read('cv_download', 'b0000000-0000-4000-8000-0000000000a1');
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'applications' and name = 'b0000000-0000-4000-8000-000000000001/cv.pdf' $$);
select tests.act_as_owner();
select isnt_empty($$ select 1 from storage.objects where bucket_id = 'applications' and name = 'b0000000-0000-4000-8000-000000000001/cv.pdf' $$,
  'no staff token removes a CV, not even an admin''s with the download logged (the web server''s service role does)');
select tests.act_as_admin();
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('applications', 'admin-notes.txt') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'even an admin stores only CVs in the applications bucket');

-- buckets ----------------------------------------------------------------------------------------------------------
select tests.act_as_owner();
select results_eq(
  $$ select allowed_mime_types from storage.buckets where id = 'applications' $$,
  $$ values (array['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']) $$,
  'the applications bucket takes PDF, DOC and DOCX only');
select results_eq(
  $$ select allowed_mime_types from storage.buckets where id = 'media' $$,
  $$ values (array['image/png', 'image/jpeg', 'image/gif', 'image/webp']) $$,
  'the media bucket takes PNG, JPEG, GIF and WebP only');

select * from finish();
rollback;
