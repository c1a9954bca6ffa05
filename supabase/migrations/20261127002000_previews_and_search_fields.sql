-- Preview links for posts not yet live, and search and social fields on posts and solutions.
--
-- A preview link is /preview/{token}: the token is 32 random bytes made here, handed to the editor
-- once and stored only as its sha256. A link lives 7 days unless revoked. Visitors reach the post
-- through one function, public.post_preview(token), which answers only for a valid, unexpired,
-- unrevoked token; the table itself is for staff who write posts, and never shows the hash.

-- Search and social fields ---------------------------------------------------------------------------

alter table public.blog_posts
  add column seo_title text check (char_length(seo_title) <= 200),
  add column seo_description text check (char_length(seo_description) <= 500),
  add column social_image text check (public.is_safe_url(social_image)),
  add column hide_from_search boolean not null default false;
comment on column public.blog_posts.seo_title is 'Title for search results and link previews; the post''s title when empty.';
comment on column public.blog_posts.seo_description is 'Description for search results and link previews; the excerpt when empty.';
comment on column public.blog_posts.social_image is 'Image for link previews (http(s) or root-relative); the featured image when empty.';
comment on column public.blog_posts.hide_from_search is 'True: the page asks search engines not to index it (noindex) and leaves the sitemap.';

alter table public.solutions
  add column seo_title text check (char_length(seo_title) <= 200),
  add column social_image text check (public.is_safe_url(social_image)),
  add column hide_from_search boolean not null default false;
comment on column public.solutions.seo_title is 'Title for search results and link previews; the solution''s title when empty.';
comment on column public.solutions.social_image is 'Image for link previews (http(s) or root-relative); none when empty.';
comment on column public.solutions.hide_from_search is 'True: the page asks search engines not to index it (noindex) and leaves the sitemap.';

-- Preview links --------------------------------------------------------------------------------------

create table public.post_previews (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  -- sha256 of the token; the token itself is never stored.
  token_hash bytea not null check (octet_length(token_hash) = 32),
  -- "Preview of <post title>", as the activity log names the link.
  title text not null check (char_length(title) <= 300),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  constraint post_previews_token_hash_key unique (token_hash),
  constraint post_previews_revoked_after_created check (revoked_at is null or revoked_at >= created_at)
);
comment on table public.post_previews is
  'Preview links of posts not yet live: the sha256 of each link''s token, its expiry and revocation. Created by create_post_preview(), read by visitors only through post_preview(token).';

create index post_previews_post_idx on public.post_previews (post_id, expires_at desc);

alter table public.post_previews enable row level security;
revoke all on table public.post_previews from anon, authenticated;
-- The hash is not among the columns staff can read: a leaked list opens no preview.
grant select (id, post_id, title, created_at, created_by, expires_at, revoked_at) on table public.post_previews to authenticated;
grant update (revoked_at) on table public.post_previews to authenticated;
grant all on table public.post_previews to service_role;

create trigger post_previews_log after insert or update or delete on public.post_previews
  for each row execute function private.log_change('content');

create policy "Post editors can read preview links"
  on public.post_previews for select to authenticated
  using ((select public.has_permission('posts.write')));
create policy "Post editors can revoke preview links"
  on public.post_previews for update to authenticated
  using ((select public.has_permission('posts.write')))
  with check ((select public.has_permission('posts.write')) and revoked_at is not null);
create policy "Two-factor for reading preview links"
  on public.post_previews as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Two-factor for revoking preview links"
  on public.post_previews as restrictive for update to authenticated
  using ((select public.has_required_aal()))
  with check ((select public.has_required_aal()));

create function public.create_post_preview(post_id uuid)
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
  if not (public.has_permission('posts.write') and public.has_required_aal()) then
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
  'Makes a 7-day preview link for a draft or scheduled post and returns its token (shown once; only its sha256 is kept). Post editors only.';
revoke execute on function public.create_post_preview(uuid) from public, anon;
grant execute on function public.create_post_preview(uuid) to authenticated, service_role;

create function public.post_preview(token text)
returns setof public.blog_posts
language sql
stable
security definer
set search_path = ''
as $$
  select p.*
  from public.post_previews as v
  join public.blog_posts as p on p.id = v.post_id
  where char_length(post_preview.token) between 32 and 128
    and v.token_hash = pg_catalog.sha256(pg_catalog.convert_to(post_preview.token, 'UTF8'))
    and v.revoked_at is null
    and v.expires_at > private.clock()
$$;
comment on function public.post_preview(text) is
  'The post a preview link shows: a row only for a known, unexpired, unrevoked token; nothing otherwise. Callable by visitors.';
revoke execute on function public.post_preview(text) from public;
grant execute on function public.post_preview(text) to anon, authenticated, service_role;
