-- Staff roles, the role helpers every admin policy calls, and the small shared helpers (updated_at
-- trigger, e-mail and URL checks) that later migrations use in constraints.
--
-- Grants: Supabase gives anon, authenticated and service_role ALL on every object postgres creates
-- in public (and PUBLIC may execute every function). Each object below revokes what a role must not
-- have and grants back only what it needs; row-level security then decides row by row.

-- Shared validation helpers ----------------------------------------------------------------------

create function public.is_email(address text)
returns boolean
language sql
immutable
strict -- null in, null out: a CHECK on a nullable column then accepts null
set search_path = ''
as $$
  -- Deliberately simple: one @, no spaces, a dot in the domain, at most 254 characters (RFC 5321).
  select char_length(address) <= 254
    and address ~ '^[^@[:space:]<>()",;]+@[^@[:space:]<>()",;]+\.[^@[:space:]<>()",;.]+$'
$$;
comment on function public.is_email(text) is
  'True when the text looks like an e-mail address (one @, no spaces, dotted domain, at most 254 characters). Used by CHECK constraints.';

create function public.is_safe_url(url text)
returns boolean
language sql
immutable
strict -- null in, null out: a CHECK on a nullable column then accepts null
set search_path = ''
as $$
  -- http(s) or a root-relative path: refuses javascript:, data: and other schemes that an href or
  -- src would execute or embed.
  select char_length(url) <= 2048
    and url ~* '^(https?://[^[:space:]]+|/[^[:space:]]*)$'
$$;
comment on function public.is_safe_url(text) is
  'True for an http(s) URL or a root-relative path of at most 2048 characters; false for javascript:, data: and the like. Used by CHECK constraints on link and image columns.';

revoke execute on function public.is_email(text), public.is_safe_url(text) from public;
grant execute on function public.is_email(text), public.is_safe_url(text) to anon, authenticated, service_role;

create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function public.set_updated_at() is
  'BEFORE UPDATE trigger: stamps updated_at with the transaction time, whatever the client sent.';

revoke execute on function public.set_updated_at() from public, anon, authenticated;

-- Staff roles -------------------------------------------------------------------------------------

create table public.staff_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('admin', 'editor')),
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);
comment on table public.staff_roles is
  'Back-office roles of signed-in staff. Granted with the service-role key (npm run admin:create); signing up gives no role.';
comment on column public.staff_roles.role is
  'admin: manages everything. editor: reserved for a later, narrower role (no policy grants it anything yet).';

alter table public.staff_roles enable row level security;
revoke all on table public.staff_roles from anon, authenticated;
grant select on table public.staff_roles to authenticated;
grant all on table public.staff_roles to service_role;

create function public.has_role(required text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.staff_roles as r
    where r.user_id = (select auth.uid())
      and r.role = has_role.required
  )
$$;
comment on function public.has_role(text) is
  'True when the signed-in user (auth.uid()) holds the given staff role. Security definer so policies can call it without exposing staff_roles.';

create function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.has_role('admin')
$$;
comment on function public.is_admin() is
  'True when the signed-in user is an admin. Every admin policy calls this one function, so widening access (e.g. to editors) changes one place.';

revoke execute on function public.has_role(text), public.is_admin() from public;
grant execute on function public.has_role(text), public.is_admin() to anon, authenticated, service_role;

create policy "Staff can read their own roles"
  on public.staff_roles
  for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins can read every staff role"
  on public.staff_roles
  for select
  to authenticated
  using ((select public.is_admin()));
