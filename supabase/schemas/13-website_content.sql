-- public.website_content: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE FUNCTION public.is_valid_stats_content(content jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case
    when content -> 'stats' is null then true
    when jsonb_typeof(content -> 'stats') <> 'array' then false
    else not exists (
      select 1
      from jsonb_array_elements(content -> 'stats') as s(item)
      where jsonb_typeof(s.item) <> 'object'
         or (s.item ->> 'icon' is not null
             and s.item ->> 'icon' not in ('Users', 'Building', 'Globe', 'Award'))
    )
  end
$$;

COMMENT ON FUNCTION public.is_valid_stats_content(content jsonb) IS 'True when content.stats (if present) is an array of objects whose icon, when given, is one of Users, Building, Globe, Award. A stat without an icon is allowed because the admin stats editor has no icon field; the site then shows its default icon.';

REVOKE ALL ON FUNCTION public.is_valid_stats_content(content jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_valid_stats_content(content jsonb) TO anon;
GRANT ALL ON FUNCTION public.is_valid_stats_content(content jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.is_valid_stats_content(content jsonb) TO service_role;

CREATE TABLE public.website_content (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    section text NOT NULL,
    key text NOT NULL,
    content jsonb NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    CONSTRAINT website_content_content_is_object CHECK ((jsonb_typeof(content) = 'object'::text)),
    CONSTRAINT website_content_content_size CHECK ((octet_length((content)::text) <= 200000)),
    CONSTRAINT website_content_key_check CHECK (((char_length(key) >= 1) AND (char_length(key) <= 64))),
    CONSTRAINT website_content_section_check CHECK (((char_length(section) >= 1) AND (char_length(section) <= 64))),
    CONSTRAINT website_content_stats_icons CHECK (((section <> 'stats'::text) OR public.is_valid_stats_content(content)))
);

COMMENT ON TABLE public.website_content IS 'Editable copy of the public pages, one JSON object per (section, key): hero/main, stats/main, about/main|mission|vision, contact/main, legal/privacy|terms, footer/main.';

COMMENT ON COLUMN public.website_content.updated_at IS 'Last change, kept by trigger; the legal pages show it as "Last Updated".';

COMMENT ON COLUMN public.website_content.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

ALTER TABLE public.website_content
    ADD CONSTRAINT website_content_hero_image_safe CHECK (((section <> 'hero'::text) OR (jsonb_typeof((content -> 'image'::text)) IS DISTINCT FROM 'string'::text) OR public.is_safe_url((content ->> 'image'::text)))) NOT VALID;

ALTER TABLE ONLY public.website_content
    ADD CONSTRAINT website_content_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.website_content
    ADD CONSTRAINT website_content_section_key_key UNIQUE (section, key);

ALTER TABLE ONLY public.website_content
    ADD CONSTRAINT website_content_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE public.website_content ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.website_content FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.website_content TO service_role;
GRANT SELECT ON TABLE public.website_content TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.website_content TO authenticated;

CREATE FUNCTION public.privacy_notice_version() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- The privacy page's last change (UTC, to the second), or 'built-in' while the site shows the
  -- default text that ships with the code.
  select coalesce(
    (select to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
       from public.website_content as c where c.section = 'legal' and c.key = 'privacy'),
    'built-in')
$$;

COMMENT ON FUNCTION public.privacy_notice_version() IS 'The version of the privacy notice visitors see now: the privacy page''s last change as an ISO UTC timestamp, or "built-in" for the default text. Recorded with every consent.';

REVOKE ALL ON FUNCTION public.privacy_notice_version() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.privacy_notice_version() TO anon;
GRANT ALL ON FUNCTION public.privacy_notice_version() TO authenticated;
GRANT ALL ON FUNCTION public.privacy_notice_version() TO service_role;

CREATE TRIGGER website_content_log AFTER INSERT OR DELETE OR UPDATE ON public.website_content FOR EACH ROW EXECUTE FUNCTION private.log_change('content', 'versioned');

CREATE TRIGGER website_content_require_approval BEFORE INSERT OR UPDATE ON public.website_content FOR EACH ROW EXECUTE FUNCTION private.require_approval();

CREATE TRIGGER website_content_set_updated_at BEFORE INSERT OR UPDATE ON public.website_content FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER website_content_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.website_content FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Content editors can add website content" ON public.website_content
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can delete website content" ON public.website_content
    FOR DELETE TO authenticated
    USING ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can update website content" ON public.website_content
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('content.write')))
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Two-factor for adding website content" ON public.website_content
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing website content" ON public.website_content
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing website content" ON public.website_content
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Website content is readable by everyone" ON public.website_content
    FOR SELECT TO anon, authenticated
    USING (true);
