-- public.redirects: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.redirects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    from_path text NOT NULL,
    to_path text NOT NULL,
    status_code integer DEFAULT 301 NOT NULL,
    automatic boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    CONSTRAINT redirects_from_path_check CHECK (((char_length(from_path) <= 500) AND (from_path ~ '^/[^[:space:]?#]*$'::text) AND (from_path !~ '^/(admin|assets|rest|auth|storage)(/|$)'::text))),
    CONSTRAINT redirects_status_code_check CHECK ((status_code = ANY (ARRAY[301, 302]))),
    CONSTRAINT redirects_to_path_check CHECK (((char_length(to_path) <= 2048) AND (to_path ~ '^[!-~]+$'::text) AND (((to_path ~ '^/'::text) AND (to_path !~ '^//'::text)) OR (to_path ~* '^https?://[a-z0-9.-]+(:[0-9]{1,5})?([/?#][!-~]*)?$'::text))))
);

COMMENT ON TABLE public.redirects IS 'Redirects the web server applies before rendering: from a path of this site (lower case, no trailing slash) to a path or an http(s) URL, 301 or 302. No loops, no chains. A target on another site needs an admin (settings.write).';

COMMENT ON COLUMN public.redirects.automatic IS 'True when recorded by a change of a post''s, solution''s or job opening''s slug.';

ALTER TABLE ONLY public.redirects
    ADD CONSTRAINT redirects_from_path_key UNIQUE (from_path);

ALTER TABLE ONLY public.redirects
    ADD CONSTRAINT redirects_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.redirects
    ADD CONSTRAINT redirects_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE public.redirects ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.redirects FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.redirects TO service_role;
GRANT SELECT ON TABLE public.redirects TO anon;
GRANT SELECT,DELETE ON TABLE public.redirects TO authenticated;

GRANT INSERT(from_path),UPDATE(from_path) ON TABLE public.redirects TO authenticated;

GRANT INSERT(to_path),UPDATE(to_path) ON TABLE public.redirects TO authenticated;

GRANT INSERT(status_code),UPDATE(status_code) ON TABLE public.redirects TO authenticated;

GRANT UPDATE(updated_at) ON TABLE public.redirects TO authenticated;

CREATE FUNCTION private.is_external_redirect(to_path text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  -- A path on this site is one slash followed by anything but a slash or a backslash (a browser reads
  -- /\host as //host); anything else leaves the site.
  select to_path !~ '^/([^/\\]|$)'
$_$;

COMMENT ON FUNCTION private.is_external_redirect(to_path text) IS 'True when a redirect target leaves this site: anything but a slash followed by neither a slash nor a backslash.';

REVOKE ALL ON FUNCTION private.is_external_redirect(to_path text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.is_external_redirect(to_path text) TO authenticated;
GRANT ALL ON FUNCTION private.is_external_redirect(to_path text) TO service_role;

CREATE FUNCTION private.guard_redirect() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.from_path := coalesce(nullif(private.normalized_path(new.from_path), ''), '/');
  new.to_path := private.normalized_path(new.to_path);
  if new.to_path = new.from_path then
    raise exception using errcode = '23514', message = 'A redirect cannot point to its own path.';
  end if;
  -- A preview shows text that has not been approved for visitors; no public address may lead there,
  -- spelt with escaped letters or reached through dot segments either.
  if new.to_path ~* '/(\.|%2e){1,2}(/|$)' then
    raise exception using errcode = '23514', message = 'A redirect target cannot hold "." or ".." segments: write the path it leads to.';
  end if;
  if new.to_path ~* '^(https?://[^/]+)?/(p|%70)(r|%72)(e|%65)(v|%76)(i|%69)(e|%65)(w|%77)(/|$)' then
    raise exception using errcode = '23514', message = 'A redirect cannot point to a preview link: previews are not for visitors.';
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

COMMENT ON FUNCTION private.guard_redirect() IS 'BEFORE INSERT OR UPDATE trigger on redirects: normalizes the paths and refuses a loop (to itself), a target that is a preview link (/preview/…, on any host, or through dot segments) or a chain (a target that is redirected, or a source that is some redirect''s target).';

REVOKE ALL ON FUNCTION private.guard_redirect() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.guard_external_redirect() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  -- A redirect off the site carries visitors (and whatever their address bar holds) elsewhere: that
  -- is a site-wide decision, like the site's settings.
  if (select auth.role()) in ('anon', 'authenticated')
     and private.is_external_redirect(new.to_path)
     and (tg_op = 'INSERT' or new.to_path is distinct from old.to_path)
     and not public.has_permission('settings.write') then
    raise exception using
      errcode = '42501',
      message = 'Only admins can redirect to another site: point the redirect to a path on this site.';
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.guard_external_redirect() IS 'BEFORE INSERT OR UPDATE on redirects: a target on another site (private.is_external_redirect) needs settings.write (admins) when set through the API.';

REVOKE ALL ON FUNCTION private.guard_external_redirect() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.record_slug_redirect() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.record_slug_redirect() IS 'AFTER INSERT OR UPDATE OF slug trigger on blog_posts, solutions and job_openings: records a 301 from the old path to the new one, repoints earlier redirects to the new path, and drops a redirect from the path the page now has.';

REVOKE ALL ON FUNCTION private.record_slug_redirect() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER redirects_external_needs_admin BEFORE INSERT OR UPDATE ON public.redirects FOR EACH ROW EXECUTE FUNCTION private.guard_external_redirect();

CREATE TRIGGER redirects_guard BEFORE INSERT OR UPDATE ON public.redirects FOR EACH ROW EXECUTE FUNCTION private.guard_redirect();

CREATE TRIGGER redirects_log AFTER INSERT OR DELETE OR UPDATE ON public.redirects FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE TRIGGER redirects_set_updated_at BEFORE INSERT OR UPDATE ON public.redirects FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE POLICY "Content editors can add redirects" ON public.redirects
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can change redirects" ON public.redirects
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('content.write')))
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can delete redirects" ON public.redirects
    FOR DELETE TO authenticated
    USING ((select public.has_permission('content.write')));

CREATE POLICY "Redirects are readable by everyone" ON public.redirects
    FOR SELECT TO anon, authenticated
    USING (true);

CREATE POLICY "Two-factor for adding redirects" ON public.redirects
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing redirects" ON public.redirects
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing redirects" ON public.redirects
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

COMMENT ON CONSTRAINT redirects_to_path_check ON public.redirects IS 'A target is printable ASCII (percent-encoded), at most 2048 characters: a path on this site, or an http(s) URL whose host is plain ASCII letters, digits, dots and dashes.';

CREATE FUNCTION private.unsafe_url_characters(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$
  select value ~ '[\x01-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3002\ufeff]'
    or exists (
      select 1 from regexp_split_to_table(value, '') as c
      where c ~ '[^\x01-\x7e]' and normalize(c, nfkc) ~ '[!-/:-@[-`{-~]')
$$;

COMMENT ON FUNCTION private.unsafe_url_characters(value text) IS 'True when a URL holds a control or invisible format character, or a character that looks like a URL separator (its compatibility form holds ASCII punctuation, or the ideographic full stop).';

REVOKE ALL ON FUNCTION private.unsafe_url_characters(value text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.unsafe_url_characters(value text) TO authenticated;
GRANT ALL ON FUNCTION private.unsafe_url_characters(value text) TO service_role;

CREATE FUNCTION private.percent_encoded(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $_$
  -- Lower-case hex, as site paths are stored lower-cased (private.normalized_path).
  select coalesce(string_agg(
    case when c ~ '^[\x01-\x7e]$' then c else regexp_replace(encode(convert_to(c, 'UTF8'), 'hex'), '(..)', '%\1', 'g') end,
    '' order by n), '')
  from regexp_split_to_table(value, '') with ordinality as t (c, n)
$_$;

COMMENT ON FUNCTION private.percent_encoded(value text) IS 'The text with every non-ASCII character written as its UTF-8 bytes percent-encoded (%xx).';

REVOKE ALL ON FUNCTION private.percent_encoded(value text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.percent_encoded(value text) TO authenticated;
GRANT ALL ON FUNCTION private.percent_encoded(value text) TO service_role;

CREATE FUNCTION private.guard_redirect_target() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if private.unsafe_url_characters(new.to_path) then
    raise exception using errcode = '23514',
      message = 'The target cannot hold control characters or characters that look like / . ? # or @: type them on an ordinary keyboard.';
  end if;
  new.to_path := private.percent_encoded(new.to_path);
  -- Sources are stored as the router matches them (decoded): a target now encoded is compared in
  -- the same form, so no chain passes through a path with other letters.
  if new.from_path ~ '[^!-~]' and exists (
    select 1 from public.redirects as r where r.to_path = private.percent_encoded(new.from_path) and r.id <> new.id) then
    raise exception using errcode = '23514',
      message = pg_catalog.format('Another redirect points to %s: that would make a chain.', new.from_path);
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.guard_redirect_target() IS 'BEFORE INSERT OR UPDATE on redirects, after redirects_guard: refuses a target with control or look-alike characters and stores it percent-encoded (printable ASCII).';

REVOKE ALL ON FUNCTION private.guard_redirect_target() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER redirects_target_printable BEFORE INSERT OR UPDATE ON public.redirects FOR EACH ROW EXECUTE FUNCTION private.guard_redirect_target();
