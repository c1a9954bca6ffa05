-- public.page_views and private.page_view_beacons: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.page_views (
    path text NOT NULL,
    day date DEFAULT CURRENT_DATE NOT NULL,
    count integer DEFAULT 0 NOT NULL,
    CONSTRAINT page_views_count_check CHECK ((count >= 0)),
    CONSTRAINT page_views_path_check CHECK (((char_length(path) <= 512) AND (path ~ '^/[^[:space:]?#]*$'::text)))
);

COMMENT ON TABLE public.page_views IS 'Daily view counts per page path (no visitor data). Written only by record_page_view(); readable by admins.';

ALTER TABLE ONLY public.page_views
    ADD CONSTRAINT page_views_pkey PRIMARY KEY (path, day);

CREATE INDEX page_views_day_idx ON public.page_views USING btree (day);

ALTER TABLE public.page_views ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.page_views FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.page_views TO service_role;
GRANT SELECT ON TABLE public.page_views TO authenticated;

CREATE TABLE private.page_view_beacons (
    client_key text NOT NULL,
    minute timestamp with time zone NOT NULL,
    count integer DEFAULT 0 NOT NULL
);

COMMENT ON TABLE private.page_view_beacons IS 'Page-view beacons per client (hashed address) per minute, for the per-client limit; rows older than two minutes are removed as new ones arrive.';

ALTER TABLE ONLY private.page_view_beacons
    ADD CONSTRAINT page_view_beacons_pkey PRIMARY KEY (client_key, minute);

CREATE INDEX page_view_beacons_minute_idx ON private.page_view_beacons USING btree (minute);

ALTER TABLE private.page_view_beacons ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE private.page_view_beacons FROM anon, authenticated, service_role;
GRANT ALL ON TABLE private.page_view_beacons TO service_role;

CREATE FUNCTION private.public_page(page_path text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION private.public_page(page_path text) IS 'The canonical path (lower case, no trailing slash) of a public page that answers 200: a fixed page, an existing solution, a published post or an open job''s page; null for anything else.';

REVOKE ALL ON FUNCTION private.public_page(page_path text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.record_page_view(page_path text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION public.record_page_view(page_path text) IS 'Counts one view of a public page for today: a path that a public route answers with 200 (query string, fragment, case and a trailing slash ignored); other paths, and beacons past 30 a minute from one client, are ignored. Raises 22023 for a path that does not start with "/", is over 512 characters or holds whitespace.';

REVOKE ALL ON FUNCTION public.record_page_view(page_path text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.record_page_view(page_path text) TO anon;
GRANT ALL ON FUNCTION public.record_page_view(page_path text) TO authenticated;
GRANT ALL ON FUNCTION public.record_page_view(page_path text) TO service_role;

CREATE FUNCTION public.page_view_totals(days integer DEFAULT 30) RETURNS TABLE(day date, views bigint)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to see the figures.';
  end if;
  return query
    select d.day::date, coalesce(sum(v.count), 0)::bigint as views
    from generate_series(current_date - (least(greatest(days, 1), 366) - 1), current_date, interval '1 day') as d(day)
    left join public.page_views as v on v.day = d.day::date
    group by d.day
    order by d.day;
end;
$$;

COMMENT ON FUNCTION public.page_view_totals(days integer) IS 'Page views summed per day for the last `days` days (1 to 366, today included), one row per day, zero-filled. Security invoker: only views.read may read page_views, so others get zeros; refused below the assurance level the account needs.';

REVOKE ALL ON FUNCTION public.page_view_totals(days integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.page_view_totals(days integer) TO authenticated;
GRANT ALL ON FUNCTION public.page_view_totals(days integer) TO service_role;

CREATE POLICY "Two-factor for reading page views" ON public.page_views
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "View readers can read page views" ON public.page_views
    FOR SELECT TO authenticated
    USING ((select public.has_permission('views.read')));
