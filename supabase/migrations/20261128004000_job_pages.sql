-- A page per job opening, /careers/{slug}, with what job search engines read (schema.org
-- JobPosting): where the role is (country, or remote), an optional salary range, and a description
-- that is HTML (sanitized by the app on save and again on render, as a post's body is).
--
-- The slug is made from the title when none is given, unique, and editable; renaming it records a
-- redirect from the old address, as a post's or a solution's does. Who sees an opening is unchanged:
-- the select policy already hides inactive openings and those past closes_at (private.clock()).
-- A visitor asking for a closed opening's page is told it is gone (410), not that it never existed,
-- through job_opening_state, which says no more than that.

-- New columns -----------------------------------------------------------------------------------------

alter table public.job_openings
  add column slug text check (char_length(slug) <= 120 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  add column country text check (country ~ '^[A-Z]{2}$'),
  add column remote boolean not null default false,
  add column salary_min numeric(14, 2) check (salary_min >= 0),
  add column salary_max numeric(14, 2) check (salary_max >= 0),
  add column salary_currency text check (salary_currency ~ '^[A-Z]{3}$'),
  add column salary_unit text check (salary_unit in ('HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR')),
  add constraint job_openings_salary_range check (salary_max >= salary_min),
  -- An amount means nothing without its currency and period.
  add constraint job_openings_salary_terms check (
    (salary_min is null and salary_max is null) or (salary_currency is not null and salary_unit is not null)
  );

comment on column public.job_openings.slug is
  'The opening''s address, /careers/{slug}: made from the title when left empty, unique, editable (a rename redirects the old address).';
comment on column public.job_openings.country is
  'ISO 3166-1 alpha-2 code of the country the role is in (or, for a remote role, where applicants must live).';
comment on column public.job_openings.remote is 'True for a fully remote role (JobPosting jobLocationType TELECOMMUTE).';
comment on column public.job_openings.salary_min is 'Lowest pay of the range (or the one figure), in salary_currency per salary_unit; optional.';
comment on column public.job_openings.salary_max is 'Highest pay of the range; optional.';
comment on column public.job_openings.salary_currency is 'ISO 4217 code of the salary figures.';
comment on column public.job_openings.salary_unit is 'The period the salary figures are for: HOUR, DAY, WEEK, MONTH or YEAR.';

-- Descriptions are HTML now, and longer for it.
alter table public.job_openings drop constraint job_openings_description_check;
alter table public.job_openings add constraint job_openings_description_check check (char_length(description) <= 50000);
comment on column public.job_openings.description is
  'The role in HTML (paragraphs, lists, headings), sanitized by the app on save and on render.';

-- Slugs -------------------------------------------------------------------------------------------------

create function private.job_slug_from(title text, opening_id uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  -- Lower case; letters and digits kept; every other run of characters one hyphen.
  v_base text := pg_catalog.btrim(pg_catalog.left(pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.lower(title), '[^a-z0-9]+', '-', 'g'), '-'), 100), '-');
  v_slug text;
  v_n integer := 1;
begin
  if v_base = '' then v_base := 'role'; end if;
  v_slug := v_base;
  while exists (select 1 from public.job_openings as j where j.slug = v_slug and j.id <> opening_id) loop
    v_n := v_n + 1;
    v_slug := v_base || '-' || v_n;
  end loop;
  return v_slug;
end;
$$;
comment on function private.job_slug_from(text, uuid) is
  'A free slug for a job opening made from its title: lower-case words joined by hyphens, -2, -3… added when taken.';
revoke execute on function private.job_slug_from(text, uuid) from public, anon, authenticated;

create function private.default_job_slug()
returns trigger
language plpgsql
-- Finding a free slug reads every opening, inactive ones included, whoever writes.
security definer
set search_path = ''
as $$
begin
  new.slug := nullif(pg_catalog.btrim(new.slug), '');
  if new.slug is null then
    new.slug := private.job_slug_from(new.title, new.id);
  end if;
  return new;
end;
$$;
comment on function private.default_job_slug() is
  'BEFORE INSERT OR UPDATE trigger on job_openings: an opening given no slug gets one made from its title.';
revoke execute on function private.default_job_slug() from public, anon, authenticated;

-- Existing openings get their slugs, oldest first, and their plain-text descriptions become
-- paragraphs (a blank line between paragraphs, a single line break kept), once. Nothing a visitor
-- sees has changed, so no history entry, no new updated_at.
alter table public.job_openings disable trigger user;
do $$
declare
  r record;
begin
  for r in select id, title from public.job_openings order by created_at, id loop
    update public.job_openings set slug = private.job_slug_from(r.title, r.id) where id = r.id;
  end loop;
end
$$;
update public.job_openings as j
set description = (
  select pg_catalog.string_agg('<p>' || pg_catalog.replace(pg_catalog.btrim(part, E' \t\r\n'), E'\n', '<br>') || '</p>', '' order by n)
  from pg_catalog.regexp_split_to_table(
         pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(j.description, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\r\n', E'\n'),
         E'\n[ \t]*\n'
       ) with ordinality as p(part, n)
  where pg_catalog.btrim(part, E' \t\r\n') <> ''
)
where j.description is not null;
alter table public.job_openings enable trigger user;

alter table public.job_openings alter column slug set not null;
alter table public.job_openings add constraint job_openings_slug_key unique (slug);

create trigger job_openings_default_slug
  before insert or update on public.job_openings
  for each row execute function private.default_job_slug();

-- A renamed opening's old address redirects to the new one, as a post's does.
create or replace function private.record_slug_redirect()
returns trigger
language plpgsql
-- Whoever renames a page (an admin, a script), the redirect is written.
security definer
set search_path = ''
as $$
declare
  prefix text := case tg_table_name when 'blog_posts' then '/resources/blog/' when 'job_openings' then '/careers/' else '/solutions/' end;
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
  'AFTER INSERT OR UPDATE OF slug trigger on blog_posts, solutions and job_openings: records a 301 from the old path to the new one, repoints earlier redirects to the new path, and drops a redirect from the path the page now has.';
comment on column public.redirects.automatic is 'True when recorded by a change of a post''s, solution''s or job opening''s slug.';

create trigger job_openings_record_slug_redirect
  after insert or update of slug on public.job_openings
  for each row execute function private.record_slug_redirect();

-- Open, closed or unknown ---------------------------------------------------------------------------------

create function public.job_opening_state(opening_slug text)
returns text
language sql
stable
-- Visitors cannot read a closed opening's row; they may learn that its address once was a role.
security definer
set search_path = ''
as $$
  select case when j.active and (j.closes_at is null or j.closes_at > private.clock()) then 'open' else 'closed' end
  from public.job_openings as j
  where j.slug = job_opening_state.opening_slug
$$;
comment on function public.job_opening_state(text) is
  'open when the job opening with this slug is active and not past its closing time, closed when it exists otherwise, null when there is none. Lets /careers/{slug} answer 410 Gone for a closed role.';
revoke execute on function public.job_opening_state(text) from public;
grant execute on function public.job_opening_state(text) to anon, authenticated, service_role;

-- Page views: a job's own page counts while the job is open ------------------------------------------------

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
  v_match := regexp_match(v_path, '^/careers/([a-z0-9-]{1,120})$');
  if v_match is not null then
    return case when exists (select 1 from public.job_openings as j where j.slug = v_match[1] and j.active and (j.closes_at is null or j.closes_at > private.clock())) then v_path end;
  end if;
  return null;
end;
$$;
comment on function private.public_page(text) is
  'The canonical path (lower case, no trailing slash) of a public page that answers 200: a fixed page, an existing solution, a published post or an open job''s page; null for anything else.';
