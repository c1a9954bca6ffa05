-- Consent as data-protection law asks for it:
--
--   1. Every contact message, application and subscription records when consent was given and which
--      privacy notice was in force then (the privacy page's last change, privacy_notice_version()).
--      An application also says whether its CV may be kept for future roles (unticked by default).
--   2. Double opt-in: a sign-up is 'pending' until the link e-mailed to the address is opened. The
--      web server (service role) claims owed confirmations (claim_newsletter_confirmations), makes a
--      random token, stores only its SHA-256 here and mails the token; confirm_newsletter(token)
--      accepts it once, within 7 days. Pending rows older than 7 days are removed by the retention run.
--   3. One-click unsubscribe: each subscriber has an unsubscribe_token (random; kept readable so the
--      CSV export can carry each row's link, and it can do nothing but unsubscribe), and
--      unsubscribe_newsletter(token) works without a session.
--   4. What visitors do by token, and what the web server's chores do to many rows at once, is not
--      staff activity: those writes set privacy.quiet and the lead log triggers skip them; the
--      chores log one summary entry instead.

-- The privacy notice in force -----------------------------------------------------------------------

create function public.privacy_notice_version()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  -- The privacy page's last change (UTC, to the second), or 'built-in' while the site shows the
  -- default text that ships with the code.
  select coalesce(
    (select to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
       from public.website_content as c where c.section = 'legal' and c.key = 'privacy'),
    'built-in')
$$;
comment on function public.privacy_notice_version() is
  'The version of the privacy notice visitors see now: the privacy page''s last change as an ISO UTC timestamp, or "built-in" for the default text. Recorded with every consent.';
revoke execute on function public.privacy_notice_version() from public;
grant execute on function public.privacy_notice_version() to anon, authenticated, service_role;

-- Consent on contact messages and applications -------------------------------------------------------

alter table public.contact_messages
  add column consent_at timestamptz,
  add column privacy_notice_version text check (char_length(privacy_notice_version) <= 40);
comment on column public.contact_messages.consent_at is 'When the sender agreed to the privacy notice (the time of sending).';
comment on column public.contact_messages.privacy_notice_version is 'The privacy notice in force when the message was sent (privacy_notice_version()).';

alter table public.job_applications
  add column consent_at timestamptz,
  add column privacy_notice_version text check (char_length(privacy_notice_version) <= 40),
  add column keep_for_future_roles boolean not null default false;
comment on column public.job_applications.consent_at is 'When the applicant agreed to the privacy notice (the time of applying).';
comment on column public.job_applications.privacy_notice_version is 'The privacy notice in force when the application was sent (privacy_notice_version()).';
comment on column public.job_applications.keep_for_future_roles is
  'The applicant agreed that the application and CV may be kept for future roles (a longer retention period). Off unless ticked.';
grant insert (keep_for_future_roles) on table public.job_applications to anon, authenticated;

create function public.stamp_consent()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Stamped by the database, so a visitor cannot claim another time or notice.
  new.consent_at := now();
  new.privacy_notice_version := public.privacy_notice_version();
  return new;
end;
$$;
comment on function public.stamp_consent() is
  'BEFORE INSERT on contact_messages and job_applications: records the time of consent and the privacy notice in force.';
revoke execute on function public.stamp_consent() from public, anon, authenticated;

create trigger contact_messages_stamp_consent
  before insert on public.contact_messages
  for each row execute function public.stamp_consent();
create trigger job_applications_stamp_consent
  before insert on public.job_applications
  for each row execute function public.stamp_consent();

-- Subscribers: pending until confirmed ---------------------------------------------------------------

alter table public.newsletter_subscribers drop constraint newsletter_subscribers_status_check;
alter table public.newsletter_subscribers
  add constraint newsletter_subscribers_status_check check (status in ('pending', 'subscribed', 'unsubscribed')),
  alter column status set default 'pending',
  add column signed_up_at timestamptz not null default now(),
  add column confirmation_token_hash text check (confirmation_token_hash ~ '^[0-9a-f]{64}$'),
  add column confirmation_sent_at timestamptz,
  add column confirmed_at timestamptz,
  add column consent_at timestamptz,
  add column privacy_notice_version text check (char_length(privacy_notice_version) <= 40),
  add column unsubscribe_token text not null
    default replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
    check (unsubscribe_token ~ '^[0-9a-f]{64}$'),
  add column unsubscribed_at timestamptz,
  add constraint newsletter_subscribers_unsubscribe_token_key unique (unsubscribe_token);

comment on column public.newsletter_subscribers.status is
  'pending (signed up, link not yet opened), subscribed (confirmed) or unsubscribed.';
comment on column public.newsletter_subscribers.signed_up_at is 'The latest sign-up; a pending row is removed 7 days after it.';
comment on column public.newsletter_subscribers.confirmation_token_hash is
  'SHA-256 (hex) of the confirmation link''s token, set when the e-mail is sent and cleared once used; the token itself is never stored.';
comment on column public.newsletter_subscribers.confirmation_sent_at is 'When the confirmation e-mail went; null while one is owed. The link is valid 7 days from then.';
comment on column public.newsletter_subscribers.confirmed_at is 'When the confirmation link was opened.';
comment on column public.newsletter_subscribers.consent_at is 'When consent was given: the time the confirmation link was opened.';
comment on column public.newsletter_subscribers.privacy_notice_version is 'The privacy notice in force at confirmation (privacy_notice_version()).';
comment on column public.newsletter_subscribers.unsubscribe_token is
  'The personal one-click unsubscribe link''s token (/newsletter/unsubscribe/{token}). Random; it can only unsubscribe, so staff who export subscribers may read it.';
comment on column public.newsletter_subscribers.unsubscribed_at is 'When the address was unsubscribed; the retention run removes it after the unsubscribed-address period.';

-- Rows from before double opt-in were taken as subscribed; they keep that, with no recorded consent.
create index newsletter_subscribers_confirmation_owed_idx on public.newsletter_subscribers (signed_up_at)
  where status = 'pending' and confirmation_sent_at is null;
create index newsletter_subscribers_confirmation_idx on public.newsletter_subscribers (confirmation_token_hash)
  where confirmation_token_hash is not null;

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
  perform set_config('privacy.quiet', 'on', true);

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
  perform set_config('privacy.quiet', '', true);
end;
$$;
comment on function public.subscribe_newsletter(text) is
  'Newsletter sign-up for visitors: stores the address lower-cased as pending and owes it a confirmation e-mail (again for a pending or unsubscribed address; nothing for a subscribed one); returns nothing either way. Flood-limited (5 per e-mail, 10 per client per hour).';

create function public.claim_newsletter_confirmations(token_hashes text[])
returns table (id uuid, email text, unsubscribe_token text, token_hash text)
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_hash text;
begin
  perform set_config('privacy.quiet', 'on', true);
  -- One owed confirmation per given hash, oldest sign-up first; rows another sender holds are
  -- skipped. A claimed row's e-mail is the caller's to send.
  foreach v_hash in array coalesce(token_hashes, '{}') loop
    continue when v_hash is null or v_hash !~ '^[0-9a-f]{64}$';
    return query
      update public.newsletter_subscribers as s
      set confirmation_token_hash = v_hash,
          confirmation_sent_at = now()
      where s.id = (
        select o.id from public.newsletter_subscribers as o
        where o.status = 'pending' and o.confirmation_sent_at is null
        order by o.signed_up_at, o.id
        limit 1
        for update skip locked)
      returning s.id, s.email, s.unsubscribe_token, s.confirmation_token_hash;
    exit when not found;
  end loop;
  perform set_config('privacy.quiet', '', true);
end;
$$;
comment on function public.claim_newsletter_confirmations(text[]) is
  'For the web server (service role): takes up to one owed confirmation per token hash given (SHA-256 hex of a random token the caller made), stores the hash and the time, and returns the address, its unsubscribe token and the hash it got, to mail.';
revoke execute on function public.claim_newsletter_confirmations(text[]) from public, anon, authenticated;
grant execute on function public.claim_newsletter_confirmations(text[]) to service_role;

create function public.confirm_newsletter(token text)
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
  perform set_config('privacy.quiet', 'on', true);
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
  perform set_config('privacy.quiet', '', true);
  return v_found;
end;
$$;
comment on function public.confirm_newsletter(text) is
  'Opens a confirmation link: the pending sign-up whose token hash matches, sent in the last 7 days, becomes subscribed, with the time and the privacy notice recorded; the token cannot be used again. True when it did.';
revoke execute on function public.confirm_newsletter(text) from public;
grant execute on function public.confirm_newsletter(text) to anon, authenticated, service_role;

create function public.unsubscribe_newsletter(token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found boolean;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return false;
  end if;
  perform set_config('privacy.quiet', 'on', true);
  update public.newsletter_subscribers as s
  set status = 'unsubscribed',
      unsubscribed_at = coalesce(s.unsubscribed_at, now()),
      confirmation_token_hash = null
  where s.unsubscribe_token = unsubscribe_newsletter.token;
  v_found := found;
  perform set_config('privacy.quiet', '', true);
  return v_found;
end;
$$;
comment on function public.unsubscribe_newsletter(text) is
  'One-click unsubscribe: the subscriber with this unsubscribe token is unsubscribed (again is no error). True when the token names a subscriber. No sign-in needed.';
revoke execute on function public.unsubscribe_newsletter(text) from public;
grant execute on function public.unsubscribe_newsletter(text) to anon, authenticated, service_role;

-- Quiet writes stay out of the staff activity log ------------------------------------------------------

drop trigger contact_messages_log on public.contact_messages;
drop trigger newsletter_subscribers_log on public.newsletter_subscribers;
drop trigger job_applications_log on public.job_applications;
create trigger contact_messages_log after update or delete on public.contact_messages
  for each row when (coalesce(current_setting('privacy.quiet', true), '') <> 'on')
  execute function private.log_change('leads');
create trigger newsletter_subscribers_log after update or delete on public.newsletter_subscribers
  for each row when (coalesce(current_setting('privacy.quiet', true), '') <> 'on')
  execute function private.log_change('leads');
create trigger job_applications_log after update or delete on public.job_applications
  for each row when (coalesce(current_setting('privacy.quiet', true), '') <> 'on')
  execute function private.log_change('leads');
