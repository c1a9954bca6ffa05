-- Storage rows cannot be deleted from SQL, by anyone: deleting a row would leave its file in the
-- store with nothing pointing at it. Only a transaction that sets storage.allow_delete_query (the
-- Storage API, for its own deletes) may delete them, and then row-level security still decides.
begin;
select plan(8);

insert into storage.buckets (id, name) values ('pgtap-guard', 'pgtap-guard');
insert into storage.objects (bucket_id, name, metadata) values ('pgtap-guard', 'a.txt', '{}'), ('pgtap-guard', 'b.txt', '{}');

select throws_ok(
  $$ delete from storage.objects where bucket_id = 'pgtap-guard' and name = 'a.txt' $$,
  '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'the database owner cannot delete an object row directly');
select throws_ok(
  $$ delete from storage.buckets where id = 'pgtap-guard' $$,
  '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'nor a bucket row');
select throws_ok(
  $$ delete from storage.objects where false $$,
  '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'even a delete that matches nothing is refused');

set local role service_role;
select throws_ok(
  $$ delete from storage.objects where bucket_id = 'pgtap-guard' $$,
  '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'the service role, which bypasses row-level security, is refused too');
reset role;

select set_config('storage.allow_delete_query', 'false', true);
select throws_ok(
  $$ delete from storage.objects where bucket_id = 'pgtap-guard' $$,
  '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'a flag set to anything but true does not lift the guard');

-- What the Storage API does for its own delete: the flag for its transaction, then the delete.
select set_config('storage.allow_delete_query', 'true', true);
select lives_ok($$ delete from storage.objects where bucket_id = 'pgtap-guard' and name = 'a.txt' $$,
  'with storage.allow_delete_query set, as the Storage API sets it, an object row is deleted');
select results_eq($$ select name from storage.objects where bucket_id = 'pgtap-guard' $$, array['b.txt'],
  'exactly the rows the delete named went');
select set_config('storage.allow_delete_query', 'false', true);

select ok(exists (select 1 from storage.objects where bucket_id = 'pgtap-guard' and name = 'b.txt'),
  'the other object is still there');

select * from finish();
rollback;
