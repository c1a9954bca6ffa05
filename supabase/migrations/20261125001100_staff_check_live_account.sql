-- A staff role counts only while its account is live. An access token stays valid until it expires
-- (an hour) whatever happens to the account, and row-level security reads roles, not tokens: so the
-- role check itself refuses an account that has been banned (deactivated) or soft-deleted, from
-- the next request on. A hard-deleted account loses its roles with its row (foreign key cascade).

create function private.is_live_account(user_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1
    from auth.users as u
    where u.id = is_live_account.user_id
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now())
  )
$$;
comment on function private.is_live_account(uuid) is
  'True when auth.users has this account, not soft-deleted (deleted_at) and not banned (banned_until in the future). Called by the security definer staff checks (has_role), which may read auth.users.';
revoke execute on function private.is_live_account(uuid) from public, anon, authenticated;

create or replace function public.has_role(required text)
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
  and private.is_live_account((select auth.uid()))
$$;
comment on function public.has_role(text) is
  'True when the signed-in user (auth.uid()) holds the given staff role and the account is live (not banned, not soft-deleted). Security definer so policies can call it without exposing staff_roles or auth.users.';
