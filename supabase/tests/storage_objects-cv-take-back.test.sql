-- The uploader of a CV can take it back while no application claims it, proving it with the secret
-- its folder was derived from; nobody else can see or remove any CV.
begin;
select plan(9);

-- A visitor's request carrying the secret its CV folder was derived from.
create function tests.act_as_uploader(secret text default null) returns void language sql as $$
  select tests.act_as_anon();
  select set_config('request.headers', case when secret is null then '{}' else json_build_object('x-cv-upload-secret', secret)::text end, true);
$$;

-- Three CVs: one unclaimed under the folder of secret A, one under a folder nobody knows the secret
-- of, and one under the folder of secret B that an application claims.
insert into public.job_openings (id, title, location, department, description)
values ('d0000000-0000-4000-8000-000000000001', 'pgTAP engineer', 'Lagos', 'Engineering', '<p>Role.</p>');
insert into storage.objects (bucket_id, name, metadata) values
  ('applications', md5(repeat('a', 40))::uuid::text || '/mine.pdf', '{}'),
  ('applications', 'e0000000-0000-4000-8000-000000000001/other.pdf', '{}'),
  ('applications', md5(repeat('b', 40))::uuid::text || '/claimed.pdf', '{}');
insert into public.job_applications (job_opening_id, name, email, cv_path)
values ('d0000000-0000-4000-8000-000000000001', 'Ada', 'ada@example.test', md5(repeat('b', 40))::uuid::text || '/claimed.pdf');

select tests.act_as_uploader();
select is_empty($$ select name from storage.objects where bucket_id = 'applications' $$,
  'without the secret a visitor sees no CV');
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'applications' $$);

select tests.act_as_uploader(repeat('c', 40));
select is_empty($$ select name from storage.objects where bucket_id = 'applications' $$,
  'a wrong secret shows no CV');

select tests.act_as_uploader(repeat('a', 31));
select is_empty($$ select name from storage.objects where bucket_id = 'applications' $$,
  'a secret shorter than 32 characters is not accepted');

select tests.act_as_uploader(repeat('a', 40));
select results_eq($$ select split_part(name, '/', 2) from storage.objects where bucket_id = 'applications' $$,
  array['mine.pdf'], 'the uploader sees exactly its own unclaimed CV');
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'applications' $$);

select tests.act_as_uploader(repeat('b', 40));
select is_empty($$ select name from storage.objects where bucket_id = 'applications' $$,
  'a CV that an application claims is not visible, even with its secret');
select tests.delete_as_storage_api($$ delete from storage.objects where bucket_id = 'applications' $$);

select tests.act_as_owner();
select results_eq(
  $$ select split_part(name, '/', 2) from storage.objects where bucket_id = 'applications' and name like '%.pdf' and split_part(name, '/', 2) in ('mine.pdf', 'other.pdf', 'claimed.pdf') order by 1 $$,
  array['claimed.pdf', 'other.pdf'],
  'the uploader took back its own CV; the others and the claimed one stayed');
select is(public.is_own_unclaimed_cv('e0000000-0000-4000-8000-000000000001/other.pdf'), false,
  'outside a request nothing is one''s own');

select tests.act_as_uploader(repeat('b', 40));
update storage.objects set name = name || '.x' where bucket_id = 'applications';
select tests.act_as_owner();
select ok(exists (select 1 from storage.objects where name = md5(repeat('b', 40))::uuid::text || '/claimed.pdf'),
  'the secret does not allow renaming a CV');
select ok(public.is_own_unclaimed_cv(null) = false, 'a missing name is never one''s own');

select * from finish();
rollback;
