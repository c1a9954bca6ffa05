-- Shared helpers: who the caller is. Every staff policy calls has_permission() and has_required_aal().

CREATE FUNCTION private.is_live_account(user_id uuid) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (
    select 1
    from auth.users as u
    where u.id = is_live_account.user_id
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now())
  )
$$;

COMMENT ON FUNCTION private.is_live_account(user_id uuid) IS 'True when auth.users has this account, not soft-deleted (deleted_at) and not banned (banned_until in the future). Called by the security definer staff checks (has_role), which may read auth.users.';

REVOKE ALL ON FUNCTION private.is_live_account(user_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.has_role(required text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1
    from public.staff_roles as r
    where r.user_id = (select auth.uid())
      and r.role = has_role.required
  )
  and private.is_live_account((select auth.uid()))
$$;

COMMENT ON FUNCTION public.has_role(required text) IS 'True when the signed-in user (auth.uid()) holds the given staff role and the account is live (not banned, not soft-deleted). Security definer so policies can call it without exposing staff_roles or auth.users.';

REVOKE ALL ON FUNCTION public.has_role(required text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.has_role(required text) TO anon;
GRANT ALL ON FUNCTION public.has_role(required text) TO authenticated;
GRANT ALL ON FUNCTION public.has_role(required text) TO service_role;

CREATE FUNCTION public.is_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.has_role('admin')
$$;

COMMENT ON FUNCTION public.is_admin() IS 'True when the signed-in user is an admin. Every admin policy calls this one function, so widening access (e.g. to editors) changes one place.';

REVOKE ALL ON FUNCTION public.is_admin() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_admin() TO anon;
GRANT ALL ON FUNCTION public.is_admin() TO authenticated;
GRANT ALL ON FUNCTION public.is_admin() TO service_role;

CREATE FUNCTION public.has_permission(permission text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1
    from public.staff_roles as r
    join public.role_permissions as p on p.role = r.role
    where r.user_id = (select auth.uid())
      and p.permission = has_permission.permission
  )
  and private.is_live_account((select auth.uid()))
$$;

COMMENT ON FUNCTION public.has_permission(permission text) IS 'True when the signed-in user''s staff role holds the permission (role_permissions) and the account is live (not banned, not soft-deleted). Every staff policy calls it. Security definer so policies can call it without exposing staff_roles or auth.users.';

REVOKE ALL ON FUNCTION public.has_permission(permission text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.has_permission(permission text) TO anon;
GRANT ALL ON FUNCTION public.has_permission(permission text) TO authenticated;
GRANT ALL ON FUNCTION public.has_permission(permission text) TO service_role;

CREATE FUNCTION public.has_required_aal() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2'
    or not (
      exists (
        select 1 from auth.mfa_factors as f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
      or exists (
        select 1 from public.site_settings as s
        where s.key = 'staff_require_two_factor' and s.value = 'true'
      )
    )
$$;

COMMENT ON FUNCTION public.has_required_aal() IS 'True when the caller''s session is at the assurance level its account needs: aal2 when it has a verified factor (auth.mfa_factors) or when two-factor is required for all staff (site setting staff_require_two_factor), aal1 otherwise. The restrictive two-factor policies call it.';

REVOKE ALL ON FUNCTION public.has_required_aal() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.has_required_aal() TO authenticated;
GRANT ALL ON FUNCTION public.has_required_aal() TO service_role;
