-- public.solution_drafts: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.solution_drafts (
    id uuid NOT NULL,
    solution_values jsonb NOT NULL,
    title text GENERATED ALWAYS AS (('Draft copy of '::text || "left"((solution_values ->> 'title'::text), 200))) STORED,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    CONSTRAINT solution_drafts_solution_values_check CHECK (((jsonb_typeof(solution_values) = 'object'::text) AND (pg_column_size(solution_values) <= 400000)))
);

COMMENT ON TABLE public.solution_drafts IS 'The unpublished edit of a live solution (one per solution, id = the solution''s id): its fields as JSON. Content editors read and write it; approving a review applies it.';

ALTER TABLE ONLY public.solution_drafts
    ADD CONSTRAINT solution_drafts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.solution_drafts
    ADD CONSTRAINT solution_drafts_id_fkey FOREIGN KEY (id) REFERENCES public.solutions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.solution_drafts
    ADD CONSTRAINT solution_drafts_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE public.solution_drafts ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.solution_drafts FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.solution_drafts TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.solution_drafts TO authenticated;

CREATE TRIGGER solution_drafts_log AFTER INSERT OR DELETE ON public.solution_drafts FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE TRIGGER solution_drafts_updated_at BEFORE INSERT OR UPDATE ON public.solution_drafts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER solution_drafts_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.solution_drafts FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Content editors change solution draft copies" ON public.solution_drafts
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('content.write')))
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Content editors discard solution draft copies" ON public.solution_drafts
    FOR DELETE TO authenticated
    USING ((select public.has_permission('content.write')));

CREATE POLICY "Content editors read solution draft copies" ON public.solution_drafts
    FOR SELECT TO authenticated
    USING ((select public.has_permission('content.write')));

CREATE POLICY "Content editors start solution draft copies" ON public.solution_drafts
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Two-factor for changing solution draft copies" ON public.solution_drafts
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for discarding solution draft copies" ON public.solution_drafts
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading solution draft copies" ON public.solution_drafts
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for starting solution draft copies" ON public.solution_drafts
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));
