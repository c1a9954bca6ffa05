-- Flood limits that hold.
--
-- 1. The client of a request is the rightmost X-Forwarded-For address that is not a trusted proxy.
--    The API gateway (Supabase's, and the local backend) appends the socket address, so walking
--    from the right past the proxies we trust reaches the first address a trusted hop wrote; what a
--    caller writes to the left of that changes nothing. The trusted proxies are a table in the
--    private schema, loopback by default: the local web server relays each visitor's address, and
--    on a hosted project the web server's address is added there.
-- 2. The e-mail limit counts an address without its +tag (name+1@x and name+2@x are one address);
--    the address is still stored as typed.
-- 3. Anonymous CV uploads to the applications bucket are limited per client through the storage
--    insert policy, with the same submission log.

create schema if not exists private;
comment on schema private is
  'Internal tables and security definer helpers. Not exposed by the Data API.';
revoke all on schema private from public;
-- Policies evaluate their functions as the caller, so the API roles need to reach the schema; they
-- get execute only on the one policy helper below, and nothing on its tables.
grant usage on schema private to anon, authenticated, service_role;

-- Trusted proxies --------------------------------------------------------------------------------

create table private.trusted_proxies (
  network cidr primary key,
  description text not null default ''
);
comment on table private.trusted_proxies is
  'Proxies whose X-Forwarded-For entries are believed when finding a request''s client address for the flood limits. Loopback by default (the local web server); add the web server''s address on a hosted project.';

alter table private.trusted_proxies enable row level security;
revoke all on table private.trusted_proxies from public, anon, authenticated;
grant all on table private.trusted_proxies to service_role;

insert into private.trusted_proxies (network, description) values
  ('127.0.0.0/8', 'IPv4 loopback: the web server on the same machine'),
  ('::1/128', 'IPv6 loopback: the web server on the same machine'),
  ('::ffff:127.0.0.0/104', 'IPv4 loopback as an IPv4-mapped IPv6 address')
on conflict (network) do nothing;

create function private.client_address(forwarded_for text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_entries text[] := string_to_array(forwarded_for, ',');
  v_entry text;
  v_address inet;
  v_leftmost text;
  v_hops integer := 0;
begin
  if forwarded_for is null then
    return null;
  end if;
  for i in reverse coalesce(array_length(v_entries, 1), 0) .. 1 loop
    v_entry := btrim(v_entries[i]);
    continue when v_entry = '';
    v_hops := v_hops + 1;
    -- Only a trusted proxy makes a chain longer than this; stop believing it there.
    exit when v_hops > 32;
    begin
      v_address := v_entry::inet;
    exception when others then
      -- Not an address, written by no proxy we trust: as far as we can tell, the client.
      return left(v_entry, 100);
    end;
    if not exists (select 1 from private.trusted_proxies as p where v_address <<= p.network) then
      return host(v_address);
    end if;
    v_leftmost := host(v_address);
  end loop;
  -- Every hop is a trusted proxy: the request came from one of them.
  return v_leftmost;
end;
$$;
comment on function private.client_address(text) is
  'The client address of an X-Forwarded-For chain: walking from the right, the first address that is not in private.trusted_proxies (the leftmost when all are trusted). Null for a null header.';
revoke execute on function private.client_address(text) from public, anon, authenticated;
grant execute on function private.client_address(text) to service_role;

create or replace function public.request_client_key()
returns text
language sql
stable
set search_path = ''
as $$
  -- The client address (see private.client_address), hashed so that no raw address is stored.
  -- Null outside an API request.
  select encode(sha256(convert_to('client:' || addr, 'UTF8')), 'hex')
  from (
    select private.client_address(
      nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for') as addr
  ) as h
  where addr is not null
$$;
comment on function public.request_client_key() is
  'SHA-256 of the current API request''s client address: the rightmost X-Forwarded-For address that is not a trusted proxy (private.trusted_proxies), or null. Identifies a client for the flood limit without storing its IP.';

-- The e-mail limit without +tags ------------------------------------------------------------------

create function private.email_limit_key(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- Lower-cased and trimmed, with a +tag removed from the local part: name+1@x.com -> name@x.com.
  select regexp_replace(lower(btrim(coalesce(email, ''))), '^([^@+]*)\+[^@]*@', '\1@')
$$;
comment on function private.email_limit_key(text) is
  'The form of an e-mail address the flood limit counts: trimmed, lower-cased, without a +tag.';
revoke execute on function private.email_limit_key(text) from public, anon, authenticated;

create or replace function public.enforce_submission_limit(
  kind text,
  email text,
  max_per_email integer,
  max_per_client integer
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email_hash text := encode(sha256(convert_to(private.email_limit_key(email), 'UTF8')), 'hex');
  v_client_key text := public.request_client_key();
begin
  if not public.is_rate_limited_caller() then
    return;
  end if;

  -- Keep the log to the last day; the index on created_at makes this cheap.
  delete from public.submission_log as l where l.created_at < now() - interval '1 day';

  if (select count(*) from public.submission_log as l
      where l.kind = enforce_submission_limit.kind
        and l.email_hash = v_email_hash
        and l.created_at > now() - interval '1 hour') >= max_per_email
     or (v_client_key is not null
         and (select count(*) from public.submission_log as l
              where l.kind = enforce_submission_limit.kind
                and l.client_key = v_client_key
                and l.created_at > now() - interval '1 hour') >= max_per_client)
  then
    raise exception using
      errcode = 'PT429',
      message = 'Too many submissions, please try again later.',
      hint = 'The limit resets within an hour.';
  end if;

  insert into public.submission_log (kind, email_hash, client_key)
  values (enforce_submission_limit.kind, v_email_hash, v_client_key);
end;
$$;
comment on function public.enforce_submission_limit(text, text, integer, integer) is
  'Flood limit for visitor submissions: raises PT429 "Too many submissions, please try again later." when this e-mail (without +tag) or this client (see request_client_key) already made the given number of submissions of this kind in the last hour; otherwise logs this one.';

-- CV uploads ------------------------------------------------------------------------------------------

alter table public.submission_log drop constraint submission_log_kind_check;
alter table public.submission_log
  add constraint submission_log_kind_check check (kind in ('contact', 'newsletter', 'application', 'cv_upload'));
-- A CV upload has no e-mail address.
alter table public.submission_log alter column email_hash drop not null;

create function private.cv_upload_allowed(bucket text, object_name text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_client_key text := public.request_client_key();
begin
  -- Only CV uploads are counted here, whatever order the policy's conditions are evaluated in.
  if bucket is distinct from 'applications' or not coalesce(public.is_cv_object_name(object_name), false)
     or not public.is_rate_limited_caller() or v_client_key is null then
    return true;
  end if;
  -- The same allowance as applications: a CV per application, and a few retries.
  if (select count(*) from public.submission_log as l
      where l.kind = 'cv_upload' and l.client_key = v_client_key
        and l.created_at > now() - interval '1 hour') >= 10
  then
    raise exception using
      errcode = 'PT429',
      message = 'Too many submissions, please try again later.',
      hint = 'The limit resets within an hour.';
  end if;
  insert into public.submission_log (kind, client_key) values ('cv_upload', v_client_key);
  return true;
end;
$$;
comment on function private.cv_upload_allowed(text, text) is
  'Storage insert policy helper: logs a CV upload of the current client and raises PT429 past 10 per client per hour (admins and the service role are not limited).';
revoke execute on function private.cv_upload_allowed(text, text) from public;
grant execute on function private.cv_upload_allowed(text, text) to anon, authenticated, service_role;

drop policy "Applicants can upload a CV under a new folder" on storage.objects;
create policy "Applicants can upload a CV under a new folder"
  on storage.objects for insert to anon, authenticated
  with check (
    bucket_id = 'applications'
    and public.is_cv_object_name(name)
    and (owner is null or owner = (select auth.uid()))
    and private.cv_upload_allowed(bucket_id, name)
  );
