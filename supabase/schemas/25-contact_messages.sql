-- public.contact_messages: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.contact_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    interested_in text,
    message text NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    client_key text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    consent_at timestamp with time zone,
    privacy_notice_version text,
    CONSTRAINT contact_messages_client_key_check CHECK ((client_key ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT contact_messages_email_check CHECK (public.is_email(email)),
    CONSTRAINT contact_messages_first_name_check CHECK (((btrim(first_name) <> ''::text) AND (char_length(first_name) <= 100))),
    CONSTRAINT contact_messages_interested_in_check CHECK ((char_length(interested_in) <= 200)),
    CONSTRAINT contact_messages_last_name_check CHECK (((btrim(last_name) <> ''::text) AND (char_length(last_name) <= 100))),
    CONSTRAINT contact_messages_message_check CHECK (((btrim(message) <> ''::text) AND (char_length(message) <= 5000))),
    CONSTRAINT contact_messages_privacy_notice_version_check CHECK ((char_length(privacy_notice_version) <= 40)),
    CONSTRAINT contact_messages_status_check CHECK ((status = ANY (ARRAY['new'::text, 'handled'::text])))
);

COMMENT ON TABLE public.contact_messages IS 'Messages from the /contact form, listed in the admin Inbox. Visitors may only insert; admins read, mark handled and delete.';

COMMENT ON COLUMN public.contact_messages.client_key IS 'Hash of the sender''s forwarded address, set by trigger for the flood limit; never the raw IP.';

COMMENT ON COLUMN public.contact_messages.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

COMMENT ON COLUMN public.contact_messages.consent_at IS 'When the sender agreed to the privacy notice (the time of sending).';

COMMENT ON COLUMN public.contact_messages.privacy_notice_version IS 'The privacy notice in force when the message was sent (privacy_notice_version()).';

ALTER TABLE ONLY public.contact_messages
    ADD CONSTRAINT contact_messages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.contact_messages
    ADD CONSTRAINT contact_messages_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX contact_messages_created_at_idx ON public.contact_messages USING btree (created_at DESC);

ALTER TABLE public.contact_messages ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.contact_messages FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.contact_messages TO service_role;
GRANT SELECT,DELETE ON TABLE public.contact_messages TO authenticated;

GRANT INSERT(first_name) ON TABLE public.contact_messages TO anon;
GRANT INSERT(first_name) ON TABLE public.contact_messages TO authenticated;

GRANT INSERT(last_name) ON TABLE public.contact_messages TO anon;
GRANT INSERT(last_name) ON TABLE public.contact_messages TO authenticated;

GRANT INSERT(email) ON TABLE public.contact_messages TO anon;
GRANT INSERT(email) ON TABLE public.contact_messages TO authenticated;

GRANT INSERT(interested_in) ON TABLE public.contact_messages TO anon;
GRANT INSERT(interested_in) ON TABLE public.contact_messages TO authenticated;

GRANT INSERT(message) ON TABLE public.contact_messages TO anon;
GRANT INSERT(message) ON TABLE public.contact_messages TO authenticated;

GRANT UPDATE(status) ON TABLE public.contact_messages TO authenticated;

CREATE FUNCTION public.stamp_consent() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  -- Stamped by the database, so a visitor cannot claim another time or notice.
  new.consent_at := now();
  new.privacy_notice_version := public.privacy_notice_version();
  return new;
end;
$$;

COMMENT ON FUNCTION public.stamp_consent() IS 'BEFORE INSERT on contact_messages and job_applications: records the time of consent and the privacy notice in force.';

REVOKE ALL ON FUNCTION public.stamp_consent() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.stamp_consent() TO service_role;

CREATE FUNCTION public.guard_contact_message() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.client_key := public.request_client_key();
  perform public.enforce_submission_limit('contact', new.email, 5, 20);
  return new;
end;
$$;

COMMENT ON FUNCTION public.guard_contact_message() IS 'BEFORE INSERT on contact_messages: stamps client_key and applies the flood limit (5 per e-mail and 20 per client per hour).';

REVOKE ALL ON FUNCTION public.guard_contact_message() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.guard_contact_message() TO service_role;

CREATE TRIGGER contact_messages_guard BEFORE INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION public.guard_contact_message();

CREATE TRIGGER contact_messages_log AFTER DELETE OR UPDATE ON public.contact_messages FOR EACH ROW WHEN ((COALESCE(current_setting('privacy.quiet'::text, true), ''::text) <> 'on'::text)) EXECUTE FUNCTION private.log_change('leads');

CREATE TRIGGER contact_messages_set_updated_at BEFORE INSERT OR UPDATE ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER contact_messages_stamp_consent BEFORE INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION public.stamp_consent();

CREATE POLICY "Lead handlers can delete contact messages" ON public.contact_messages
    FOR DELETE TO authenticated
    USING ((select public.has_permission('leads.write')));

CREATE POLICY "Lead handlers can mark contact messages" ON public.contact_messages
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('leads.write')))
    WITH CHECK ((select public.has_permission('leads.write')));

CREATE POLICY "Lead readers can read contact messages" ON public.contact_messages
    FOR SELECT TO authenticated
    USING ((select public.has_permission('leads.read')));

CREATE POLICY "Two-factor for changing contact messages" ON public.contact_messages
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading contact messages" ON public.contact_messages
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing contact messages" ON public.contact_messages
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Visitors can send contact messages" ON public.contact_messages
    FOR INSERT TO anon, authenticated
    WITH CHECK ((status = 'new'));
