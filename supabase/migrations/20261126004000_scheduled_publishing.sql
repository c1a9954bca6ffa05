-- Scheduled publishing, with nothing to run at the scheduled minute.
--
-- A post is a draft (published = false), scheduled (published, publish_at still ahead) or published
-- (published, publish_at reached). Visitors see a post only when it is published and its time has
-- come, in the row-level-security policy itself, so every public reader (lists, the post's page,
-- related posts, search, sitemap, feed) follows at once. A job opening may have a closing date:
-- after it the opening leaves /careers and accepts no application. Times are stored in UTC; the
-- company's time zone (site setting time_zone, default Africa/Lagos) is how the back office shows
-- and takes them.

-- The clock -----------------------------------------------------------------------------------------

create function private.clock()
returns timestamptz
language sql
stable
set search_path = ''
as $$
  -- app.clock lets a test move time; no API route can set a setting, so visitors cannot.
  select coalesce(nullif(pg_catalog.current_setting('app.clock', true), '')::timestamptz, pg_catalog.now())
$$;
comment on function private.clock() is
  'The time that decides what visitors see: now(), unless a test has set app.clock.';
revoke execute on function private.clock() from public;
grant execute on function private.clock() to anon, authenticated, service_role;

-- blog_posts.publish_at -----------------------------------------------------------------------------

alter table public.blog_posts add column publish_at timestamptz;
alter table public.blog_posts disable trigger blog_posts_set_updated_at;
update public.blog_posts set publish_at = created_at;
alter table public.blog_posts enable trigger blog_posts_set_updated_at;
alter table public.blog_posts alter column publish_at set not null;
comment on column public.blog_posts.publish_at is
  'When a published post goes live (UTC); a later time schedules it. Defaults to the creation time. The date the site shows.';

create function private.default_publish_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.publish_at := coalesce(new.publish_at, new.created_at, pg_catalog.now());
  return new;
end;
$$;
comment on function private.default_publish_at() is
  'BEFORE INSERT trigger on blog_posts: a post given no publish_at goes live when it is created.';
revoke execute on function private.default_publish_at() from public, anon, authenticated;

create trigger blog_posts_default_publish_at
  before insert on public.blog_posts
  for each row execute function private.default_publish_at();

drop index public.blog_posts_published_created_at_idx;
create index blog_posts_published_publish_at_idx on public.blog_posts (publish_at desc) where published;

drop policy "Published posts are readable by everyone, drafts by post editors" on public.blog_posts;
create policy "Live posts are readable by everyone, every post by post editors"
  on public.blog_posts for select to anon, authenticated
  using ((published and publish_at <= (select private.clock())) or (select public.has_permission('posts.write')));

-- job_openings.closes_at ----------------------------------------------------------------------------

alter table public.job_openings add column closes_at timestamptz;
comment on column public.job_openings.closes_at is
  'Optional closing time (UTC): from then on the opening is hidden from visitors and refuses applications.';

drop policy "Active job openings are readable by everyone, all by job editors" on public.job_openings;
create policy "Open job openings are readable by everyone, all by job editors"
  on public.job_openings for select to anon, authenticated
  using (
    (active and (closes_at is null or closes_at > (select private.clock())))
    or (select public.has_permission('jobs.write'))
  );

create or replace function public.job_opening_accepts_applications(opening_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.job_openings as j
    where j.id = job_opening_accepts_applications.opening_id
      and j.active
      and (j.closes_at is null or j.closes_at > private.clock())
  )
$$;
comment on function public.job_opening_accepts_applications(uuid) is
  'True when the job opening exists, is active and has not closed. Used by the job_applications insert policy.';

-- Page views count a post only once it is live, and a job's page only while it is open.
create or replace function private.public_page(page_path text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  -- The router matches case-insensitively and ignores a trailing slash: /About/ shows /about.
  v_path text := lower(case when page_path = '/' then page_path else rtrim(page_path, '/') end);
  v_match text[];
begin
  -- The fixed pages of the public layout (src/routes/site-routes.ts and lead-routes.ts).
  if v_path = any (array[
    '/', '/solutions', '/products', '/industries', '/resources', '/about', '/careers', '/clients',
    '/contact', '/privacy-policy', '/terms-of-use', '/leads/contact', '/leads/newsletter'
  ]) then
    return v_path;
  end if;
  v_match := regexp_match(v_path, '^/solutions/([a-z0-9-]{1,120})$');
  if v_match is not null then
    return case when exists (select 1 from public.solutions as s where s.slug = v_match[1]) then v_path end;
  end if;
  v_match := regexp_match(v_path, '^/resources/blog/([a-z0-9-]{1,120})$');
  if v_match is not null then
    return case when exists (select 1 from public.blog_posts as p where p.slug = v_match[1] and p.published and p.publish_at <= private.clock()) then v_path end;
  end if;
  v_match := regexp_match(v_path, '^/careers/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/apply$');
  if v_match is not null then
    return case when exists (select 1 from public.job_openings as j where j.id = v_match[1]::uuid and j.active and (j.closes_at is null or j.closes_at > private.clock())) then v_path end;
  end if;
  return null;
end;
$$;
comment on function private.public_page(text) is
  'The canonical path (lower case, no trailing slash) of a public page that answers 200: a fixed page, an existing solution, a published post or an open job''s application page; null for anything else.';

-- The company time zone -----------------------------------------------------------------------------

create or replace function public.is_valid_site_setting(key text, value text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select case
    when key in ('primary_color', 'secondary_color') then value ~ '^#[0-9a-fA-F]{6}$'
    when key in ('contact_email', 'careers_email') then coalesce(public.is_email(value), false)
    when key = 'staff_require_two_factor' then value in ('true', 'false')
    -- Links may be left empty (the site then hides them) but never carry another scheme.
    when key ~ '_url$' then value = '' or coalesce(public.is_safe_url(value), false)
    when key = 'time_zone' then exists (select 1 from pg_catalog.pg_timezone_names as z where z.name = value)
    else true
  end
$$;
comment on function public.is_valid_site_setting(text, text) is
  'True when a site setting value fits its key: #rrggbb for primary/secondary_color, an e-mail address for contact_email and careers_email, true or false for staff_require_two_factor, an empty value or http(s)/root-relative link for *_url keys, an IANA zone name for time_zone; anything else is free text.';

insert into public.site_settings (key, value) values ('time_zone', 'Africa/Lagos')
on conflict (key) do nothing;
