-- public.lead_mail_outbox: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.lead_mail_outbox (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    contact_message_id uuid,
    job_application_id uuid,
    recipient text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_until timestamp with time zone,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    content_review_id uuid,
    review_event text,
    CONSTRAINT lead_mail_outbox_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT lead_mail_outbox_last_error_check CHECK ((char_length(last_error) <= 500)),
    CONSTRAINT lead_mail_outbox_one_subject CHECK (((num_nonnulls(contact_message_id, job_application_id, content_review_id) = 1) AND ((content_review_id IS NULL) = (review_event IS NULL)))),
    CONSTRAINT lead_mail_outbox_recipient_check CHECK (public.is_email(recipient)),
    CONSTRAINT lead_mail_outbox_review_event_check CHECK ((review_event = ANY (ARRAY['requested'::text, 'approved'::text, 'rejected'::text])))
);

COMMENT ON TABLE public.lead_mail_outbox IS 'E-mails owed to staff: one per new lead (written by a trigger with the lead) and one per reviewer or author of a content review event. The web server (service role) claims due rows with claim_lead_mail() and ends each with finish_lead_mail(). A row goes with its lead or review. No API role but service_role can touch it.';

ALTER TABLE ONLY public.lead_mail_outbox
    ADD CONSTRAINT lead_mail_outbox_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.lead_mail_outbox
    ADD CONSTRAINT lead_mail_outbox_contact_message_id_fkey FOREIGN KEY (contact_message_id) REFERENCES public.contact_messages(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.lead_mail_outbox
    ADD CONSTRAINT lead_mail_outbox_content_review_id_fkey FOREIGN KEY (content_review_id) REFERENCES public.content_reviews(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.lead_mail_outbox
    ADD CONSTRAINT lead_mail_outbox_job_application_id_fkey FOREIGN KEY (job_application_id) REFERENCES public.job_applications(id) ON DELETE CASCADE;

CREATE INDEX lead_mail_outbox_application_idx ON public.lead_mail_outbox USING btree (job_application_id);

CREATE INDEX lead_mail_outbox_contact_idx ON public.lead_mail_outbox USING btree (contact_message_id);

CREATE INDEX lead_mail_outbox_due_idx ON public.lead_mail_outbox USING btree (next_attempt_at);

CREATE INDEX lead_mail_outbox_review_idx ON public.lead_mail_outbox USING btree (content_review_id);

ALTER TABLE public.lead_mail_outbox ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.lead_mail_outbox FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.lead_mail_outbox TO service_role;

CREATE FUNCTION public.lead_mail_max_attempts() RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select 12 $$;

COMMENT ON FUNCTION public.lead_mail_max_attempts() IS 'How many times one lead e-mail is tried before it is left for an operator.';

REVOKE ALL ON FUNCTION public.lead_mail_max_attempts() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.lead_mail_max_attempts() TO service_role;

CREATE FUNCTION public.queue_lead_mail() RETURNS trigger
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
      insert into public.lead_mail_outbox (contact_message_id, recipient) values (new.id, v_recipient);
    end if;
  else
    if coalesce(public.lead_notify_setting('lead_notify_careers'), 'true') = 'false' then
      return new;
    end if;
    v_recipient := coalesce(public.lead_notify_setting('lead_notify_careers_email'), public.lead_notify_setting('careers_email'),
      public.lead_notify_setting('contact_email'));
    if v_recipient is not null then
      insert into public.lead_mail_outbox (job_application_id, recipient) values (new.id, v_recipient);
    end if;
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION public.queue_lead_mail() IS 'After a contact message or an application is inserted: queues its e-mail to the sales or careers address, unless that notification is turned off.';

REVOKE ALL ON FUNCTION public.queue_lead_mail() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.queue_lead_mail() TO service_role;

CREATE FUNCTION public.claim_lead_mail(max_rows integer DEFAULT 10, lease_seconds integer DEFAULT 120) RETURNS TABLE(id uuid, recipient text, attempts integer, kind text, lead_id uuid, lead_name text, lead_email text, topic text, job_opening_id uuid, received_at timestamp with time zone, review_event text, review_kind text, review_note text)
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  -- Rows being sent by another process (a lease not yet run out) are skipped, not waited for.
  with due as (
    select o.id
    from public.lead_mail_outbox as o
    where o.next_attempt_at <= now()
      and (o.locked_until is null or o.locked_until < now())
      and o.attempts < public.lead_mail_max_attempts()
    order by o.next_attempt_at
    limit least(greatest(max_rows, 1), 100)
    for update skip locked
  ),
  claimed as (
    update public.lead_mail_outbox as o
    set attempts = o.attempts + 1,
        locked_until = now() + make_interval(secs => least(greatest(lease_seconds, 10), 3600))
    from due
    where o.id = due.id
    returning o.*
  )
  -- For a review: lead_id is the item, lead_name who acted, topic the item's title.
  select c.id, c.recipient, c.attempts,
    case when c.contact_message_id is not null then 'contact_message'
         when c.job_application_id is not null then 'job_application'
         else 'content_review' end,
    coalesce(c.contact_message_id, c.job_application_id, r.item_id),
    coalesce(m.first_name || ' ' || m.last_name, a.name,
             case when c.review_event = 'requested' then r.requested_by_name else r.decided_by_name end),
    coalesce(m.email, a.email),
    coalesce(m.interested_in, j.title, r.title),
    a.job_opening_id,
    coalesce(m.created_at, a.created_at, case when c.review_event = 'requested' then r.requested_at else r.decided_at end),
    c.review_event,
    r.kind,
    case when c.review_event = 'requested' then r.request_note else r.decision_note end
  from claimed as c
  left join public.contact_messages as m on m.id = c.contact_message_id
  left join public.job_applications as a on a.id = c.job_application_id
  left join public.job_openings as j on j.id = a.job_opening_id
  left join public.content_reviews as r on r.id = c.content_review_id
$$;

COMMENT ON FUNCTION public.claim_lead_mail(max_rows integer, lease_seconds integer) IS 'Claims up to max_rows (1-100) staff e-mails that are due, for lease_seconds (10-3600): each claim counts as an attempt and hides the row from other senders until the lease ends. Returns what the e-mail says about the lead, or about the review (review_event, review_kind, review_note; lead_name is who acted, topic the item). Service role only.';

REVOKE ALL ON FUNCTION public.claim_lead_mail(max_rows integer, lease_seconds integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.claim_lead_mail(max_rows integer, lease_seconds integer) TO service_role;

CREATE FUNCTION public.finish_lead_mail(mail_id uuid, failure text DEFAULT NULL::text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  -- Sent: the row goes. Failed: tried again after 1, 2, 4, … minutes, at most an hour apart.
  delete from public.lead_mail_outbox where id = mail_id and failure is null;
  update public.lead_mail_outbox
  set locked_until = null,
      last_error = left(failure, 500),
      next_attempt_at = now() + make_interval(mins => least(power(2, greatest(attempts - 1, 0))::integer, 60))
  where id = mail_id and failure is not null;
$$;

COMMENT ON FUNCTION public.finish_lead_mail(mail_id uuid, failure text) IS 'Ends a claimed lead e-mail: without failure it was sent and the row is deleted; with one the row is released and retried after a delay doubling from one minute up to an hour. Service role only.';

REVOKE ALL ON FUNCTION public.finish_lead_mail(mail_id uuid, failure text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.finish_lead_mail(mail_id uuid, failure text) TO service_role;

CREATE TRIGGER contact_messages_queue_lead_mail AFTER INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION public.queue_lead_mail();

CREATE TRIGGER job_applications_queue_lead_mail AFTER INSERT ON public.job_applications FOR EACH ROW EXECUTE FUNCTION public.queue_lead_mail();
