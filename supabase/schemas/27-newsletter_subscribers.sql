-- public.newsletter_subscribers: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.newsletter_subscribers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    signed_up_at timestamp with time zone DEFAULT now() NOT NULL,
    confirmation_token_hash text,
    confirmation_sent_at timestamp with time zone,
    confirmed_at timestamp with time zone,
    consent_at timestamp with time zone,
    privacy_notice_version text,
    unsubscribe_token text DEFAULT (replace((gen_random_uuid())::text, '-'::text, ''::text) || replace((gen_random_uuid())::text, '-'::text, ''::text)) NOT NULL,
    unsubscribed_at timestamp with time zone,
    CONSTRAINT newsletter_subscribers_confirmation_token_hash_check CHECK ((confirmation_token_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT newsletter_subscribers_email_check CHECK ((public.is_email(email) AND (email = lower(email)))),
    CONSTRAINT newsletter_subscribers_privacy_notice_version_check CHECK ((char_length(privacy_notice_version) <= 40)),
    CONSTRAINT newsletter_subscribers_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'subscribed'::text, 'unsubscribed'::text]))),
    CONSTRAINT newsletter_subscribers_unsubscribe_token_check CHECK ((unsubscribe_token ~ '^[0-9a-f]{64}$'::text))
);

COMMENT ON TABLE public.newsletter_subscribers IS 'Newsletter sign-ups, one row per lower-cased address. Visitors subscribe only through subscribe_newsletter(); admins list, export, unsubscribe and delete.';

COMMENT ON COLUMN public.newsletter_subscribers.status IS 'pending (signed up, link not yet opened), subscribed (confirmed) or unsubscribed.';

COMMENT ON COLUMN public.newsletter_subscribers.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

COMMENT ON COLUMN public.newsletter_subscribers.signed_up_at IS 'The latest sign-up; a pending row is removed 7 days after it.';

COMMENT ON COLUMN public.newsletter_subscribers.confirmation_token_hash IS 'SHA-256 (hex) of the confirmation link''s token, set when the e-mail is sent and cleared once used; the token itself is never stored.';

COMMENT ON COLUMN public.newsletter_subscribers.confirmation_sent_at IS 'When the last confirmation e-mail went out (its link is valid 7 days from then); null before the first. The e-mail owed waits in mail_outbox.';

COMMENT ON COLUMN public.newsletter_subscribers.confirmed_at IS 'When the confirmation link was opened.';

COMMENT ON COLUMN public.newsletter_subscribers.consent_at IS 'When consent was given: the time the confirmation link was opened.';

COMMENT ON COLUMN public.newsletter_subscribers.privacy_notice_version IS 'The privacy notice in force at confirmation (privacy_notice_version()).';

COMMENT ON COLUMN public.newsletter_subscribers.unsubscribe_token IS 'The personal one-click unsubscribe link''s token (/newsletter/unsubscribe/{token}). Random; it can only unsubscribe, so staff who export subscribers may read it.';

COMMENT ON COLUMN public.newsletter_subscribers.unsubscribed_at IS 'When the address was unsubscribed; the retention run removes it after the unsubscribed-address period.';

ALTER TABLE ONLY public.newsletter_subscribers
    ADD CONSTRAINT newsletter_subscribers_email_key UNIQUE (email);

ALTER TABLE ONLY public.newsletter_subscribers
    ADD CONSTRAINT newsletter_subscribers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.newsletter_subscribers
    ADD CONSTRAINT newsletter_subscribers_unsubscribe_token_key UNIQUE (unsubscribe_token);

ALTER TABLE ONLY public.newsletter_subscribers
    ADD CONSTRAINT newsletter_subscribers_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX newsletter_subscribers_confirmation_idx ON public.newsletter_subscribers USING btree (confirmation_token_hash) WHERE (confirmation_token_hash IS NOT NULL);

CREATE INDEX newsletter_subscribers_created_at_idx ON public.newsletter_subscribers USING btree (created_at DESC);

ALTER TABLE public.newsletter_subscribers ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.newsletter_subscribers FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.newsletter_subscribers TO service_role;
GRANT SELECT,DELETE ON TABLE public.newsletter_subscribers TO authenticated;

GRANT UPDATE(status) ON TABLE public.newsletter_subscribers TO authenticated;

CREATE FUNCTION public.normalize_subscriber_email() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.email := lower(btrim(new.email));
  return new;
end;
$$;

COMMENT ON FUNCTION public.normalize_subscriber_email() IS 'BEFORE INSERT/UPDATE on newsletter_subscribers: stores the address trimmed and lower-cased.';

REVOKE ALL ON FUNCTION public.normalize_subscriber_email() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.normalize_subscriber_email() TO service_role;

CREATE FUNCTION public.subscribe_newsletter(email text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email text := lower(btrim(subscribe_newsletter.email));
  v_id uuid;
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
  where s.status <> 'subscribed'
  returning s.id into v_id;
  if v_id is not null then
    delete from public.mail_outbox as o where o.kind = 'newsletter_confirmation' and o.subject_id = v_id;
    perform private.queue_mail('newsletter_confirmation', v_id, v_email);
  end if;
  perform set_config('privacy.quiet', '', true);
end;
$$;

COMMENT ON FUNCTION public.subscribe_newsletter(email text) IS 'Newsletter sign-up for visitors: stores the address lower-cased as pending and queues its confirmation e-mail in mail_outbox (again for a pending or unsubscribed address, replacing one not yet sent; nothing for a subscribed one); returns nothing either way. Flood-limited (5 per e-mail, 10 per client per hour).';

REVOKE ALL ON FUNCTION public.subscribe_newsletter(email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.subscribe_newsletter(email text) TO anon;
GRANT ALL ON FUNCTION public.subscribe_newsletter(email text) TO authenticated;
GRANT ALL ON FUNCTION public.subscribe_newsletter(email text) TO service_role;

CREATE FUNCTION public.confirm_newsletter(token text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.confirm_newsletter(token text) IS 'Opens a confirmation link: the pending sign-up whose token hash matches, sent in the last 7 days, becomes subscribed, with the time and the privacy notice recorded; the token cannot be used again. True when it did.';

REVOKE ALL ON FUNCTION public.confirm_newsletter(token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.confirm_newsletter(token text) TO anon;
GRANT ALL ON FUNCTION public.confirm_newsletter(token text) TO authenticated;
GRANT ALL ON FUNCTION public.confirm_newsletter(token text) TO service_role;

CREATE FUNCTION public.unsubscribe_newsletter(token text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION public.unsubscribe_newsletter(token text) IS 'One-click unsubscribe: the subscriber with this unsubscribe token is unsubscribed (again is no error). True when the token names a subscriber. No sign-in needed.';

REVOKE ALL ON FUNCTION public.unsubscribe_newsletter(token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.unsubscribe_newsletter(token text) TO anon;
GRANT ALL ON FUNCTION public.unsubscribe_newsletter(token text) TO authenticated;
GRANT ALL ON FUNCTION public.unsubscribe_newsletter(token text) TO service_role;

CREATE TRIGGER newsletter_subscribers_log AFTER DELETE OR UPDATE ON public.newsletter_subscribers FOR EACH ROW WHEN ((COALESCE(current_setting('privacy.quiet'::text, true), ''::text) <> 'on'::text)) EXECUTE FUNCTION private.log_change('leads');

CREATE TRIGGER newsletter_subscribers_normalize_email BEFORE INSERT OR UPDATE OF email ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION public.normalize_subscriber_email();

CREATE TRIGGER newsletter_subscribers_set_updated_at BEFORE INSERT OR UPDATE ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE POLICY "Lead handlers can delete newsletter subscribers" ON public.newsletter_subscribers
    FOR DELETE TO authenticated
    USING ((select public.has_permission('leads.write')));

CREATE POLICY "Lead handlers can unsubscribe newsletter subscribers" ON public.newsletter_subscribers
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('leads.write')))
    WITH CHECK ((select public.has_permission('leads.write')));

CREATE POLICY "Lead readers can read newsletter subscribers" ON public.newsletter_subscribers
    FOR SELECT TO authenticated
    USING ((select public.has_permission('leads.read')));

CREATE POLICY "Two-factor for adding newsletter subscribers" ON public.newsletter_subscribers
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing newsletter subscribers" ON public.newsletter_subscribers
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading newsletter subscribers" ON public.newsletter_subscribers
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing newsletter subscribers" ON public.newsletter_subscribers
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE FUNCTION private.guard_subscriber_status() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.guard_subscriber_status() IS 'BEFORE UPDATE OF status on newsletter_subscribers: allows unsubscribing; pending -> subscribed only as confirm_newsletter makes it (the link used up, the confirmation recorded) and unsubscribed -> pending only as subscribe_newsletter makes it (a new sign-up), both never for an API role; refuses every other step (42501).';

REVOKE ALL ON FUNCTION private.guard_subscriber_status() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER newsletter_subscribers_status_steps BEFORE UPDATE OF status ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION private.guard_subscriber_status();
