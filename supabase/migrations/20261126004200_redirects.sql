-- Old links keep working: redirects from a path of this site to another path or URL.
--
-- Changing the slug of a post or a solution records a permanent redirect from the old path, in a
-- trigger, whoever changes it and however. Staff add their own (301 or 302). The table never holds
-- a loop or a chain: a redirect's target is never another redirect's source, so one hop always
-- lands on a page. Renaming again moves the earlier redirects to the newest path; a page that comes
-- back to a path (a rename undone, a new post on an old slug) takes that path back from its
-- redirect. The web server keeps a copy in memory and applies it before rendering.

create table public.redirects (
  id uuid primary key default gen_random_uuid(),
  from_path text not null
    check (char_length(from_path) <= 500 and from_path ~ '^/[^[:space:]?#]*$' and from_path !~ '^/(admin|assets|rest|auth|storage)(/|$)'),
  to_path text not null
    check (char_length(to_path) <= 2048 and (to_path ~ '^/[^[:space:]]*$' or to_path ~* '^https?://[^[:space:]/]+[^[:space:]]*$') and to_path !~ '^//'),
  status_code integer not null default 301 check (status_code in (301, 302)),
  -- true for the redirects recorded by a change of slug
  automatic boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  constraint redirects_from_path_key unique (from_path)
);
comment on table public.redirects is
  'Redirects the web server applies before rendering: from a path of this site (lower case, no trailing slash) to a path or an http(s) URL, 301 or 302. No loops, no chains.';
comment on column public.redirects.automatic is 'True when recorded by a change of a post''s or solution''s slug.';

alter table public.redirects enable row level security;
revoke all on table public.redirects from anon, authenticated;
-- Everyone who follows a link learns its redirect anyway; the web server reads them with the anon key.
grant select on table public.redirects to anon, authenticated;
grant insert (from_path, to_path, status_code), update (from_path, to_path, status_code, updated_at), delete on table public.redirects to authenticated;
grant all on table public.redirects to service_role;

create trigger redirects_set_updated_at
  before update on public.redirects
  for each row execute function public.set_updated_at();

create trigger redirects_log after insert or update or delete on public.redirects
  for each row execute function private.log_change('content');

create policy "Redirects are readable by everyone"
  on public.redirects for select to anon, authenticated
  using (true);
-- Admins and editors (content.write) manage redirects, with two-factor when staff must use it.
create policy "Content editors can add redirects"
  on public.redirects for insert to authenticated
  with check ((select public.has_permission('content.write')));
create policy "Content editors can change redirects"
  on public.redirects for update to authenticated
  using ((select public.has_permission('content.write')))
  with check ((select public.has_permission('content.write')));
create policy "Content editors can delete redirects"
  on public.redirects for delete to authenticated
  using ((select public.has_permission('content.write')));
create policy "Two-factor for adding redirects"
  on public.redirects as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Two-factor for changing redirects"
  on public.redirects as restrictive for update to authenticated
  using ((select public.has_required_aal()))
  with check ((select public.has_required_aal()));
create policy "Two-factor for removing redirects"
  on public.redirects as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

create function private.normalized_path(path text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- The router matches case-insensitively and ignores a trailing slash.
  select case when path ~ '^/' and path <> '/' then pg_catalog.lower(pg_catalog.rtrim(path, '/')) else path end
$$;
comment on function private.normalized_path(text) is
  'A site path as the router sees it: lower case, no trailing slash; URLs are left as they are.';
revoke execute on function private.normalized_path(text) from public;
grant execute on function private.normalized_path(text) to authenticated, service_role;

create function private.guard_redirect()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.from_path := coalesce(nullif(private.normalized_path(new.from_path), ''), '/');
  new.to_path := private.normalized_path(new.to_path);
  if new.to_path = new.from_path then
    raise exception using errcode = '23514', message = 'A redirect cannot point to its own path.';
  end if;
  if exists (select 1 from public.redirects as r where r.from_path = new.to_path and r.id <> new.id) then
    raise exception using errcode = '23514',
      message = pg_catalog.format('%s is itself redirected: point to its destination instead.', new.to_path);
  end if;
  if exists (select 1 from public.redirects as r where r.to_path = new.from_path and r.id <> new.id) then
    raise exception using errcode = '23514',
      message = pg_catalog.format('Another redirect points to %s: that would make a chain.', new.from_path);
  end if;
  return new;
end;
$$;
comment on function private.guard_redirect() is
  'BEFORE INSERT OR UPDATE trigger on redirects: normalizes the paths and refuses a loop (to itself) or a chain (a target that is redirected, or a source that is some redirect''s target).';
revoke execute on function private.guard_redirect() from public, anon, authenticated;

create trigger redirects_guard
  before insert or update on public.redirects
  for each row execute function private.guard_redirect();

create function private.record_slug_redirect()
returns trigger
language plpgsql
-- Whoever renames a page (an admin, a script), the redirect is written.
security definer
set search_path = ''
as $$
declare
  prefix text := case tg_table_name when 'blog_posts' then '/resources/blog/' else '/solutions/' end;
  new_path text := prefix || new.slug;
  old_path text;
begin
  -- The page answers at its path again: a redirect from it would hide it.
  delete from public.redirects where from_path = new_path;
  if tg_op = 'UPDATE' and new.slug is distinct from old.slug then
    old_path := prefix || old.slug;
    -- Links to the old path now go straight to the new one (no chain).
    update public.redirects set to_path = new_path where to_path = old_path;
    insert into public.redirects (from_path, to_path, status_code, automatic)
    values (old_path, new_path, 301, true)
    on conflict (from_path) do update set to_path = excluded.to_path, status_code = 301, automatic = true;
  end if;
  return null;
end;
$$;
comment on function private.record_slug_redirect() is
  'AFTER INSERT OR UPDATE OF slug trigger on blog_posts and solutions: records a 301 from the old path to the new one, repoints earlier redirects to the new path, and drops a redirect from the path the page now has.';
revoke execute on function private.record_slug_redirect() from public, anon, authenticated;

create trigger blog_posts_record_slug_redirect
  after insert or update of slug on public.blog_posts
  for each row execute function private.record_slug_redirect();
create trigger solutions_record_slug_redirect
  after insert or update of slug on public.solutions
  for each row execute function private.record_slug_redirect();
