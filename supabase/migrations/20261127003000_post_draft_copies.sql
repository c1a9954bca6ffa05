-- Draft copies of blog posts: the editor autosaves what is typed into a post's draft copy, never
-- into the post itself, so a published post changes for visitors only when "Update" publishes the
-- copy, and autosaves add no version of the post and no activity beyond the copy's start and end.
--
--   1. public.blog_post_drafts: at most one draft copy per post (its id is the post's), holding the
--      editor's values as JSON; staff who may edit posts read and write it, nobody else sees it.
--   2. public.publish_post_draft(): applies the copy to the post (naming the version the editor
--      opened, so a stale copy is refused as any stale save is) and removes the copy, in one
--      transaction: one version and one activity entry per "Update".
--   3. set_updated_at's refusal names the other editor by name as well as by e-mail.

create table public.blog_post_drafts (
  id uuid primary key references public.blog_posts (id) on delete cascade,
  post_values jsonb not null
    check (jsonb_typeof(post_values) = 'object' and pg_column_size(post_values) <= 400000),
  -- The activity log names a row by its title: "Draft copy of <the post's title>".
  title text generated always as ('Draft copy of ' || left(post_values ->> 'title', 200)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.blog_post_drafts is
  'The autosaved, unpublished edit of a blog post (one per post, id = the post''s id): the editor''s values as JSON. Only staff who may edit posts see it; publish_post_draft() makes it the post.';
comment on column public.blog_post_drafts.post_values is
  'The post''s editable fields as the editor last had them ({title, slug, content, ...}); applied key by key on publish.';
comment on column public.blog_post_drafts.updated_by is
  'The staff member who autosaved it last (set by trigger).';

alter table public.blog_post_drafts enable row level security;
revoke all on table public.blog_post_drafts from public, anon, authenticated;
grant select, insert, update, delete on table public.blog_post_drafts to authenticated;
grant all on table public.blog_post_drafts to service_role;

create policy "Post editors read draft copies"
  on public.blog_post_drafts for select to authenticated
  using ((select public.has_permission('posts.write')));
create policy "Post editors start draft copies"
  on public.blog_post_drafts for insert to authenticated
  with check ((select public.has_permission('posts.write')));
create policy "Post editors autosave draft copies"
  on public.blog_post_drafts for update to authenticated
  using ((select public.has_permission('posts.write')))
  with check ((select public.has_permission('posts.write')));
create policy "Post editors discard draft copies"
  on public.blog_post_drafts for delete to authenticated
  using ((select public.has_permission('posts.write')));

create policy "Two-factor for reading draft copies"
  on public.blog_post_drafts as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Two-factor for starting draft copies"
  on public.blog_post_drafts as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Two-factor for autosaving draft copies"
  on public.blog_post_drafts as restrictive for update to authenticated
  using ((select public.has_required_aal()))
  with check ((select public.has_required_aal()));
create policy "Two-factor for discarding draft copies"
  on public.blog_post_drafts as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

create trigger blog_post_drafts_updated_at
  before update on public.blog_post_drafts
  for each row execute function public.set_updated_at();
-- Starting and ending a copy are logged; its autosaves are not (the post's update is).
create trigger blog_post_drafts_log
  after insert or delete on public.blog_post_drafts
  for each row execute function private.log_change('content');

create function public.publish_post_draft(post_id uuid, version timestamptz default null)
returns void
language plpgsql
-- The caller's own rights decide (row-level security on both tables).
security invoker
set search_path = ''
as $$
declare
  v_values jsonb;
  v_columns text;
  v_updated bigint;
begin
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
$$;
comment on function public.publish_post_draft(uuid, timestamptz) is
  'Makes a post''s draft copy the post (one update: one version, one activity entry) and removes the copy. version: the post''s updated_at as the editor opened it; an older one is refused with 40001 like any stale save.';
revoke execute on function public.publish_post_draft(uuid, timestamptz) from public, anon;
grant execute on function public.publish_post_draft(uuid, timestamptz) to authenticated, service_role;

-- The refusal of a stale save names the other editor as staff know them.
create or replace function public.set_updated_at()
returns trigger
language plpgsql
-- Reads the name and e-mail of the previous editor from auth.users for the refusal's detail.
security definer
set search_path = ''
as $$
declare
  previous_editor uuid := (pg_catalog.to_jsonb(old) ->> 'updated_by')::uuid;
begin
  -- A save names the version it edited; one older than the row's is based on a version someone else
  -- has since replaced. Not naming one (or naming a later time) saves as before.
  if new.updated_at < old.updated_at then
    raise exception using
      errcode = '40001',
      message = 'This record was changed by someone else after you opened it.',
      detail = (
        select pg_catalog.json_build_object(
          'updated_at', old.updated_at,
          'updated_by', u.email,
          'updated_by_name', coalesce(nullif(pg_catalog.btrim(u.raw_user_meta_data ->> 'full_name'), ''), nullif(pg_catalog.btrim(u.raw_user_meta_data ->> 'name'), ''))
        )::text
        from (select 1) as one
        left join auth.users as u on u.id = previous_editor
      ),
      hint = 'Reload the record, or send its current updated_at to keep your version.';
  end if;
  new.updated_at := pg_catalog.now();
  -- Tables without updated_by ignore the key.
  new := pg_catalog.jsonb_populate_record(new, pg_catalog.jsonb_build_object('updated_by', auth.uid()));
  return new;
end;
$$;
comment on function public.set_updated_at() is
  'BEFORE UPDATE trigger of every staff-edited table: refuses (40001) an update that sends an updated_at older than the row''s (a save based on an old version; the detail names who changed it, by e-mail and name, and when), then stamps updated_at with the transaction time and updated_by with the caller.';
revoke execute on function public.set_updated_at() from public, anon, authenticated;
