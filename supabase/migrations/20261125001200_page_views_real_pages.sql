-- Page views count only real public pages, and only so many from one client a minute.
--
-- A page is real when a route of the public layout answers it with 200: one of the fixed pages, a
-- solution or published post that exists, or the application page of an open job. Anything else
-- (a made-up path, a removed post, the back office) is ignored, so the table holds at most one row
-- per real page per day and the old cap on distinct paths, which a flood of made-up paths could
-- fill to shut real pages out, is gone. Past 30 beacons a minute from one client (the address
-- request_client_key hashes), further beacons are ignored until the next minute.
--
-- Ignored beacons are not errors: the web server's endpoint answers 204 whatever happens, and a
-- visitor cannot tell a counted view from an ignored one. A malformed path is still refused (22023).

create function private.public_page(page_path text)
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
    return case when exists (select 1 from public.blog_posts as p where p.slug = v_match[1] and p.published) then v_path end;
  end if;
  v_match := regexp_match(v_path, '^/careers/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/apply$');
  if v_match is not null then
    return case when exists (select 1 from public.job_openings as j where j.id = v_match[1]::uuid and j.active) then v_path end;
  end if;
  return null;
end;
$$;
comment on function private.public_page(text) is
  'The canonical path (lower case, no trailing slash) of a public page that answers 200: a fixed page, an existing solution, a published post or an open job''s application page; null for anything else.';
revoke execute on function private.public_page(text) from public, anon, authenticated;

create table private.page_view_beacons (
  client_key text not null,
  minute timestamptz not null,
  count integer not null default 0,
  primary key (client_key, minute)
);
comment on table private.page_view_beacons is
  'Page-view beacons per client (hashed address) per minute, for the per-client limit; rows older than two minutes are removed as new ones arrive.';
alter table private.page_view_beacons enable row level security;
revoke all on table private.page_view_beacons from public, anon, authenticated;
grant all on table private.page_view_beacons to service_role;
create index page_view_beacons_minute_idx on private.page_view_beacons (minute);

create or replace function public.record_page_view(page_path text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- Query string and fragment are dropped: they can carry personal data and would split counts.
  v_path text := split_part(split_part(page_path, '#', 1), '?', 1);
  v_page text;
  v_client_key text;
  v_minute timestamptz := date_trunc('minute', now());
  v_beacons integer;
begin
  if v_path is null or char_length(v_path) > 512 or v_path !~ '^/[^[:space:]?#]*$' then
    raise exception using errcode = '22023', message = 'Invalid page path.';
  end if;

  v_page := private.public_page(v_path);
  if v_page is null then
    return;
  end if;

  v_client_key := public.request_client_key();
  if v_client_key is not null and public.is_rate_limited_caller() then
    delete from private.page_view_beacons as b where b.minute < v_minute - interval '1 minute';
    insert into private.page_view_beacons as b (client_key, minute, count)
    values (v_client_key, v_minute, 1)
    on conflict (client_key, minute) do update set count = b.count + 1
    returning b.count into v_beacons;
    if v_beacons > 30 then
      return;
    end if;
  end if;

  insert into public.page_views as v (path, day, count)
  values (v_page, current_date, 1)
  on conflict (path, day) do update set count = v.count + 1;
end;
$$;
comment on function public.record_page_view(text) is
  'Counts one view of a public page for today: a path that a public route answers with 200 (query string, fragment, case and a trailing slash ignored); other paths, and beacons past 30 a minute from one client, are ignored. Raises 22023 for a path that does not start with "/", is over 512 characters or holds whitespace.';
