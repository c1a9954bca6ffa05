-- Consent comes only from the person: a subscriber's status moves only along the steps the double
-- opt-in allows, whoever writes it.
--
--   pending      -> subscribed    only as confirm_newsletter makes it: the person's link is used up
--                                 (its token hash cleared) and the confirmation time recorded
--   unsubscribed -> pending       only as subscribe_newsletter makes it: a new sign-up, its
--                                 unsubscription cleared and a new link owed
--   any          -> unsubscribed  anyone who may write the row (staff, the one-click link)
--
-- An API caller (a visitor, a staff token, the service role) may only unsubscribe: the two other
-- steps happen inside those security-definer functions, which write as their owner. So staff can
-- unsubscribe or delete, never subscribe, and an address that unsubscribed comes back only through
-- a new double opt-in.

create function private.guard_subscriber_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = old.status or new.status = 'unsubscribed' then
    return new;
  end if;
  if current_user not in ('anon', 'authenticated', 'service_role') then
    if old.status = 'pending' and new.status = 'subscribed'
       and old.confirmation_token_hash is not null and new.confirmation_token_hash is null
       and new.confirmed_at is not null and new.confirmed_at is distinct from old.confirmed_at then
      return new;
    end if;
    if old.status = 'unsubscribed' and new.status = 'pending' and new.unsubscribed_at is null and new.confirmation_sent_at is null then
      return new;
    end if;
  end if;
  if new.status = 'subscribed' then
    raise exception using errcode = '42501',
      message = 'An address is subscribed only when its owner confirms the link e-mailed to it.';
  end if;
  raise exception using errcode = '42501', message = 'A subscriber can only be unsubscribed or deleted.';
end;
$$;
comment on function private.guard_subscriber_status() is
  'BEFORE UPDATE OF status on newsletter_subscribers: allows unsubscribing; pending -> subscribed only as confirm_newsletter makes it (the link used up, the confirmation recorded) and unsubscribed -> pending only as subscribe_newsletter makes it (a new sign-up), both never for an API role; refuses every other step (42501).';
revoke execute on function private.guard_subscriber_status() from public, anon, authenticated, service_role;

create trigger newsletter_subscribers_status_steps
  before update of status on public.newsletter_subscribers
  for each row execute function private.guard_subscriber_status();
