-- public.post_previews: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.post_previews (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    post_id uuid NOT NULL,
    token_hash bytea NOT NULL,
    title text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    created_by uuid,
    expires_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone,
    review_id uuid,
    CONSTRAINT post_previews_revoked_after_created CHECK (((revoked_at IS NULL) OR (revoked_at >= created_at))),
    CONSTRAINT post_previews_title_check CHECK ((char_length(title) <= 300)),
    CONSTRAINT post_previews_token_hash_check CHECK ((octet_length(token_hash) = 32))
);

COMMENT ON TABLE public.post_previews IS 'Preview links of posts not yet live: the sha256 of each link''s token, its expiry and revocation. Created by create_post_preview() (editors) and create_review_preview() (reviewers), read by visitors only through post_preview(token).';

COMMENT ON COLUMN public.post_previews.review_id IS 'Set for a reviewer''s preview: it shows the version under review and works only while that review waits. Editors never see these rows.';

ALTER TABLE ONLY public.post_previews
    ADD CONSTRAINT post_previews_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.post_previews
    ADD CONSTRAINT post_previews_token_hash_key UNIQUE (token_hash);

ALTER TABLE ONLY public.post_previews
    ADD CONSTRAINT post_previews_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.post_previews
    ADD CONSTRAINT post_previews_review_id_fkey FOREIGN KEY (review_id) REFERENCES public.content_reviews(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.post_previews
    ADD CONSTRAINT post_previews_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.blog_posts(id) ON DELETE CASCADE;

CREATE INDEX post_previews_post_idx ON public.post_previews USING btree (post_id, expires_at DESC);

ALTER TABLE public.post_previews ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.post_previews FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.post_previews TO service_role;

GRANT SELECT(id) ON TABLE public.post_previews TO authenticated;

GRANT SELECT(post_id) ON TABLE public.post_previews TO authenticated;

GRANT SELECT(title) ON TABLE public.post_previews TO authenticated;

GRANT SELECT(created_at) ON TABLE public.post_previews TO authenticated;

GRANT SELECT(created_by) ON TABLE public.post_previews TO authenticated;

GRANT SELECT(expires_at) ON TABLE public.post_previews TO authenticated;

GRANT SELECT(revoked_at),UPDATE(revoked_at) ON TABLE public.post_previews TO authenticated;

CREATE FUNCTION public.create_post_preview(post_id uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_post public.blog_posts;
  -- Two version-4 UUIDs: 244 random bits from the server's secure generator.
  v_token text := pg_catalog.encode(pg_catalog.uuid_send(gen_random_uuid()) || pg_catalog.uuid_send(gen_random_uuid()), 'hex');
begin
  if not (public.has_required_aal() and public.has_permission('posts.write')) then
    raise exception using errcode = '42501', message = 'Only post editors can share previews.';
  end if;
  select p.* into v_post from public.blog_posts as p where p.id = create_post_preview.post_id;
  if v_post.id is null then
    raise exception using errcode = 'P0002', message = 'Post not found.';
  end if;
  if v_post.published and v_post.publish_at <= private.clock() then
    raise exception using errcode = '22023', message = 'This post is already published.';
  end if;
  insert into public.post_previews (post_id, token_hash, title, created_by, expires_at)
  values (v_post.id, pg_catalog.sha256(pg_catalog.convert_to(v_token, 'UTF8')), left('Preview of ' || v_post.title, 300),
          auth.uid(), private.clock() + interval '7 days');
  return v_token;
end;
$$;

COMMENT ON FUNCTION public.create_post_preview(post_id uuid) IS 'Makes a 7-day preview link for a draft or scheduled post and returns its token (shown once; only its sha256 is kept). Post editors.';

REVOKE ALL ON FUNCTION public.create_post_preview(post_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.create_post_preview(post_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.create_post_preview(post_id uuid) TO service_role;

CREATE FUNCTION public.create_review_preview(review_id uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_review public.content_reviews;
  -- Two version-4 UUIDs: 244 random bits from the server's secure generator.
  v_token text := pg_catalog.encode(pg_catalog.uuid_send(gen_random_uuid()) || pg_catalog.uuid_send(gen_random_uuid()), 'hex');
begin
  if not (public.has_required_aal() and public.has_permission('content.approve')) then
    raise exception using errcode = '42501', message = 'Only reviewers can preview what waits for review.';
  end if;
  select r.* into v_review from public.content_reviews as r
   where r.id = create_review_preview.review_id and r.kind = 'post' and r.state = 'pending';
  if v_review.id is null then
    raise exception using errcode = 'P0002', message = 'Nothing waits for review here: it was decided, withdrawn by a change, or never asked for.';
  end if;
  insert into public.post_previews (post_id, token_hash, title, created_by, expires_at, review_id)
  values (v_review.item_id, pg_catalog.sha256(pg_catalog.convert_to(v_token, 'UTF8')), left('Preview of ' || v_review.title, 300),
          auth.uid(), private.clock() + interval '7 days', v_review.id);
  return v_token;
end;
$$;

COMMENT ON FUNCTION public.create_review_preview(review_id uuid) IS 'Makes a preview link of the version of a post waiting for review (content.approve) and returns its token (shown once). It shows exactly that version, works while the review waits (7 days at most), and is not listed to editors.';

REVOKE ALL ON FUNCTION public.create_review_preview(review_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.create_review_preview(review_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.create_review_preview(review_id uuid) TO service_role;

CREATE FUNCTION public.post_preview(token text) RETURNS SETOF public.blog_posts
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- A reviewer's link shows the version under review, not whatever the post holds now.
  select (case when v.review_id is null then p else pg_catalog.jsonb_populate_record(p, r.content) end).*
  from public.post_previews as v
  join public.blog_posts as p on p.id = v.post_id
  left join public.content_reviews as r on r.id = v.review_id
  where char_length(post_preview.token) between 32 and 128
    and v.token_hash = pg_catalog.sha256(pg_catalog.convert_to(post_preview.token, 'UTF8'))
    and v.revoked_at is null
    and v.expires_at > private.clock()
    and (v.review_id is null or r.state = 'pending')
$$;

COMMENT ON FUNCTION public.post_preview(token text) IS 'The post a preview link shows (a reviewer''s link: the version under review, while it waits): a row only for a known, unexpired, unrevoked token; nothing otherwise. Callable by visitors.';

REVOKE ALL ON FUNCTION public.post_preview(token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.post_preview(token text) TO anon;
GRANT ALL ON FUNCTION public.post_preview(token text) TO authenticated;
GRANT ALL ON FUNCTION public.post_preview(token text) TO service_role;

CREATE TRIGGER post_previews_log AFTER INSERT OR DELETE OR UPDATE ON public.post_previews FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE POLICY "Post editors can read preview links" ON public.post_previews
    FOR SELECT TO authenticated
    USING (((review_id IS NULL) AND (select public.has_permission('posts.write'))));

CREATE POLICY "Post editors can revoke preview links" ON public.post_previews
    FOR UPDATE TO authenticated
    USING (((review_id IS NULL) AND (select public.has_permission('posts.write'))))
    WITH CHECK (((review_id IS NULL) AND (select public.has_permission('posts.write')) AND (revoked_at IS NOT NULL)));

CREATE POLICY "Two-factor for reading preview links" ON public.post_previews
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for revoking preview links" ON public.post_previews
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));
