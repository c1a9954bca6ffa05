-- Each staff member's own activity, and the Staff screen's account changes in the activity log.
--
--   1. public.my_activity(): the caller's own recent activity, for any staff member (the Account
--      screen); nobody reads another person's rows through it.
--   2. public.log_staff_action(): the Staff screen's server records an invitation, a deactivation,
--      a reactivation or a two-factor reset with the admin's own token, after the Auth admin API
--      made it. It records only what is true of the account at that moment, so it cannot put a
--      made-up event in the log. Role changes are logged by the staff_roles trigger, which the
--      server now writes with the admin's token too.

alter table private.activity_log drop constraint activity_log_action_check;
alter table private.activity_log add constraint activity_log_action_check check (action in (
  'created', 'updated', 'deleted', 'published', 'unpublished', 'scheduled', 'restored',
  'status_changed', 'role_changed', 'settings_changed', 'exported', 'downloaded',
  'invited', 'deactivated', 'reactivated', 'two_factor_reset'));

-- One's own activity --------------------------------------------------------------------------------

create function public.my_activity(max_rows integer default 20)
returns table (
  id text,
  occurred_at timestamptz,
  actor_id uuid,
  actor_email text,
  actor_name text,
  actor_role text,
  client_address text,
  action text,
  area text,
  table_name text,
  row_id text,
  title text,
  changes jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (exists (select 1 from public.current_staff()) and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff can read their own activity.';
  end if;
  return query
    select l.id::text, l.occurred_at, l.actor_id, l.actor_email, l.actor_name, l.actor_role, l.client_address,
           l.action, l.area, l.table_name, l.row_id, l.title, l.changes
    from private.activity_log as l
    where l.actor_id = (select auth.uid())
    order by l.occurred_at desc, l.id desc
    limit least(greatest(max_rows, 1), 100);
end;
$$;
comment on function public.my_activity(integer) is
  'The signed-in staff member''s own activity, newest first (at most 100 rows, default 20), as activity_feed returns it. Any staff member, for themselves only.';
revoke execute on function public.my_activity(integer) from public, anon;
grant execute on function public.my_activity(integer) to authenticated, service_role;

-- The Staff screen's account changes ----------------------------------------------------------------

create function public.log_staff_action(action text, member_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
  v_true boolean;
begin
  if not (public.has_permission('staff.manage') and public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Only staff managers can record staff changes.';
  end if;
  select u.email::text,
         case log_staff_action.action
           when 'invited' then u.invited_at is not null and u.email_confirmed_at is null
           when 'deactivated' then u.banned_until is not null and u.banned_until > now()
           when 'reactivated' then u.banned_until is null or u.banned_until <= now()
           when 'two_factor_reset' then not exists (select 1 from auth.mfa_factors as f where f.user_id = u.id)
         end
    into v_email, v_true
    from auth.users as u
   where u.id = member_id;
  if v_email is null then
    raise exception using errcode = 'P0002', message = 'Staff member not found.';
  end if;
  if v_true is null then
    raise exception using errcode = '22023', message = 'Unknown staff change.';
  end if;
  if not v_true then
    raise exception using errcode = '22023', message = 'The account does not show that change.';
  end if;
  perform private.write_activity(log_staff_action.action, 'staff_settings', 'users', member_id::text, v_email);
end;
$$;
comment on function public.log_staff_action(text, uuid) is
  'Records a change the Staff screen made through the Auth admin API (invited, deactivated, reactivated, two_factor_reset) as done by the calling admin, only when the account shows it (invited and not yet accepted, banned, not banned, no authenticator). Staff managers only.';
revoke execute on function public.log_staff_action(text, uuid) from public, anon;
grant execute on function public.log_staff_action(text, uuid) to authenticated, service_role;
