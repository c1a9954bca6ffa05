-- The content the public site shows and the back office edits: website_content, clients,
-- testimonials, team_members, solutions, blog_posts, job_openings, site_settings.
--
-- Pattern for every table: anon and authenticated may read what the public site shows; only an
-- admin (public.is_admin()) may write, and reads drafts / inactive rows. service_role bypasses RLS.
-- anon gets no write privilege at all (so TRUNCATE, which skips RLS, is revoked too); authenticated
-- gets insert/update/delete privileges that the admin-only policies then narrow.

-- Validation helpers for JSON columns -------------------------------------------------------------

create function public.is_feature_list(features jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when features is null or jsonb_typeof(features) <> 'array' then false
    when jsonb_array_length(features) > 50 then false
    else not exists (
      select 1
      from jsonb_array_elements(features) as f(item)
      where jsonb_typeof(f.item) <> 'object'
         or jsonb_typeof(f.item -> 'title') is distinct from 'string'
         or jsonb_typeof(f.item -> 'description') is distinct from 'string'
    )
  end
$$;
comment on function public.is_feature_list(jsonb) is
  'True for a JSON array (at most 50 items) of objects with string title and description: the shape of solutions.features.';

create function public.is_valid_stats_content(content jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
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
comment on function public.is_valid_stats_content(jsonb) is
  'True when content.stats (if present) is an array of objects whose icon, when given, is one of Users, Building, Globe, Award. A stat without an icon is allowed because the admin stats editor has no icon field; the site then shows its default icon.';

revoke execute on function public.is_feature_list(jsonb), public.is_valid_stats_content(jsonb) from public;
grant execute on function public.is_feature_list(jsonb), public.is_valid_stats_content(jsonb)
  to anon, authenticated, service_role;

-- website_content ---------------------------------------------------------------------------------

create table public.website_content (
  id uuid primary key default gen_random_uuid(),
  section text not null check (char_length(section) between 1 and 64),
  key text not null check (char_length(key) between 1 and 64),
  content jsonb not null,
  updated_at timestamptz not null default now(),
  constraint website_content_section_key_key unique (section, key),
  constraint website_content_content_is_object check (jsonb_typeof(content) = 'object'),
  constraint website_content_content_size check (octet_length(content::text) <= 200000),
  constraint website_content_stats_icons check (section <> 'stats' or public.is_valid_stats_content(content))
);
comment on table public.website_content is
  'Editable copy of the public pages, one JSON object per (section, key): hero/main, stats/main, about/main|mission|vision, contact/main, legal/privacy|terms, footer/main.';
comment on column public.website_content.updated_at is
  'Last change, kept by trigger; the legal pages show it as "Last Updated".';

alter table public.website_content enable row level security;
revoke all on table public.website_content from anon, authenticated;
grant select on table public.website_content to anon, authenticated;
grant insert, update, delete on table public.website_content to authenticated;
grant all on table public.website_content to service_role;

create trigger website_content_set_updated_at
  before update on public.website_content
  for each row execute function public.set_updated_at();

create policy "Website content is readable by everyone"
  on public.website_content for select to anon, authenticated
  using (true);
create policy "Admins can add website content"
  on public.website_content for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins can update website content"
  on public.website_content for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete website content"
  on public.website_content for delete to authenticated
  using ((select public.is_admin()));

-- clients -----------------------------------------------------------------------------------------

create table public.clients (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  icon text not null default 'Building'
    check (icon in ('Building', 'Feather', 'Globe', 'Zap', 'Sun', 'Wind', 'Anchor', 'Gem')),
  logo_url text check (public.is_safe_url(logo_url)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.clients is
  'Client companies shown in the logo marquee: the logo image when logo_url is set, otherwise the named icon.';

alter table public.clients enable row level security;
revoke all on table public.clients from anon, authenticated;
grant select on table public.clients to anon, authenticated;
grant insert, update, delete on table public.clients to authenticated;
grant all on table public.clients to service_role;

create index clients_name_idx on public.clients (name);

create trigger clients_set_updated_at
  before update on public.clients
  for each row execute function public.set_updated_at();

create policy "Clients are readable by everyone"
  on public.clients for select to anon, authenticated
  using (true);
create policy "Admins can add clients"
  on public.clients for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins can update clients"
  on public.clients for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete clients"
  on public.clients for delete to authenticated
  using ((select public.is_admin()));

-- testimonials ------------------------------------------------------------------------------------

create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  quote text not null check (btrim(quote) <> '' and char_length(quote) <= 2000),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  avatar text not null check (public.is_safe_url(avatar)),
  rating integer not null default 5 check (rating between 1 and 5),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.testimonials is
  'Customer quotes for the home carousel and /clients, with a star rating from 1 to 5.';

alter table public.testimonials enable row level security;
revoke all on table public.testimonials from anon, authenticated;
grant select on table public.testimonials to anon, authenticated;
grant insert, update, delete on table public.testimonials to authenticated;
grant all on table public.testimonials to service_role;

create index testimonials_created_at_idx on public.testimonials (created_at);

create trigger testimonials_set_updated_at
  before update on public.testimonials
  for each row execute function public.set_updated_at();

create policy "Testimonials are readable by everyone"
  on public.testimonials for select to anon, authenticated
  using (true);
create policy "Admins can add testimonials"
  on public.testimonials for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins can update testimonials"
  on public.testimonials for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete testimonials"
  on public.testimonials for delete to authenticated
  using ((select public.is_admin()));

-- team_members ------------------------------------------------------------------------------------

create table public.team_members (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  position text not null check (btrim(position) <> '' and char_length(position) <= 200),
  bio text not null check (btrim(bio) <> '' and char_length(bio) <= 5000),
  avatar text not null check (public.is_safe_url(avatar)),
  linkedin_url text check (public.is_safe_url(linkedin_url)),
  twitter_url text check (public.is_safe_url(twitter_url)),
  order_index integer not null check (order_index >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Deferred so that swapping two places (swap_team_member_order) passes through a moment where
  -- both rows hold the same value without failing; checked at commit.
  constraint team_members_order_index_key unique (order_index) deferrable initially deferred
);
comment on table public.team_members is
  'Leadership team on /about, listed by order_index (1 = first). Moving a member swaps places with the neighbour, so order_index is unique.';

alter table public.team_members enable row level security;
revoke all on table public.team_members from anon, authenticated;
grant select on table public.team_members to anon, authenticated;
grant insert, update, delete on table public.team_members to authenticated;
grant all on table public.team_members to service_role;

create trigger team_members_set_updated_at
  before update on public.team_members
  for each row execute function public.set_updated_at();

create policy "Team members are readable by everyone"
  on public.team_members for select to anon, authenticated
  using (true);
create policy "Admins can add team members"
  on public.team_members for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins can update team members"
  on public.team_members for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete team members"
  on public.team_members for delete to authenticated
  using ((select public.is_admin()));

create function public.swap_team_member_order(first_id uuid, second_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  swapped integer;
begin
  if not (select public.is_admin()) then
    raise exception using errcode = '42501', message = 'Only admins can reorder team members.';
  end if;
  if first_id is null or second_id is null or first_id = second_id then
    raise exception using errcode = '22023', message = 'Two different team members are needed to swap places.';
  end if;

  -- One statement swaps both places; the deferred unique constraint is checked at commit.
  update public.team_members as t
     set order_index = other.order_index
    from public.team_members as other
   where (t.id = first_id and other.id = second_id)
      or (t.id = second_id and other.id = first_id);

  get diagnostics swapped = row_count;
  if swapped <> 2 then
    raise exception using errcode = 'P0002', message = 'Team member not found.';
  end if;
end;
$$;
comment on function public.swap_team_member_order(uuid, uuid) is
  'Admin move up/down: swaps the order_index of two team members in one statement. Security invoker: the admin update policy applies.';

revoke execute on function public.swap_team_member_order(uuid, uuid) from public, anon;
grant execute on function public.swap_team_member_order(uuid, uuid) to authenticated, service_role;

-- solutions ---------------------------------------------------------------------------------------

create table public.solutions (
  id uuid primary key default gen_random_uuid(),
  slug text not null check (char_length(slug) <= 120 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  category text not null check (btrim(category) <> '' and char_length(category) <= 100),
  shortdescription text not null check (btrim(shortdescription) <> '' and char_length(shortdescription) <= 1000),
  longdescription text not null check (btrim(longdescription) <> '' and char_length(longdescription) <= 20000),
  icon text not null check (icon in ('Landmark', 'Bot', 'CreditCard', 'Users', 'GraduationCap', 'Code2')),
  -- Free text on purpose: the detail page treats the value 'Contact Us' as "go to /contact".
  url text not null check (btrim(url) <> '' and char_length(url) <= 2048 and url !~* '^[[:space:]]*(javascript|data|vbscript):'),
  features jsonb not null default '[]'::jsonb check (public.is_feature_list(features)),
  targetaudience text[] not null default '{}'
    check (cardinality(targetaudience) <= 50 and char_length(array_to_string(targetaudience, '')) <= 5000),
  status text not null default 'Live' check (status in ('Live', 'Development', 'Available')),
  metadescription text not null check (btrim(metadescription) <> '' and char_length(metadescription) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint solutions_slug_key unique (slug)
);
comment on table public.solutions is
  'Products on /solutions and /solutions/{slug}: copy, key features, target audience and status badge.';
comment on column public.solutions.features is 'JSON array of {title, description}.';

alter table public.solutions enable row level security;
revoke all on table public.solutions from anon, authenticated;
grant select on table public.solutions to anon, authenticated;
grant insert, update, delete on table public.solutions to authenticated;
grant all on table public.solutions to service_role;

create index solutions_created_at_idx on public.solutions (created_at);

create trigger solutions_set_updated_at
  before update on public.solutions
  for each row execute function public.set_updated_at();

create policy "Solutions are readable by everyone"
  on public.solutions for select to anon, authenticated
  using (true);
create policy "Admins can add solutions"
  on public.solutions for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins can update solutions"
  on public.solutions for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete solutions"
  on public.solutions for delete to authenticated
  using ((select public.is_admin()));

-- blog_posts --------------------------------------------------------------------------------------

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  slug text not null check (char_length(slug) <= 120 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  excerpt text not null check (btrim(excerpt) <> '' and char_length(excerpt) <= 1000),
  content text not null check (btrim(content) <> '' and char_length(content) <= 200000),
  category text not null check (btrim(category) <> '' and char_length(category) <= 100),
  featured_image text not null check (public.is_safe_url(featured_image)),
  author_name text not null check (btrim(author_name) <> '' and char_length(author_name) <= 200),
  author_avatar text check (public.is_safe_url(author_avatar)),
  published boolean not null default true,
  tags text[] not null default '{}'
    check (cardinality(tags) <= 50 and char_length(array_to_string(tags, '')) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint blog_posts_slug_key unique (slug)
);
comment on table public.blog_posts is
  'Articles on /resources. Drafts (published = false) are visible to admins only. content is HTML, sanitized by the app on save and on render.';

alter table public.blog_posts enable row level security;
revoke all on table public.blog_posts from anon, authenticated;
grant select on table public.blog_posts to anon, authenticated;
grant insert, update, delete on table public.blog_posts to authenticated;
grant all on table public.blog_posts to service_role;

create index blog_posts_published_created_at_idx on public.blog_posts (created_at desc) where published;
create index blog_posts_created_at_idx on public.blog_posts (created_at desc);
create index blog_posts_category_idx on public.blog_posts (category) where published;

create trigger blog_posts_set_updated_at
  before update on public.blog_posts
  for each row execute function public.set_updated_at();

create policy "Published posts are readable by everyone"
  on public.blog_posts for select to anon, authenticated
  using (published);
create policy "Admins can read every post, drafts included"
  on public.blog_posts for select to authenticated
  using ((select public.is_admin()));
create policy "Admins can add posts"
  on public.blog_posts for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins can update posts"
  on public.blog_posts for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete posts"
  on public.blog_posts for delete to authenticated
  using ((select public.is_admin()));

-- job_openings ------------------------------------------------------------------------------------

create table public.job_openings (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  location text not null check (btrim(location) <> '' and char_length(location) <= 200),
  department text not null check (btrim(department) <> '' and char_length(department) <= 100),
  type text not null default 'Full-time' check (type in ('Full-time', 'Part-time', 'Contract', 'Internship')),
  description text check (char_length(description) <= 20000),
  requirements text check (char_length(requirements) <= 20000),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.job_openings is
  'Openings on /careers. Inactive ones are visible to admins only and accept no applications.';

alter table public.job_openings enable row level security;
revoke all on table public.job_openings from anon, authenticated;
grant select on table public.job_openings to anon, authenticated;
grant insert, update, delete on table public.job_openings to authenticated;
grant all on table public.job_openings to service_role;

create index job_openings_active_created_at_idx on public.job_openings (created_at desc) where active;
create index job_openings_created_at_idx on public.job_openings (created_at desc);

create trigger job_openings_set_updated_at
  before update on public.job_openings
  for each row execute function public.set_updated_at();

create policy "Active job openings are readable by everyone"
  on public.job_openings for select to anon, authenticated
  using (active);
create policy "Admins can read every job opening, inactive included"
  on public.job_openings for select to authenticated
  using ((select public.is_admin()));
create policy "Admins can add job openings"
  on public.job_openings for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins can update job openings"
  on public.job_openings for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete job openings"
  on public.job_openings for delete to authenticated
  using ((select public.is_admin()));

-- site_settings -----------------------------------------------------------------------------------

create table public.site_settings (
  key text primary key check (char_length(key) <= 64 and key ~ '^[a-z][a-z0-9_]*$'),
  value text not null check (char_length(value) <= 2000),
  updated_at timestamptz not null default now()
);
comment on table public.site_settings is
  'Key/value settings that drive the public site: company name, tagline, address, contact e-mail and phone, social links, brand colours, chat and booking links.';

alter table public.site_settings enable row level security;
revoke all on table public.site_settings from anon, authenticated;
grant select on table public.site_settings to anon, authenticated;
grant insert, update, delete on table public.site_settings to authenticated;
grant all on table public.site_settings to service_role;

create trigger site_settings_set_updated_at
  before update on public.site_settings
  for each row execute function public.set_updated_at();

create policy "Site settings are readable by everyone"
  on public.site_settings for select to anon, authenticated
  using (true);
create policy "Admins can add site settings"
  on public.site_settings for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins can update site settings"
  on public.site_settings for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete site settings"
  on public.site_settings for delete to authenticated
  using ((select public.is_admin()));
