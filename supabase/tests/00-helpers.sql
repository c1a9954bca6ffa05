-- The helpers every pgTAP file shares, in schema `tests`: acting as a role the way the API does for a
-- request, and the named test identities. This file commits (the other files each roll back), and
-- pg_prove and `supabase test db` run the files in name order, so it is always there first. To run
-- one file alone: pg_prove -d <database> supabase/tests/00-helpers.sql supabase/tests/NN-topic.sql
begin;
create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- Switch the current role and JWT claims as the API does for a request; `claims` adds to or
-- overrides role and sub (e.g. {"aal": "aal2"}).
create or replace function tests.act_as(role_name text, user_id uuid default null, claims jsonb default '{}')
returns void language plpgsql as $$
begin
  perform set_config('role', role_name, true);
  perform set_config('request.jwt.claims', (jsonb_build_object('role', role_name, 'sub', user_id) || claims)::text, true);
end
$$;

-- The named identities: an admin and a signed-in account with no staff role.
create or replace function tests.admin_id() returns uuid language sql immutable
  as $$ select '11111111-1111-4111-8111-111111111111'::uuid $$;
create or replace function tests.member_id() returns uuid language sql immutable
  as $$ select '22222222-2222-4222-8222-222222222222'::uuid $$;

-- Creates the named identities; call it inside a file's transaction, so they go at its rollback.
create or replace function tests.create_identities() returns void language sql as $$
  insert into auth.users (id, email) values
    (tests.admin_id(), 'pgtap-admin@example.test'),
    (tests.member_id(), 'pgtap-member@example.test');
  insert into public.staff_roles (user_id, role) values (tests.admin_id(), 'admin');
$$;

create or replace function tests.act_as_anon() returns void language sql
  as $$ select tests.act_as('anon') $$;
create or replace function tests.act_as_member() returns void language sql
  as $$ select tests.act_as('authenticated', tests.member_id()) $$;
create or replace function tests.act_as_admin() returns void language sql
  as $$ select tests.act_as('authenticated', tests.admin_id()) $$;

-- Back to the migration owner (postgres), with no claims and no headers: to arrange and inspect rows.
create or replace function tests.act_as_owner() returns void language plpgsql as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.headers', '', true);
end
$$;

-- Sets the request headers the API passes for a request from this address.
create or replace function tests.from_address(forwarded_for text) returns void language sql as $$
  select set_config('request.headers', json_build_object('x-forwarded-for', forwarded_for)::text, true)
$$;

-- Storage rows may be deleted only with storage.allow_delete_query set, as the Storage API sets it
-- for its own deletes (a direct delete would leave the file behind). A delete through this stands for
-- the API's: the flag is set for that one statement, so the policies alone decide what goes.
create or replace function tests.delete_as_storage_api(statement text) returns void language plpgsql as $f$
begin
  perform set_config('storage.allow_delete_query', 'true', true);
  execute statement;
  perform set_config('storage.allow_delete_query', 'false', true);
end
$f$;

-- True when the statement ran and touched (or returned) at least one row; false when the database
-- refused it (a privilege, a policy) or row-level security hid every row; null (with a notice) for
-- any other error. Its effects are undone, so one arrangement serves many callers.
create or replace function tests.allowed(statement text) returns boolean language plpgsql as $$
declare
  touched bigint;
begin
  begin
    execute statement;
    get diagnostics touched = row_count;
    raise exception using errcode = 'TS001', message = touched::text;
  exception
    when sqlstate 'TS001' then
      return sqlerrm::bigint > 0;
    when insufficient_privilege then
      return false;
    when others then
      raise notice '% failed unexpectedly: % %', statement, sqlstate, sqlerrm;
      return null;
  end;
end
$$;

-- Sign-off: the title visitors read of a post (null when they see none); the caller acts as anon afterwards.
create or replace function tests.anon_title(item uuid) returns text language plpgsql as $$
declare v text;
begin
  perform tests.act_as_anon();
  execute 'select title from public.blog_posts where id = $1' into v using item;
  return v;
end
$$;

-- Sign-off: the fingerprint a reviewer's screen shows, the version waiting on an item.
create or replace function tests.waiting_version(item uuid) returns text language sql security definer as $$
  select fingerprint from public.content_reviews where item_id = item and state = 'pending'
$$;

-- The web server's archiving chore, as its Storage API copies would leave it: every media file the
-- publication record names gets its copy in publication-archive. A file whose recorded bytes have no
-- copy cannot be replaced or removed by staff until then.
create or replace function tests.archive_recorded_files() returns void language plpgsql security definer as $$
declare f record;
begin
  for f in select * from public.publication_files_to_archive() loop
    insert into storage.objects (bucket_id, name, version, metadata)
    select 'publication-archive', f.archived_path, o.version, o.metadata
      from storage.objects as o where o.bucket_id = 'media' and o.name = f.source_name
    on conflict do nothing;
    perform public.publication_file_archived(f.object_name, f.content_hash);
  end loop;
end
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;
commit;

-- The checks run in a transaction of their own, so pgTAP's bookkeeping goes at its rollback.
begin;
select plan(5);

select has_function('tests', 'act_as', array['text', 'uuid', 'jsonb'], 'tests.act_as switches role and claims');
select has_function('tests', 'create_identities', 'tests.create_identities makes the named identities');
select has_function('tests', 'act_as_owner', 'tests.act_as_owner returns to the migration owner');
select has_function('tests', 'delete_as_storage_api', array['text'], 'tests.delete_as_storage_api deletes as the Storage API does');
select has_function('tests', 'allowed', array['text'], 'tests.allowed tells whether a statement may touch rows');

select * from finish();
rollback;
