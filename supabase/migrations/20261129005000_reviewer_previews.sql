-- A reviewer sees a post waiting for approval as visitors will: content.approve holders may make a
-- preview link of a post while a review of it is pending, and of nothing else; post editors keep
-- making them for any post not yet live.
create or replace function public.create_post_preview(post_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
comment on function public.create_post_preview(uuid) is
  'Makes a 7-day preview link for a draft or scheduled post and returns its token (shown once; only its sha256 is kept). Post editors, and reviewers (content.approve) of a post waiting for review.';
