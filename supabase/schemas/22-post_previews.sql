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
    CONSTRAINT post_previews_revoked_after_created CHECK (((revoked_at IS NULL) OR (revoked_at >= created_at))),
    CONSTRAINT post_previews_title_check CHECK ((char_length(title) <= 300)),
    CONSTRAINT post_previews_token_hash_check CHECK ((octet_length(token_hash) = 32))
);

COMMENT ON TABLE public.post_previews IS 'Preview links of posts not yet live: the sha256 of each link''s token, its expiry and revocation. Created by create_post_preview(), read by visitors only through post_preview(token).';

ALTER TABLE ONLY public.post_previews
    ADD CONSTRAINT post_previews_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.post_previews
    ADD CONSTRAINT post_previews_token_hash_key UNIQUE (token_hash);

ALTER TABLE ONLY public.post_previews
    ADD CONSTRAINT post_previews_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

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
  if not (
    public.has_required_aal()
    and (
      public.has_permission('posts.write')
      or (public.has_permission('content.approve') and exists (
        select 1 from public.content_reviews as r
         where r.kind = 'post' and r.item_id = create_post_preview.post_id and r.state = 'pending'))
    )
  ) then
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

COMMENT ON FUNCTION public.create_post_preview(post_id uuid) IS 'Makes a 7-day preview link for a draft or scheduled post and returns its token (shown once; only its sha256 is kept). Post editors, and reviewers (content.approve) of a post waiting for review.';

REVOKE ALL ON FUNCTION public.create_post_preview(post_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.create_post_preview(post_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.create_post_preview(post_id uuid) TO service_role;

CREATE FUNCTION public.post_preview(token text) RETURNS SETOF public.blog_posts
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select p.*
  from public.post_previews as v
  join public.blog_posts as p on p.id = v.post_id
  where char_length(post_preview.token) between 32 and 128
    and v.token_hash = pg_catalog.sha256(pg_catalog.convert_to(post_preview.token, 'UTF8'))
    and v.revoked_at is null
    and v.expires_at > private.clock()
$$;

COMMENT ON FUNCTION public.post_preview(token text) IS 'The post a preview link shows: a row only for a known, unexpired, unrevoked token; nothing otherwise. Callable by visitors.';

REVOKE ALL ON FUNCTION public.post_preview(token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.post_preview(token text) TO anon;
GRANT ALL ON FUNCTION public.post_preview(token text) TO authenticated;
GRANT ALL ON FUNCTION public.post_preview(token text) TO service_role;

CREATE TRIGGER post_previews_log AFTER INSERT OR DELETE OR UPDATE ON public.post_previews FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE POLICY "Post editors can read preview links" ON public.post_previews
    FOR SELECT TO authenticated
    USING ((select public.has_permission('posts.write')));

CREATE POLICY "Post editors can revoke preview links" ON public.post_previews
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('posts.write')))
    WITH CHECK (((select public.has_permission('posts.write')) AND (revoked_at IS NOT NULL)));

CREATE POLICY "Two-factor for reading preview links" ON public.post_previews
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for revoking preview links" ON public.post_previews
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));
