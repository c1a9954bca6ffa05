-- Shared helpers: the private schema and the small functions every other file uses.

-- Objects are in dependency order across files (the numeric prefix); function bodies are
-- checked when they run, so a function may name a table of a later file.

CREATE SCHEMA private;

COMMENT ON SCHEMA private IS 'Internal tables and security definer helpers. Not exposed by the Data API.';

GRANT USAGE ON SCHEMA private TO anon;
GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;

CREATE FUNCTION private.clock() RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- app.clock lets a test move time; no API route can set a setting, so visitors cannot.
  select coalesce(nullif(pg_catalog.current_setting('app.clock', true), '')::timestamptz, pg_catalog.now())
$$;

COMMENT ON FUNCTION private.clock() IS 'The time that decides what visitors see: now(), unless a test has set app.clock.';

REVOKE ALL ON FUNCTION private.clock() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.clock() TO anon;
GRANT ALL ON FUNCTION private.clock() TO authenticated;
GRANT ALL ON FUNCTION private.clock() TO service_role;

CREATE FUNCTION public.is_email(address text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $_$
  -- Deliberately simple: one @, no spaces, a dot in the domain, at most 254 characters (RFC 5321).
  select char_length(address) <= 254
    and address ~ '^[^@[:space:]<>()",;]+@[^@[:space:]<>()",;]+\.[^@[:space:]<>()",;.]+$'
$_$;

COMMENT ON FUNCTION public.is_email(address text) IS 'True when the text looks like an e-mail address (one @, no spaces, dotted domain, at most 254 characters). Used by CHECK constraints.';

REVOKE ALL ON FUNCTION public.is_email(address text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_email(address text) TO anon;
GRANT ALL ON FUNCTION public.is_email(address text) TO authenticated;
GRANT ALL ON FUNCTION public.is_email(address text) TO service_role;

CREATE FUNCTION public.is_safe_url(url text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $_$
  select char_length(url) <= 2048
    and url ~* '^(https?://[^[:space:][:cntrl:]]+|/([^/\\[:space:][:cntrl:]][^[:space:][:cntrl:]]*)?)$'
$_$;

COMMENT ON FUNCTION public.is_safe_url(url text) IS 'True for an http(s) URL or a path on this site (one "/" not followed by "/" or "\"), at most 2048 characters, without whitespace or control characters; false for //host, /\host, javascript:, data: and the like. Used by CHECK constraints on link and image columns.';

REVOKE ALL ON FUNCTION public.is_safe_url(url text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_safe_url(url text) TO anon;
GRANT ALL ON FUNCTION public.is_safe_url(url text) TO authenticated;
GRANT ALL ON FUNCTION public.is_safe_url(url text) TO service_role;

CREATE FUNCTION private.normalized_path(path text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The router matches case-insensitively and ignores a trailing slash.
  select case when path ~ '^/' and path <> '/' then pg_catalog.lower(pg_catalog.rtrim(path, '/')) else path end
$$;

COMMENT ON FUNCTION private.normalized_path(path text) IS 'A site path as the router sees it: lower case, no trailing slash; URLs are left as they are.';

REVOKE ALL ON FUNCTION private.normalized_path(path text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.normalized_path(path text) TO authenticated;
GRANT ALL ON FUNCTION private.normalized_path(path text) TO service_role;

CREATE FUNCTION private.summarize(value jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  v_text text;
begin
  if value is null then
    return null;
  end if;
  v_text := coalesce(value #>> '{}', value::text);
  if char_length(v_text) <= 200 then
    return value;
  end if;
  -- Long text keeps its first words without markup and its length; the full text is in revisions.
  return to_jsonb(left(btrim(regexp_replace(regexp_replace(v_text, '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g')), 160)
    || '… (' || char_length(v_text) || ' characters)');
end;
$$;

COMMENT ON FUNCTION private.summarize(value jsonb) IS 'A value as the log shows it: unchanged up to 200 characters, else its first 160 characters without tags and its length.';

REVOKE ALL ON FUNCTION private.summarize(value jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.changed_fields(before jsonb, after jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  -- updated_at and updated_by move on every save (who saved is the entry's actor) and client_key is
  -- the flood limit's: none of them is a change. One pass over the columns; only the changed ones
  -- are summarized.
  return (
    select jsonb_object_agg(coalesce(a.key, b.key),
                            jsonb_build_object('before', private.summarize(b.value), 'after', private.summarize(a.value))
                            order by coalesce(a.key, b.key))
      from jsonb_each(coalesce(after, '{}')) as a
      full join jsonb_each(coalesce(before, '{}')) as b on b.key = a.key
     where coalesce(a.key, b.key) not in ('updated_at', 'updated_by', 'client_key')
       and a.value is distinct from b.value);
end;
$$;

COMMENT ON FUNCTION private.changed_fields(before jsonb, after jsonb) IS 'The fields that differ between two versions of a row, as {field: {before, after}} (summarized), or null when none did.';

REVOKE ALL ON FUNCTION private.changed_fields(before jsonb, after jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  previous_editor uuid := (pg_catalog.to_jsonb(old) ->> 'updated_by')::uuid;
begin
  -- A save names the version it edited; one older than the row's is based on a version someone else
  -- has since replaced. Not naming one (or naming a later time) saves as before.
  if tg_op = 'UPDATE' and new.updated_at < old.updated_at then
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
  if tg_op = 'UPDATE' then
    new.updated_at := pg_catalog.now();
  end if;
  -- Authorship is the session's, whatever the client sent: sign-off bars the last editor from
  -- approving, so no one may name another person as author. created_by is set once, on insert.
  -- Tables without updated_by or created_by ignore the keys.
  new := pg_catalog.jsonb_populate_record(new, pg_catalog.jsonb_build_object(
    'updated_by', auth.uid(),
    'created_by', case when tg_op = 'INSERT' then pg_catalog.to_jsonb(auth.uid()) else pg_catalog.to_jsonb(old) -> 'created_by' end));
  return new;
end;
$$;

COMMENT ON FUNCTION public.set_updated_at() IS 'BEFORE INSERT OR UPDATE trigger of every staff-edited table: on update, refuses (40001) a save that sends an updated_at older than the row''s (a save based on an old version; the detail names who changed it, by e-mail and name, and when); then stamps updated_at (on update) with the transaction time, updated_by with the caller (auth.uid(), null for scripts and visitors) and, on insert, created_by with the caller, whatever the client sent.';

REVOKE ALL ON FUNCTION public.set_updated_at() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_updated_at() TO service_role;
