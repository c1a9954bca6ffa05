-- public.blog_post_drafts: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.blog_post_drafts (
    id uuid NOT NULL,
    post_values jsonb NOT NULL,
    title text GENERATED ALWAYS AS (('Draft copy of '::text || "left"((post_values ->> 'title'::text), 200))) STORED,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    CONSTRAINT blog_post_drafts_post_values_check CHECK (((jsonb_typeof(post_values) = 'object'::text) AND (pg_column_size(post_values) <= 400000)))
);

COMMENT ON TABLE public.blog_post_drafts IS 'The autosaved, unpublished edit of a blog post (one per post, id = the post''s id): the editor''s values as JSON. Only staff who may edit posts see it; publish_post_draft() makes it the post.';

COMMENT ON COLUMN public.blog_post_drafts.post_values IS 'The post''s editable fields as the editor last had them ({title, slug, content, ...}); applied key by key on publish.';

COMMENT ON COLUMN public.blog_post_drafts.updated_by IS 'The staff member who autosaved it last (set by trigger).';

ALTER TABLE ONLY public.blog_post_drafts
    ADD CONSTRAINT blog_post_drafts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.blog_post_drafts
    ADD CONSTRAINT blog_post_drafts_id_fkey FOREIGN KEY (id) REFERENCES public.blog_posts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blog_post_drafts
    ADD CONSTRAINT blog_post_drafts_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE public.blog_post_drafts ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.blog_post_drafts FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_post_drafts TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_post_drafts TO authenticated;

CREATE FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_values jsonb;
  v_columns text;
  v_updated bigint;
begin
  if not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to publish a draft copy.';
  end if;
  select d.post_values into v_values from public.blog_post_drafts as d where d.id = publish_post_draft.post_id;
  if v_values is null then
    raise exception using errcode = 'P0002', message = 'This post has no draft copy.';
  end if;
  -- Every editable column the copy holds; identity and bookkeeping columns never come from it.
  select string_agg(pg_catalog.format('%I = r.%I', a.attname, a.attname), ', ')
    into v_columns
    from pg_catalog.pg_attribute as a
   where a.attrelid = 'public.blog_posts'::pg_catalog.regclass
     and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and a.attname not in ('id', 'created_at', 'updated_at', 'updated_by')
     and v_values ? a.attname;
  if v_columns is null then
    raise exception using errcode = '22023', message = 'The draft copy holds no field of the post.';
  end if;
  -- Naming the version the editor opened refuses the copy (40001) when someone saved the post since.
  execute pg_catalog.format(
    'update public.blog_posts as p set %s, updated_at = coalesce($2, p.updated_at)
       from pg_catalog.jsonb_populate_record(null::public.blog_posts, $1) as r
      where p.id = $3', v_columns)
    using v_values, version, post_id;
  get diagnostics v_updated = row_count;
  -- The copy stays when the post could not be changed (row-level security hid it).
  if v_updated = 0 then
    raise exception using errcode = '42501', message = 'You cannot update this post.';
  end if;
  delete from public.blog_post_drafts as d where d.id = publish_post_draft.post_id;
end;
$_$;

COMMENT ON FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone) IS 'Makes a post''s draft copy the post (one update: one version, one activity entry) and removes the copy. version: the post''s updated_at as the editor opened it; an older one is refused with 40001 like any stale save.';

REVOKE ALL ON FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone) TO service_role;

CREATE TRIGGER blog_post_drafts_log AFTER INSERT OR DELETE ON public.blog_post_drafts FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE TRIGGER blog_post_drafts_updated_at BEFORE INSERT OR UPDATE ON public.blog_post_drafts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER blog_post_drafts_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.blog_post_drafts FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Post editors autosave draft copies" ON public.blog_post_drafts
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('posts.write')))
    WITH CHECK ((select public.has_permission('posts.write')));

CREATE POLICY "Post editors discard draft copies" ON public.blog_post_drafts
    FOR DELETE TO authenticated
    USING ((select public.has_permission('posts.write')));

CREATE POLICY "Post editors read draft copies" ON public.blog_post_drafts
    FOR SELECT TO authenticated
    USING ((select public.has_permission('posts.write')));

CREATE POLICY "Post editors start draft copies" ON public.blog_post_drafts
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('posts.write')));

CREATE POLICY "Two-factor for autosaving draft copies" ON public.blog_post_drafts
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for discarding draft copies" ON public.blog_post_drafts
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading draft copies" ON public.blog_post_drafts
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for starting draft copies" ON public.blog_post_drafts
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));
