-- public.blog_posts: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.blog_posts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    slug text NOT NULL,
    title text NOT NULL,
    excerpt text NOT NULL,
    content text NOT NULL,
    category text NOT NULL,
    featured_image text NOT NULL,
    author_name text NOT NULL,
    author_avatar text,
    published boolean DEFAULT true NOT NULL,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    publish_at timestamp with time zone NOT NULL,
    updated_by uuid,
    seo_title text,
    seo_description text,
    social_image text,
    hide_from_search boolean DEFAULT false NOT NULL,
    CONSTRAINT blog_posts_author_avatar_check CHECK (public.is_safe_url(author_avatar)),
    CONSTRAINT blog_posts_author_name_check CHECK (((btrim(author_name) <> ''::text) AND (char_length(author_name) <= 200))),
    CONSTRAINT blog_posts_category_check CHECK (((btrim(category) <> ''::text) AND (char_length(category) <= 100))),
    CONSTRAINT blog_posts_content_check CHECK (((btrim(content) <> ''::text) AND (char_length(content) <= 200000))),
    CONSTRAINT blog_posts_excerpt_check CHECK (((btrim(excerpt) <> ''::text) AND (char_length(excerpt) <= 1000))),
    CONSTRAINT blog_posts_featured_image_check CHECK (public.is_safe_url(featured_image)),
    CONSTRAINT blog_posts_seo_description_check CHECK ((char_length(seo_description) <= 500)),
    CONSTRAINT blog_posts_seo_title_check CHECK ((char_length(seo_title) <= 200)),
    CONSTRAINT blog_posts_slug_check CHECK (((char_length(slug) <= 120) AND (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text))),
    CONSTRAINT blog_posts_social_image_check CHECK (public.is_safe_url(social_image)),
    CONSTRAINT blog_posts_tags_check CHECK (((cardinality(tags) <= 50) AND (char_length(array_to_string(tags, ''::text)) <= 2000))),
    CONSTRAINT blog_posts_title_check CHECK (((btrim(title) <> ''::text) AND (char_length(title) <= 200)))
);

COMMENT ON TABLE public.blog_posts IS 'Articles on /resources. Drafts (published = false) are visible to admins only. content is HTML, sanitized by the app on save and on render.';

COMMENT ON COLUMN public.blog_posts.publish_at IS 'When a published post goes live (UTC); a later time schedules it. Defaults to the creation time. The date the site shows.';

COMMENT ON COLUMN public.blog_posts.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

COMMENT ON COLUMN public.blog_posts.seo_title IS 'Title for search results and link previews; the post''s title when empty.';

COMMENT ON COLUMN public.blog_posts.seo_description IS 'Description for search results and link previews; the excerpt when empty.';

COMMENT ON COLUMN public.blog_posts.social_image IS 'Image for link previews (http(s) or root-relative); the featured image when empty.';

COMMENT ON COLUMN public.blog_posts.hide_from_search IS 'True: the page asks search engines not to index it (noindex) and leaves the sitemap.';

ALTER TABLE ONLY public.blog_posts
    ADD CONSTRAINT blog_posts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.blog_posts
    ADD CONSTRAINT blog_posts_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.blog_posts
    ADD CONSTRAINT blog_posts_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX blog_posts_category_idx ON public.blog_posts USING btree (category) WHERE published;

CREATE INDEX blog_posts_created_at_idx ON public.blog_posts USING btree (created_at DESC);

CREATE INDEX blog_posts_published_publish_at_idx ON public.blog_posts USING btree (publish_at DESC) WHERE published;

ALTER TABLE public.blog_posts ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.blog_posts FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_posts TO service_role;
GRANT SELECT ON TABLE public.blog_posts TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_posts TO authenticated;

CREATE FUNCTION private.default_publish_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.publish_at := coalesce(new.publish_at, new.created_at, pg_catalog.now());
  return new;
end;
$$;

COMMENT ON FUNCTION private.default_publish_at() IS 'BEFORE INSERT trigger on blog_posts: a post given no publish_at goes live when it is created.';

REVOKE ALL ON FUNCTION private.default_publish_at() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER blog_posts_default_publish_at BEFORE INSERT ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION private.default_publish_at();

CREATE TRIGGER blog_posts_log AFTER INSERT OR DELETE OR UPDATE ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION private.log_change('content', 'versioned');

CREATE TRIGGER blog_posts_record_slug_redirect AFTER INSERT OR UPDATE OF slug ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION private.record_slug_redirect();

CREATE TRIGGER blog_posts_require_approval BEFORE INSERT OR UPDATE ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION private.require_approval();

CREATE TRIGGER blog_posts_set_updated_at BEFORE INSERT OR UPDATE ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER blog_posts_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Post editors can add posts" ON public.blog_posts
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('posts.write')));

CREATE POLICY "Post editors can delete posts" ON public.blog_posts
    FOR DELETE TO authenticated
    USING ((select public.has_permission('posts.write')));

CREATE POLICY "Post editors can update posts" ON public.blog_posts
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('posts.write')))
    WITH CHECK ((select public.has_permission('posts.write')));

CREATE POLICY "Signed-in users can read live posts, post editors every post" ON public.blog_posts
    FOR SELECT TO authenticated
    USING (((published AND (publish_at <= (select private.clock()))) OR (select public.has_permission('posts.write'))));

CREATE POLICY "Two-factor for adding blog posts" ON public.blog_posts
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing blog posts" ON public.blog_posts
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading drafts" ON public.blog_posts
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((published OR (select public.has_required_aal())));

CREATE POLICY "Two-factor for removing blog posts" ON public.blog_posts
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Visitors can read live posts" ON public.blog_posts
    FOR SELECT TO anon
    USING ((published AND (publish_at <= (select private.clock()))));
