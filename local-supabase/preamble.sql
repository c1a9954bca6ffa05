-- Local-only platform preamble.
--
-- A hosted Supabase project already has everything in this file: the API roles, the auth schema
-- with its helper functions, the storage schema, and the default privileges Supabase gives the API
-- roles on the public schema. The local backend and the pgTAP runner create it on PGlite before
-- applying supabase/migrations, so the migrations themselves never create roles or these schemas.
-- Column names and function bodies follow Supabase's own definitions (subset used by this product).
-- Idempotent: safe to run on every start.

-- Roles --------------------------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- The role PostgREST connects as: its pgrst.* settings configure the REST API, as on Supabase
  -- (alter role authenticator set pgrst.db_aggregates_enabled = 'true').
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator nologin noinherit;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;

-- Supabase grants the API roles everything on objects that postgres creates in public; policies
-- and explicit revokes in the migrations narrow it. Mirroring this keeps local tests honest about
-- what a hosted project would allow.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- Extensions schema, as on Supabase (migrations may reference extensions.*) ------------------------
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- Auth ---------------------------------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where email is not null;
-- The rest of Supabase Auth's columns: unused by the local backend, there so that SQL written against
-- a hosted project (a trigger on auth.users, a policy, a seed) finds the same table. The token
-- columns hold '' as Supabase Auth writes them (it cannot read NULL there).
alter table auth.users
  add column if not exists invited_at timestamptz,
  add column if not exists confirmation_token varchar(255) default '',
  add column if not exists confirmation_sent_at timestamptz,
  add column if not exists recovery_token varchar(255) default '',
  add column if not exists recovery_sent_at timestamptz,
  add column if not exists email_change_token_new varchar(255) default '',
  add column if not exists email_change varchar(255) default '',
  add column if not exists email_change_sent_at timestamptz,
  add column if not exists phone_confirmed_at timestamptz,
  add column if not exists phone_change text default '',
  add column if not exists phone_change_token varchar(255) default '',
  add column if not exists phone_change_sent_at timestamptz,
  add column if not exists confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  add column if not exists email_change_token_current varchar(255) default '',
  add column if not exists email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  add column if not exists reauthentication_token varchar(255) default '',
  add column if not exists reauthentication_sent_at timestamptz,
  add column if not exists is_sso_user boolean not null default false;

do $$
begin
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end
$$;

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  not_after timestamptz,
  user_agent text,
  ip text
);
alter table auth.sessions
  add column if not exists factor_id uuid,
  add column if not exists aal auth.aal_level,
  add column if not exists refreshed_at timestamp,
  add column if not exists tag text;

-- Multi-factor sign-in (TOTP) and the audit trail: Supabase's tables and columns.
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);

create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);

-- How each session was authenticated (password, otp, mfa/totp): the source of aal and amr.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- Local-only: what the local auth API adds to GoTrue's TOTP checks. A code's time step is spent
-- once it has been accepted (a replayed code is refused); wrong codes from all sessions are
-- counted, and past a limit the factor is refused from addresses it was never verified from.
create schema if not exists local_auth;
revoke all on schema local_auth from public;
create table if not exists local_auth.totp_guard (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  last_used_step bigint,
  failed_codes integer not null default 0,
  locked_until timestamptz
);
-- How many locks in a row (each lasts twice the one before) since the last accepted code.
alter table local_auth.totp_guard add column if not exists lock_count integer not null default 0;
-- Addresses a factor was verified from: its owner's, which a lock on the factor never shuts out.
create table if not exists local_auth.totp_known_addresses (
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  address text not null,
  verified_at timestamptz not null default now(),
  primary key (factor_id, address)
);
-- Local-only: the 6-digit code of an e-mailed link (or reauthentication nonce), kept apart from
-- the link's token so that wrong tries are counted per account: an HMAC of the code (keyed by the
-- project's JWT secret, so a copy of the database alone cannot be searched for it) and the
-- number of wrong tries. `slot` names the auth.users token column the link lives in.
create table if not exists local_auth.email_codes (
  user_id uuid not null references auth.users (id) on delete cascade,
  slot text not null,
  code_hmac text not null,
  failed_attempts integer not null default 0,
  primary key (user_id, slot)
);

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;
-- Supabase lets the API roles reference auth.users in foreign keys but not read it.
grant references on auth.users to anon, authenticated, service_role;
grant all on auth.users, auth.sessions, auth.refresh_tokens, auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims,
  auth.audit_log_entries to service_role;
-- As on Supabase: no API role reads these tables through row-level security (the service role bypasses it).
alter table auth.users enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.audit_log_entries enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;

-- Storage ------------------------------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now()
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;
create or replace trigger update_objects_updated_at
  before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
create or replace trigger enforce_bucket_name_length_trigger
  before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

create or replace function storage.operation() returns text
language plpgsql stable
as $$
begin
  return current_setting('storage.operation', true);
end
$$;

-- Deleting a row from SQL would leave its file in the store with nothing pointing at it, so, as on
-- Supabase, only a transaction that sets storage.allow_delete_query (the Storage API does, for its
-- own deletes) may delete from these tables; everyone else is refused, the owner included.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
create or replace trigger protect_buckets_delete
  before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create or replace trigger protect_objects_delete
  before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Migration bookkeeping, as the Supabase CLI keeps it ----------------------------------------------
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);

-- Local-only: the storage API's own bookkeeping (a hosted project keeps this in its storage service).
-- A signed upload URL is spent by its upload: the token's id is recorded in the upload's transaction,
-- which runs as the signer's role, so only this function (not the table) is open to the API roles.
create schema if not exists local_storage;
revoke all on schema local_storage from public;
grant usage on schema local_storage to anon, authenticated, service_role;
create table if not exists local_storage.spent_upload_tokens (
  token_id uuid primary key,
  expires_at timestamptz not null
);
create or replace function local_storage.spend_upload_token(token_id uuid, expires_at timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  spent integer;
begin
  delete from local_storage.spent_upload_tokens as t where t.expires_at < now();
  insert into local_storage.spent_upload_tokens (token_id, expires_at)
  values (spend_upload_token.token_id, spend_upload_token.expires_at)
  on conflict do nothing;
  get diagnostics spent = row_count;
  return spent = 1;
end
$$;
revoke execute on function local_storage.spend_upload_token(uuid, timestamptz) from public;
grant execute on function local_storage.spend_upload_token(uuid, timestamptz) to anon, authenticated, service_role;
