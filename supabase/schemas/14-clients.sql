-- public.clients: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.clients (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    icon text DEFAULT 'Building'::text NOT NULL,
    logo_url text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    published boolean DEFAULT true NOT NULL,
    CONSTRAINT clients_icon_check CHECK ((icon = ANY (ARRAY['Building'::text, 'Feather'::text, 'Globe'::text, 'Zap'::text, 'Sun'::text, 'Wind'::text, 'Anchor'::text, 'Gem'::text]))),
    CONSTRAINT clients_logo_url_check CHECK (public.is_safe_url(logo_url)),
    CONSTRAINT clients_name_check CHECK (((btrim(name) <> ''::text) AND (char_length(name) <= 200)))
);

COMMENT ON TABLE public.clients IS 'Client companies shown in the logo marquee: the logo image when logo_url is set, otherwise the named icon.';

COMMENT ON COLUMN public.clients.published IS 'False: hidden from visitors (content editors still see it). A new one waits unpublished while publishing needs approval.';

COMMENT ON COLUMN public.clients.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX clients_name_idx ON public.clients USING btree (name);

ALTER TABLE public.clients ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.clients FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.clients TO service_role;
GRANT SELECT ON TABLE public.clients TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.clients TO authenticated;

CREATE TRIGGER clients_log AFTER INSERT OR DELETE OR UPDATE ON public.clients FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE TRIGGER clients_require_approval BEFORE INSERT OR UPDATE ON public.clients FOR EACH ROW EXECUTE FUNCTION private.require_approval();

CREATE TRIGGER clients_set_updated_at BEFORE INSERT OR UPDATE ON public.clients FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER clients_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.clients FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Staff read published clients, content editors all" ON public.clients
    FOR SELECT TO authenticated
    USING ((published OR (select public.has_permission('content.write'))));

CREATE POLICY "Two-factor for reading unpublished clients" ON public.clients
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((published OR (select public.has_required_aal())));

CREATE POLICY "Visitors can read published clients" ON public.clients
    FOR SELECT TO anon
    USING (published);

CREATE POLICY "Content editors can add clients" ON public.clients
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can delete clients" ON public.clients
    FOR DELETE TO authenticated
    USING ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can update clients" ON public.clients
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('content.write')))
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Two-factor for adding clients" ON public.clients
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing clients" ON public.clients
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing clients" ON public.clients
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));
