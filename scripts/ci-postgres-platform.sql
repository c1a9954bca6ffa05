-- What a hosted Supabase project has beyond local-supabase/preamble.sql and this product touches:
-- pgcrypto in the extensions schema, the email identities of Supabase Auth, and the token columns
-- it reads as strings. Run after the preamble on a plain Postgres by scripts/ci-postgres.sh, so a
-- db:dump is loaded against the same shapes as on a hosted project (trimmed to those columns).
create extension if not exists pgcrypto with schema extensions;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);

alter table auth.users
  add column if not exists confirmation_token varchar(255),
  add column if not exists recovery_token varchar(255),
  add column if not exists email_change_token_new varchar(255),
  add column if not exists email_change varchar(255),
  add column if not exists email_change_token_current varchar(255) default '',
  add column if not exists phone_change text default '',
  add column if not exists phone_change_token varchar(255) default '',
  add column if not exists reauthentication_token varchar(255) default '';
