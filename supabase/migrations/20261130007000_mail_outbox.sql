-- One outbox for every e-mail the product owes: public.mail_outbox(kind, subject_id, recipient,
-- payload), claimed with claim_mail() and ended with finish_mail(), replaces lead_mail_outbox (whose
-- review e-mails rode in the lead columns) and the newsletter's own claim. What each kind's e-mail
-- says is read by one function per kind as it goes out. E-mails owed now move across.

CREATE TABLE public.mail_outbox (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    subject_id uuid NOT NULL,
    recipient text NOT NULL,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_until timestamp with time zone,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT mail_outbox_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT mail_outbox_kind_check CHECK ((kind = ANY (ARRAY['contact_message'::text, 'job_application'::text, 'content_review'::text, 'newsletter_confirmation'::text]))),
    CONSTRAINT mail_outbox_last_error_check CHECK ((char_length(last_error) <= 500)),
    CONSTRAINT mail_outbox_payload_check CHECK ((jsonb_typeof(payload) = 'object'::text)),
    CONSTRAINT mail_outbox_recipient_check CHECK (public.is_email(recipient))
);

COMMENT ON TABLE public.mail_outbox IS 'E-mails owed: kind contact_message or job_application (to the sales or careers address, queued with the lead), content_review (to reviewers or the author; payload {event}), newsletter_confirmation (to the subscriber). subject_id is the row the e-mail is about; the e-mail goes with it. Claimed by the web server (service role) with claim_mail(), ended with finish_mail(). No API role but service_role can touch it.';

COMMENT ON COLUMN public.mail_outbox.subject_id IS 'The id of the row the e-mail is about: a contact message, job application, content review or newsletter subscriber, by kind.';

COMMENT ON COLUMN public.mail_outbox.payload IS 'What the queuer knew that the subject row does not say (a review e-mail''s event); claim_mail() adds the kind''s details to it.';

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);

CREATE INDEX mail_outbox_due_idx ON public.mail_outbox USING btree (next_attempt_at);

CREATE INDEX mail_outbox_subject_idx ON public.mail_outbox USING btree (subject_id);

ALTER TABLE public.mail_outbox ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.mail_outbox FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.mail_outbox TO service_role;

CREATE FUNCTION public.mail_max_attempts() RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select 12 $$;

COMMENT ON FUNCTION public.mail_max_attempts() IS 'How many times one e-mail is tried before it is left for an operator.';

REVOKE ALL ON FUNCTION public.mail_max_attempts() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.mail_max_attempts() TO service_role;

CREATE FUNCTION private.queue_mail(kind text, subject_id uuid, recipient text, payload jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.mail_outbox (kind, subject_id, recipient, payload)
  values (queue_mail.kind, queue_mail.subject_id, queue_mail.recipient, coalesce(queue_mail.payload, '{}'))
$$;

COMMENT ON FUNCTION private.queue_mail(kind text, subject_id uuid, recipient text, payload jsonb) IS 'Owes one e-mail of this kind about subject_id to recipient. Every queuer (the lead trigger, review requests and decisions, newsletter sign-ups) calls it.';

REVOKE ALL ON FUNCTION private.queue_mail(kind text, subject_id uuid, recipient text, payload jsonb) FROM PUBLIC, anon, authenticated, service_role;

-- The lead e-mails --------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION public.queue_lead_mail() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_recipient text;
begin
  if tg_table_name = 'contact_messages' then
    if coalesce(public.lead_notify_setting('lead_notify_sales'), 'true') = 'false' then
      return new;
    end if;
    v_recipient := coalesce(public.lead_notify_setting('lead_notify_sales_email'), public.lead_notify_setting('contact_email'));
    if v_recipient is not null then
      perform private.queue_mail('contact_message', new.id, v_recipient);
    end if;
  else
    if coalesce(public.lead_notify_setting('lead_notify_careers'), 'true') = 'false' then
      return new;
    end if;
    v_recipient := coalesce(public.lead_notify_setting('lead_notify_careers_email'), public.lead_notify_setting('careers_email'),
      public.lead_notify_setting('contact_email'));
    if v_recipient is not null then
      perform private.queue_mail('job_application', new.id, v_recipient);
    end if;
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION public.queue_lead_mail() IS 'After a contact message or an application is inserted: queues its e-mail to the sales or careers address, unless that notification is turned off.';


CREATE FUNCTION private.contact_message_mail(subject_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('name', m.first_name || ' ' || m.last_name, 'email', m.email,
                            'interested_in', m.interested_in, 'received_at', m.created_at)
    from public.contact_messages as m
   where m.id = contact_message_mail.subject_id
$$;

COMMENT ON FUNCTION private.contact_message_mail(subject_id uuid) IS 'What a contact message''s e-mail says: {name, email, interested_in, received_at}; null when the message is gone.';

REVOKE ALL ON FUNCTION private.contact_message_mail(subject_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.contact_message_mail(subject_id uuid) TO service_role;

CREATE FUNCTION private.job_application_mail(subject_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('name', a.name, 'email', a.email, 'job_opening_id', a.job_opening_id,
                            'job_title', j.title, 'received_at', a.created_at)
    from public.job_applications as a
    left join public.job_openings as j on j.id = a.job_opening_id
   where a.id = job_application_mail.subject_id
$$;

COMMENT ON FUNCTION private.job_application_mail(subject_id uuid) IS 'What an application''s e-mail says: {name, email, job_opening_id, job_title, received_at}; null when the application is gone.';

REVOKE ALL ON FUNCTION private.job_application_mail(subject_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.job_application_mail(subject_id uuid) TO service_role;

-- The review e-mails (queued by private.queue_review_mail, 17-content_reviews.sql) -----------------

CREATE FUNCTION private.content_review_mail(subject_id uuid, event text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('item_id', r.item_id, 'item_kind', r.kind, 'title', r.title,
           'actor', case when content_review_mail.event = 'requested' then r.requested_by_name else r.decided_by_name end,
           'note', case when content_review_mail.event = 'requested' then r.request_note else r.decision_note end,
           'at', case when content_review_mail.event = 'requested' then r.requested_at else r.decided_at end)
    from public.content_reviews as r
   where r.id = content_review_mail.subject_id
$$;

COMMENT ON FUNCTION private.content_review_mail(subject_id uuid, event text) IS 'What a review e-mail says about the event: {item_id, item_kind, title, actor, note, at}; null when the review is gone.';

REVOKE ALL ON FUNCTION private.content_review_mail(subject_id uuid, event text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.content_review_mail(subject_id uuid, event text) TO service_role;

-- The newsletter confirmations --------------------------------------------------------------------

CREATE FUNCTION private.newsletter_confirmation_mail(subject_id uuid) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  -- Two version-4 UUIDs: 244 random bits from the server's secure generator. Only its hash is kept;
  -- the token itself exists in the e-mail alone.
  v_token text := pg_catalog.encode(pg_catalog.uuid_send(gen_random_uuid()) || pg_catalog.uuid_send(gen_random_uuid()), 'hex');
  v_unsubscribe text;
begin
  perform set_config('privacy.quiet', 'on', true);
  update public.newsletter_subscribers as s
     set confirmation_token_hash = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(v_token, 'UTF8')), 'hex'),
         confirmation_sent_at = now()
   where s.id = newsletter_confirmation_mail.subject_id and s.status = 'pending'
  returning s.unsubscribe_token into v_unsubscribe;
  perform set_config('privacy.quiet', '', true);
  if v_unsubscribe is null then
    return null;
  end if;
  return jsonb_build_object('token', v_token, 'unsubscribe_token', v_unsubscribe);
end;
$$;

COMMENT ON FUNCTION private.newsletter_confirmation_mail(subject_id uuid) IS 'Makes a pending sign-up''s confirmation token as its e-mail goes out: stores the token''s SHA-256 and the time (an earlier link stops working) and returns {token, unsubscribe_token}; null when the address is no longer pending.';

REVOKE ALL ON FUNCTION private.newsletter_confirmation_mail(subject_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.newsletter_confirmation_mail(subject_id uuid) TO service_role;

-- The sender's cycle -------------------------------------------------------------------------------

CREATE FUNCTION public.claim_mail(max_rows integer DEFAULT 10, lease_seconds integer DEFAULT 120) RETURNS TABLE(id uuid, kind text, recipient text, attempts integer, payload jsonb)
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  c record;
  v_details jsonb;
begin
  -- Rows being sent by another process (a lease not yet run out) are skipped, not waited for.
  for c in
    with due as (
      select o.id
      from public.mail_outbox as o
      where o.next_attempt_at <= now()
        and (o.locked_until is null or o.locked_until < now())
        and o.attempts < public.mail_max_attempts()
      order by o.next_attempt_at
      limit least(greatest(max_rows, 1), 100)
      for update skip locked
    )
    update public.mail_outbox as o
    set attempts = o.attempts + 1,
        locked_until = now() + make_interval(secs => least(greatest(lease_seconds, 10), 3600))
    from due
    where o.id = due.id
    returning o.*
  loop
    v_details := case c.kind
      when 'contact_message' then private.contact_message_mail(c.subject_id)
      when 'job_application' then private.job_application_mail(c.subject_id)
      when 'content_review' then private.content_review_mail(c.subject_id, c.payload ->> 'event')
      when 'newsletter_confirmation' then private.newsletter_confirmation_mail(c.subject_id)
    end;
    -- Nothing left to say (the subject is gone, or a sign-up no longer pending): the e-mail goes.
    if v_details is null then
      delete from public.mail_outbox as o where o.id = c.id;
      continue;
    end if;
    id := c.id;
    kind := c.kind;
    recipient := c.recipient;
    attempts := c.attempts;
    payload := c.payload || v_details;
    return next;
  end loop;
end;
$$;

COMMENT ON FUNCTION public.claim_mail(max_rows integer, lease_seconds integer) IS 'Claims up to max_rows (1-100) e-mails that are due, for lease_seconds (10-3600): each claim counts as an attempt and hides the row from other senders until the lease ends. Returns each with its kind and payload, completed by the kind''s function (private.<kind>_mail) with what the e-mail says; an e-mail with nothing left to say is dropped. Service role only.';

REVOKE ALL ON FUNCTION public.claim_mail(max_rows integer, lease_seconds integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.claim_mail(max_rows integer, lease_seconds integer) TO service_role;

CREATE FUNCTION public.finish_mail(mail_id uuid, failure text DEFAULT NULL::text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  -- Sent: the row goes. Failed: tried again after 1, 2, 4, … minutes, at most an hour apart.
  delete from public.mail_outbox where id = mail_id and failure is null;
  update public.mail_outbox
  set locked_until = null,
      last_error = left(failure, 500),
      next_attempt_at = now() + make_interval(mins => least(power(2, greatest(attempts - 1, 0))::integer, 60))
  where id = mail_id and failure is not null;
$$;

COMMENT ON FUNCTION public.finish_mail(mail_id uuid, failure text) IS 'Ends a claimed e-mail: without failure it was sent and the row is deleted; with one the row is released and retried after a delay doubling from one minute up to an hour. Service role only.';

REVOKE ALL ON FUNCTION public.finish_mail(mail_id uuid, failure text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.finish_mail(mail_id uuid, failure text) TO service_role;

CREATE FUNCTION private.forget_mail() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from public.mail_outbox as o where o.subject_id = old.id and o.kind = tg_argv[0];
  return null;
end;
$$;

COMMENT ON FUNCTION private.forget_mail() IS 'AFTER DELETE on each table an e-mail can be about (the trigger''s argument is the kind): an e-mail owed about a deleted row goes with it, so an erased person leaves nothing behind here.';

REVOKE ALL ON FUNCTION private.forget_mail() FROM PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.queue_review_mail(review_id uuid, event text, recipients uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.queue_mail('content_review', queue_review_mail.review_id, r.email, jsonb_build_object('event', queue_review_mail.event))
     from (select distinct u.email::text as email
             from auth.users as u
            where u.id = any (recipients)
              and u.id is distinct from (select auth.uid())
              and private.is_live_account(u.id)
              and coalesce(public.is_email(u.email::text), false)) as r;
end;
$$;

COMMENT ON FUNCTION private.queue_review_mail(review_id uuid, event text, recipients uuid[]) IS 'Queues one review e-mail (event requested, approved or rejected) per live staff account among recipients, not the caller.';

CREATE OR REPLACE FUNCTION public.subscribe_newsletter(email text) RETURNS void
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

COMMENT ON COLUMN public.newsletter_subscribers.confirmation_sent_at IS 'When the last confirmation e-mail went out (its link is valid 7 days from then); null before the first. The e-mail owed waits in mail_outbox.';

-- What was owed moves across: the lead and review e-mails as they stood, and a confirmation for
-- every sign-up still waiting for its first.
insert into public.mail_outbox (kind, subject_id, recipient, payload, attempts, next_attempt_at, last_error, created_at)
select case when o.contact_message_id is not null then 'contact_message'
            when o.job_application_id is not null then 'job_application'
            else 'content_review' end,
       coalesce(o.contact_message_id, o.job_application_id, o.content_review_id),
       o.recipient,
       case when o.content_review_id is not null then jsonb_build_object('event', o.review_event) else '{}'::jsonb end,
       o.attempts, o.next_attempt_at, o.last_error, o.created_at
  from public.lead_mail_outbox as o;

insert into public.mail_outbox (kind, subject_id, recipient)
select 'newsletter_confirmation', s.id, s.email
  from public.newsletter_subscribers as s
 where s.status = 'pending' and s.confirmation_sent_at is null;

CREATE TRIGGER contact_messages_forget_mail AFTER DELETE ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.forget_mail('contact_message');


CREATE TRIGGER content_reviews_forget_mail AFTER DELETE ON public.content_reviews FOR EACH ROW EXECUTE FUNCTION private.forget_mail('content_review');

CREATE TRIGGER job_applications_forget_mail AFTER DELETE ON public.job_applications FOR EACH ROW EXECUTE FUNCTION private.forget_mail('job_application');


CREATE TRIGGER newsletter_subscribers_forget_mail AFTER DELETE ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION private.forget_mail('newsletter_confirmation');

DROP FUNCTION public.claim_lead_mail(integer, integer);
DROP FUNCTION public.finish_lead_mail(uuid, text);
DROP FUNCTION public.lead_mail_max_attempts();
DROP FUNCTION public.claim_newsletter_confirmations(text[]);
DROP INDEX public.newsletter_subscribers_confirmation_owed_idx;
DROP TABLE public.lead_mail_outbox;
