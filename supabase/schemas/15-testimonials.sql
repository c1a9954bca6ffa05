-- public.testimonials: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.testimonials (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    quote text NOT NULL,
    name text NOT NULL,
    title text NOT NULL,
    avatar text NOT NULL,
    rating integer DEFAULT 5 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    published boolean DEFAULT true NOT NULL,
    CONSTRAINT testimonials_avatar_check CHECK (public.is_safe_url(avatar)),
    CONSTRAINT testimonials_name_check CHECK (((btrim(name) <> ''::text) AND (char_length(name) <= 200))),
    CONSTRAINT testimonials_quote_check CHECK (((btrim(quote) <> ''::text) AND (char_length(quote) <= 2000))),
    CONSTRAINT testimonials_rating_check CHECK (((rating >= 1) AND (rating <= 5))),
    CONSTRAINT testimonials_title_check CHECK (((btrim(title) <> ''::text) AND (char_length(title) <= 200)))
);

COMMENT ON TABLE public.testimonials IS 'Customer quotes for the home carousel and /clients, with a star rating from 1 to 5.';

COMMENT ON COLUMN public.testimonials.published IS 'False: hidden from visitors (content editors still see it). A new one waits unpublished while publishing needs approval.';

COMMENT ON COLUMN public.testimonials.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

ALTER TABLE ONLY public.testimonials
    ADD CONSTRAINT testimonials_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.testimonials
    ADD CONSTRAINT testimonials_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX testimonials_created_at_idx ON public.testimonials USING btree (created_at);

ALTER TABLE public.testimonials ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.testimonials FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.testimonials TO service_role;
GRANT SELECT ON TABLE public.testimonials TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.testimonials TO authenticated;

CREATE TRIGGER testimonials_log AFTER INSERT OR DELETE OR UPDATE ON public.testimonials FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE TRIGGER testimonials_require_approval BEFORE INSERT OR UPDATE ON public.testimonials FOR EACH ROW EXECUTE FUNCTION private.require_approval();

CREATE TRIGGER testimonials_set_updated_at BEFORE INSERT OR UPDATE ON public.testimonials FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER testimonials_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.testimonials FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Content editors can add testimonials" ON public.testimonials
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can delete testimonials" ON public.testimonials
    FOR DELETE TO authenticated
    USING ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can update testimonials" ON public.testimonials
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('content.write')))
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Staff read published testimonials, content editors all" ON public.testimonials
    FOR SELECT TO authenticated
    USING ((published OR (select public.has_permission('content.write'))));

CREATE POLICY "Two-factor for reading unpublished testimonials" ON public.testimonials
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((published OR (select public.has_required_aal())));

CREATE POLICY "Visitors can read published testimonials" ON public.testimonials
    FOR SELECT TO anon
    USING (published);

CREATE POLICY "Two-factor for adding testimonials" ON public.testimonials
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing testimonials" ON public.testimonials
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing testimonials" ON public.testimonials
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));
