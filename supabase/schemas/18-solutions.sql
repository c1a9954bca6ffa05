-- public.solutions: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE FUNCTION public.is_feature_list(features jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case
    when features is null or jsonb_typeof(features) <> 'array' then false
    when jsonb_array_length(features) > 50 then false
    else not exists (
      select 1
      from jsonb_array_elements(features) as f(item)
      where jsonb_typeof(f.item) <> 'object'
         or jsonb_typeof(f.item -> 'title') is distinct from 'string'
         or jsonb_typeof(f.item -> 'description') is distinct from 'string'
    )
  end
$$;

COMMENT ON FUNCTION public.is_feature_list(features jsonb) IS 'True for a JSON array (at most 50 items) of objects with string title and description: the shape of solutions.features.';

REVOKE ALL ON FUNCTION public.is_feature_list(features jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_feature_list(features jsonb) TO anon;
GRANT ALL ON FUNCTION public.is_feature_list(features jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.is_feature_list(features jsonb) TO service_role;

CREATE TABLE public.solutions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    category text NOT NULL,
    shortdescription text NOT NULL,
    longdescription text NOT NULL,
    icon text NOT NULL,
    url text NOT NULL,
    features jsonb DEFAULT '[]'::jsonb NOT NULL,
    targetaudience text[] DEFAULT '{}'::text[] NOT NULL,
    status text DEFAULT 'Live'::text NOT NULL,
    metadescription text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    seo_title text,
    social_image text,
    hide_from_search boolean DEFAULT false NOT NULL,
    published boolean DEFAULT true NOT NULL,
    CONSTRAINT solutions_category_check CHECK (((btrim(category) <> ''::text) AND (char_length(category) <= 100))),
    CONSTRAINT solutions_features_check CHECK (public.is_feature_list(features)),
    CONSTRAINT solutions_icon_check CHECK ((icon = ANY (ARRAY['Landmark'::text, 'Bot'::text, 'CreditCard'::text, 'Users'::text, 'GraduationCap'::text, 'Code2'::text]))),
    CONSTRAINT solutions_longdescription_check CHECK (((btrim(longdescription) <> ''::text) AND (char_length(longdescription) <= 20000))),
    CONSTRAINT solutions_metadescription_check CHECK (((btrim(metadescription) <> ''::text) AND (char_length(metadescription) <= 500))),
    CONSTRAINT solutions_seo_title_check CHECK ((char_length(seo_title) <= 200)),
    CONSTRAINT solutions_shortdescription_check CHECK (((btrim(shortdescription) <> ''::text) AND (char_length(shortdescription) <= 1000))),
    CONSTRAINT solutions_slug_check CHECK (((char_length(slug) <= 120) AND (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text))),
    CONSTRAINT solutions_social_image_check CHECK (public.is_safe_url(social_image)),
    CONSTRAINT solutions_status_check CHECK ((status = ANY (ARRAY['Live'::text, 'Development'::text, 'Available'::text]))),
    CONSTRAINT solutions_targetaudience_check CHECK (((cardinality(targetaudience) <= 50) AND (char_length(array_to_string(targetaudience, ''::text)) <= 5000))),
    CONSTRAINT solutions_title_check CHECK (((btrim(title) <> ''::text) AND (char_length(title) <= 200))),
    CONSTRAINT solutions_url_check CHECK (((btrim(url) <> ''::text) AND (char_length(url) <= 2048) AND (url !~* '^[[:space:]]*(javascript|data|vbscript):'::text)))
);

COMMENT ON TABLE public.solutions IS 'Products on /solutions and /solutions/{slug}: copy, key features, target audience and status badge.';

COMMENT ON COLUMN public.solutions.features IS 'JSON array of {title, description}.';

COMMENT ON COLUMN public.solutions.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

COMMENT ON COLUMN public.solutions.seo_title IS 'Title for search results and link previews; the solution''s title when empty.';

COMMENT ON COLUMN public.solutions.social_image IS 'Image for link previews (http(s) or root-relative); none when empty.';

COMMENT ON COLUMN public.solutions.hide_from_search IS 'True: the page asks search engines not to index it (noindex) and leaves the sitemap.';

COMMENT ON COLUMN public.solutions.published IS 'False: hidden from visitors (content editors and reviewers still see it). New solutions wait unpublished while publishing needs approval.';

ALTER TABLE ONLY public.solutions
    ADD CONSTRAINT solutions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.solutions
    ADD CONSTRAINT solutions_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.solutions
    ADD CONSTRAINT solutions_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX solutions_created_at_idx ON public.solutions USING btree (created_at);

ALTER TABLE public.solutions ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.solutions FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.solutions TO service_role;
GRANT SELECT ON TABLE public.solutions TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.solutions TO authenticated;

CREATE TRIGGER solutions_log AFTER INSERT OR DELETE OR UPDATE ON public.solutions FOR EACH ROW EXECUTE FUNCTION private.log_change('content', 'versioned');

CREATE TRIGGER solutions_record_slug_redirect AFTER INSERT OR UPDATE OF slug ON public.solutions FOR EACH ROW EXECUTE FUNCTION private.record_slug_redirect();

CREATE TRIGGER solutions_require_approval BEFORE INSERT OR UPDATE ON public.solutions FOR EACH ROW EXECUTE FUNCTION private.require_approval();

CREATE TRIGGER solutions_set_updated_at BEFORE INSERT OR UPDATE ON public.solutions FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER solutions_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.solutions FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Content editors can add solutions" ON public.solutions
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can delete solutions" ON public.solutions
    FOR DELETE TO authenticated
    USING ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can update solutions" ON public.solutions
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('content.write')))
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Signed-in users can read published solutions, content editors e" ON public.solutions
    FOR SELECT TO authenticated
    USING ((published OR (select public.has_permission('content.write'))));

CREATE POLICY "Two-factor for adding solutions" ON public.solutions
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing solutions" ON public.solutions
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading unpublished solutions" ON public.solutions
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((published OR (select public.has_required_aal())));

CREATE POLICY "Two-factor for removing solutions" ON public.solutions
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Visitors can read published solutions" ON public.solutions
    FOR SELECT TO anon
    USING (published);
