-- public.staff_roles: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.staff_roles (
    user_id uuid NOT NULL,
    role text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.staff_roles IS 'The staff role of each staff member (one per person). Granted by admins (staff.manage) or with the service-role key (npm run admin:create); signing up gives no role.';

COMMENT ON COLUMN public.staff_roles.role IS 'admin, editor, sales or recruiter (public.roles); what it may do is in public.role_permissions.';

ALTER TABLE ONLY public.staff_roles
    ADD CONSTRAINT staff_roles_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.staff_roles
    ADD CONSTRAINT staff_roles_role_fkey FOREIGN KEY (role) REFERENCES public.roles(name) ON UPDATE CASCADE;

ALTER TABLE ONLY public.staff_roles
    ADD CONSTRAINT staff_roles_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

CREATE INDEX staff_roles_role_idx ON public.staff_roles USING btree (role);

ALTER TABLE public.staff_roles ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.staff_roles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.staff_roles TO service_role;
GRANT SELECT,DELETE ON TABLE public.staff_roles TO authenticated;

GRANT INSERT(user_id) ON TABLE public.staff_roles TO authenticated;

GRANT INSERT(role),UPDATE(role) ON TABLE public.staff_roles TO authenticated;

CREATE FUNCTION public.current_staff() RETURNS TABLE(role text, permissions text[], two_factor_required boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select r.role,
         coalesce(array(select p.permission from public.role_permissions as p where p.role = r.role order by p.permission), '{}'),
         exists (select 1 from public.site_settings as s where s.key = 'staff_require_two_factor' and s.value = 'true')
  from public.staff_roles as r
  where r.user_id = (select auth.uid())
    and private.is_live_account(r.user_id)
$$;

COMMENT ON FUNCTION public.current_staff() IS 'The signed-in staff member''s role, its permissions and whether two-factor is required for all staff; no row for anyone else (no role, banned, soft-deleted). What the back office shows each role.';

REVOKE ALL ON FUNCTION public.current_staff() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.current_staff() TO authenticated;
GRANT ALL ON FUNCTION public.current_staff() TO service_role;

CREATE FUNCTION private.assert_another_active_admin(leaving uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- One such change at a time: two admins demoting each other at once would each see the other.
  perform pg_advisory_xact_lock(hashtext('public.staff_roles: last active admin'));
  if not exists (
    select 1
    from public.staff_roles as r
    where r.role = 'admin'
      and r.user_id <> leaving
      and private.is_live_account(r.user_id)
  ) then
    raise exception using
      errcode = 'PT409',
      message = 'The last active admin cannot be demoted, deactivated or removed.',
      hint = 'Make another staff member an admin first.';
  end if;
end;
$$;

COMMENT ON FUNCTION private.assert_another_active_admin(leaving uuid) IS 'Raises PT409 (HTTP 409 through the REST API) unless an admin other than `leaving` has a live account. Called by the triggers that keep an active admin.';

REVOKE ALL ON FUNCTION private.assert_another_active_admin(leaving uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.keep_an_active_admin_on_role_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- A deleted account's role goes with it (cascade); the trigger on auth.users has decided that.
  if old.role = 'admin'
     and (tg_op = 'DELETE' or new.role <> 'admin' or new.user_id <> old.user_id)
     and private.is_live_account(old.user_id) then
    perform private.assert_another_active_admin(old.user_id);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

COMMENT ON FUNCTION private.keep_an_active_admin_on_role_change() IS 'BEFORE UPDATE/DELETE on staff_roles: refuses to demote or remove the last active admin.';

REVOKE ALL ON FUNCTION private.keep_an_active_admin_on_role_change() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.keep_an_active_admin_on_account_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_was_live boolean := old.deleted_at is null and (old.banned_until is null or old.banned_until <= now());
begin
  if v_was_live
     and (tg_op = 'DELETE' or new.deleted_at is not null or (new.banned_until is not null and new.banned_until > now()))
     and exists (select 1 from public.staff_roles as r where r.user_id = old.id and r.role = 'admin') then
    perform private.assert_another_active_admin(old.id);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

COMMENT ON FUNCTION private.keep_an_active_admin_on_account_change() IS 'BEFORE UPDATE OF banned_until, deleted_at / BEFORE DELETE on auth.users: refuses to ban, soft-delete or delete the last active admin''s account.';

REVOKE ALL ON FUNCTION private.keep_an_active_admin_on_account_change() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER staff_keep_an_active_admin_on_delete BEFORE DELETE ON auth.users FOR EACH ROW EXECUTE FUNCTION private.keep_an_active_admin_on_account_change();

CREATE TRIGGER staff_keep_an_active_admin_on_update BEFORE UPDATE OF banned_until, deleted_at ON auth.users FOR EACH ROW EXECUTE FUNCTION private.keep_an_active_admin_on_account_change();

CREATE TRIGGER staff_roles_keep_an_active_admin BEFORE DELETE OR UPDATE ON public.staff_roles FOR EACH ROW EXECUTE FUNCTION private.keep_an_active_admin_on_role_change();

CREATE TRIGGER staff_roles_log AFTER INSERT OR DELETE OR UPDATE ON public.staff_roles FOR EACH ROW EXECUTE FUNCTION private.log_change('staff_settings');

CREATE TRIGGER staff_roles_set_updated_at BEFORE INSERT OR UPDATE ON public.staff_roles FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE POLICY "Staff managers can change roles" ON public.staff_roles
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('staff.manage')))
    WITH CHECK ((select public.has_permission('staff.manage')));

CREATE POLICY "Staff managers can grant roles" ON public.staff_roles
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('staff.manage')));

CREATE POLICY "Staff managers can revoke roles" ON public.staff_roles
    FOR DELETE TO authenticated
    USING ((select public.has_permission('staff.manage')));

CREATE POLICY "Staff read their own role, staff managers every role" ON public.staff_roles
    FOR SELECT TO authenticated
    USING (((user_id = (select auth.uid())) OR (select public.has_permission('staff.manage'))));

CREATE POLICY "Two-factor for adding staff roles" ON public.staff_roles
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing staff roles" ON public.staff_roles
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading staff roles" ON public.staff_roles
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing staff roles" ON public.staff_roles
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));
