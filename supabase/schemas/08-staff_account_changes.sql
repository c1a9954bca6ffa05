-- private.staff_account_changes: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE private.staff_account_changes (
    id bigint NOT NULL,
    member_id uuid NOT NULL,
    member_email text,
    action text NOT NULL,
    occurred_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT staff_account_changes_action_check CHECK ((action = ANY (ARRAY['invited'::text, 'deactivated'::text, 'reactivated'::text, 'two_factor_reset'::text, 'removed'::text])))
);

ALTER TABLE private.staff_account_changes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.staff_account_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

COMMENT ON TABLE private.staff_account_changes IS 'Account changes Supabase Auth made (invitation, ban, lifted ban, authenticator removed, account deleted), noted by triggers, waiting for log_staff_action() to record them under the admin who asked for them. Kept ten minutes.';

ALTER TABLE ONLY private.staff_account_changes
    ADD CONSTRAINT staff_account_changes_pkey PRIMARY KEY (id);

CREATE INDEX staff_account_changes_member_idx ON private.staff_account_changes USING btree (member_id, action, occurred_at);

ALTER TABLE private.staff_account_changes ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.note_account_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_action text;
  v_member uuid;
  v_email text;
begin
  if tg_table_name = 'mfa_factors' then
    v_action := 'two_factor_reset';
    v_member := old.user_id;
  elsif tg_op = 'DELETE' then
    v_action := 'removed';
    v_member := old.id;
    v_email := old.email;
  elsif new.invited_at is not null and (tg_op = 'INSERT' or new.invited_at is distinct from old.invited_at) then
    v_action := 'invited';
  elsif tg_op = 'UPDATE' and coalesce(new.banned_until > now(), false) and not coalesce(old.banned_until > now(), false) then
    v_action := 'deactivated';
  elsif tg_op = 'UPDATE' and coalesce(old.banned_until > now(), false) and not coalesce(new.banned_until > now(), false) then
    v_action := 'reactivated';
  end if;
  if v_action is null then
    return null;
  end if;
  if tg_table_name = 'users' and tg_op <> 'DELETE' then
    v_member := new.id;
    v_email := new.email;
  end if;
  delete from private.staff_account_changes as c where c.occurred_at < now() - interval '10 minutes';
  insert into private.staff_account_changes (member_id, member_email, action) values (v_member, v_email, v_action);
  return null;
end;
$$;

COMMENT ON FUNCTION private.note_account_change() IS 'AFTER triggers on auth.users (invited, banned, ban lifted, deleted) and auth.mfa_factors (deleted): notes the change for log_staff_action().';

REVOKE ALL ON FUNCTION private.note_account_change() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.log_staff_action(action text, member_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email text;
  v_noted integer;
begin
  if not (public.has_permission('staff.manage') and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff managers can record staff changes.';
  end if;
  if log_staff_action.action is null or log_staff_action.action not in ('invited', 'deactivated', 'reactivated', 'two_factor_reset', 'removed') then
    raise exception using errcode = '22023', message = 'Unknown staff change.';
  end if;
  -- Each change Supabase Auth made is recorded once, and only within ten minutes of it.
  with recorded as (
    delete from private.staff_account_changes as c
     where c.member_id = log_staff_action.member_id
       and c.action = log_staff_action.action
       and c.occurred_at > now() - interval '10 minutes'
    returning c.member_email
  )
  select count(*), max(r.member_email) into v_noted, v_email from recorded as r;
  if v_noted = 0 then
    raise exception using errcode = '22023', message = 'The account does not show that change.';
  end if;
  select coalesce(u.email::text, v_email) into v_email from (select 1) as one left join auth.users as u on u.id = member_id;
  perform private.write_activity(log_staff_action.action, 'staff_settings', 'users', member_id::text, v_email);
end;
$$;

COMMENT ON FUNCTION public.log_staff_action(action text, member_id uuid) IS 'Records a change the Staff screen made through the Auth admin API (invited, deactivated, reactivated, two_factor_reset, removed) as done by the calling admin: only a change Supabase Auth made to that account in the last ten minutes, and each once. Staff managers only.';

REVOKE ALL ON FUNCTION public.log_staff_action(action text, member_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.log_staff_action(action text, member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.log_staff_action(action text, member_id uuid) TO service_role;

CREATE TRIGGER staff_note_factor_removed AFTER DELETE ON auth.mfa_factors FOR EACH ROW EXECUTE FUNCTION private.note_account_change();

CREATE TRIGGER staff_note_account_change AFTER INSERT OR DELETE OR UPDATE OF invited_at, banned_until ON auth.users FOR EACH ROW EXECUTE FUNCTION private.note_account_change();
