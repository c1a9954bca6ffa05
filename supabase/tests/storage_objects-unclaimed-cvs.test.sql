-- unclaimed_cvs() names the CVs the web server removes through the Storage API: older than a day,
-- referenced by no application. Only the service role may call it.
begin;
select plan(5);

insert into public.job_openings (id, title, location, department, description)
values ('d0000000-0000-4000-8000-000000000047', 'pgTAP engineer', 'Lagos', 'Engineering', '<p>Role.</p>');
insert into storage.objects (bucket_id, name, metadata, created_at) values
  ('applications', 'f0000000-0000-4000-8000-000000000001/old.pdf', '{}', now() - interval '25 hours'),
  ('applications', 'f0000000-0000-4000-8000-000000000002/claimed.pdf', '{}', now() - interval '25 hours'),
  ('applications', 'f0000000-0000-4000-8000-000000000003/recent.pdf', '{}', now() - interval '23 hours'),
  ('media', 'f0000000-0000-4000-8000-000000000004/old.pdf', '{}', now() - interval '25 hours');
insert into public.job_applications (job_opening_id, name, email, cv_path)
values ('d0000000-0000-4000-8000-000000000047', 'Ada', 'ada@example.test', 'f0000000-0000-4000-8000-000000000002/claimed.pdf');

set local role service_role;
select results_eq(
  $$ select * from public.unclaimed_cvs() where starts_with(unclaimed_cvs, 'f0000000-') $$,
  array['f0000000-0000-4000-8000-000000000001/old.pdf'],
  'the service role gets the CV older than a day that no application claims, and only it');
select is((select count(*)::int from public.unclaimed_cvs(1)), 1, 'max_rows caps the answer');
reset role;

set local role anon;
select throws_ok($$ select public.unclaimed_cvs() $$, '42501', null, 'visitors cannot list CVs');
reset role;
set local role authenticated;
select throws_ok($$ select public.unclaimed_cvs() $$, '42501', null, 'signed-in users cannot either');
reset role;

select ok(exists (select 1 from storage.objects where name = 'f0000000-0000-4000-8000-000000000001/old.pdf'),
  'listing removes nothing');

select * from finish();
rollback;
