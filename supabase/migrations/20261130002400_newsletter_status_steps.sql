-- Consent comes only from the person: a subscriber's status moves only along the steps the double
-- opt-in allows, whoever writes it (a staff token, the service role, the owner).
--
--   pending      -> subscribed    only by confirm_newsletter (the person opened their link and pressed
--                                 the button)
--   unsubscribed -> pending       only by subscribe_newsletter (a new sign-up, owed a new link)
--   any          -> unsubscribed  anyone who may write the row (staff, the one-click link)
--
-- So staff can unsubscribe or delete, never subscribe; an address that unsubscribed comes back only
-- through a new double opt-in. The two functions mark their step in a transaction-local setting that
-- no API caller can set.

create function private.guard_subscriber_status()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_step text := coalesce(current_setting('newsletter.step', true), '');
begin
  if new.status = old.status or new.status = 'unsubscribed'
     or (old.status = 'pending' and new.status = 'subscribed' and v_step = 'confirmation')
     or (old.status = 'unsubscribed' and new.status = 'pending' and v_step = 'sign_up') then
    return new;
  end if;
  if new.status = 'subscribed' then
    raise exception using errcode = '42501',
      message = 'An address is subscribed only when its owner confirms the link e-mailed to it.';
  end if;
  raise exception using errcode = '42501', message = 'A subscriber can only be unsubscribed or deleted.';
end;
$$;
comment on function private.guard_subscriber_status() is
  'BEFORE UPDATE OF status on newsletter_subscribers: allows only unsubscribing, pending -> subscribed inside confirm_newsletter and unsubscribed -> pending inside subscribe_newsletter; refuses every other step (42501).';
revoke execute on function private.guard_subscriber_status() from public, anon, authenticated, service_role;

create trigger newsletter_subscribers_status_steps
  before update of status on public.newsletter_subscribers
  for each row execute function private.guard_subscriber_status();

create or replace function public.subscribe_newsletter(email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(subscribe_newsletter.email));
begin
  if not coalesce(public.is_email(v_email), false) then
    raise exception using errcode = '22023', message = 'Please enter a valid e-mail address.';
  end if;

  perform public.enforce_submission_limit('newsletter', v_email, 5, 10);
  perform set_config('privacy.quiet', 'on', true), set_config('newsletter.step', 'sign_up', true);

  -- New or unsubscribed address: pending, a confirmation owed. Pending: a fresh link owed (the old
  -- one stops working). Subscribed: nothing. The caller learns nothing either way.
  insert into public.newsletter_subscribers as s (email)
  values (v_email)
  on conflict on constraint newsletter_subscribers_email_key
  do update set status = 'pending',
                signed_up_at = now(),
                confirmation_token_hash = null,
                confirmation_sent_at = null,
                unsubscribed_at = null
  where s.status <> 'subscribed';
  perform set_config('privacy.quiet', '', true), set_config('newsletter.step', '', true);
end;
$$;

create or replace function public.confirm_newsletter(token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found boolean;
begin
  if token is null or char_length(token) > 200 then
    return false;
  end if;
  perform set_config('privacy.quiet', 'on', true), set_config('newsletter.step', 'confirmation', true);
  update public.newsletter_subscribers as s
  set status = 'subscribed',
      confirmed_at = now(),
      consent_at = now(),
      privacy_notice_version = public.privacy_notice_version(),
      confirmation_token_hash = null
  where s.confirmation_token_hash = encode(sha256(convert_to(confirm_newsletter.token, 'UTF8')), 'hex')
    and s.status = 'pending'
    and s.confirmation_sent_at > now() - interval '7 days';
  v_found := found;
  perform set_config('privacy.quiet', '', true), set_config('newsletter.step', '', true);
  return v_found;
end;
$$;
comment on function public.confirm_newsletter(token text) is
  'The person''s confirmation (the button on the page their e-mailed link opens, sent as a POST): the pending sign-up whose token hash matches, sent in the last 7 days, becomes subscribed, with the time and the privacy notice recorded; the token cannot be used again. True when it did. The only way an address becomes subscribed.';
