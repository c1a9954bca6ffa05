-- private.trusted_proxies: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE private.trusted_proxies (
    network cidr NOT NULL,
    description text DEFAULT ''::text NOT NULL
);

COMMENT ON TABLE private.trusted_proxies IS 'Proxies whose X-Forwarded-For entries are believed when finding a request''s client address for the flood limits. Loopback by default (the local web server); add the web server''s address on a hosted project.';

ALTER TABLE ONLY private.trusted_proxies
    ADD CONSTRAINT trusted_proxies_pkey PRIMARY KEY (network);

ALTER TABLE private.trusted_proxies ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE private.trusted_proxies FROM anon, authenticated, service_role;
GRANT ALL ON TABLE private.trusted_proxies TO service_role;

CREATE FUNCTION private.client_address(forwarded_for text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
declare
  v_entries text[] := string_to_array(forwarded_for, ',');
  v_entry text;
  v_address inet;
  v_leftmost text;
  v_hops integer := 0;
begin
  if forwarded_for is null then
    return null;
  end if;
  for i in reverse coalesce(array_length(v_entries, 1), 0) .. 1 loop
    v_entry := btrim(v_entries[i]);
    continue when v_entry = '';
    v_hops := v_hops + 1;
    -- Only a trusted proxy makes a chain longer than this; stop believing it there.
    exit when v_hops > 32;
    if v_entry ~ '^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$' then
      v_address := v_entry::inet;
    else
      begin
        v_address := v_entry::inet;
      exception when others then
        -- Not an address, written by no proxy we trust: as far as we can tell, the client.
        return left(v_entry, 100);
      end;
    end if;
    if not exists (select 1 from private.trusted_proxies as p where v_address <<= p.network) then
      return host(v_address);
    end if;
    v_leftmost := host(v_address);
  end loop;
  -- Every hop is a trusted proxy: the request came from one of them.
  return v_leftmost;
end;
$_$;

COMMENT ON FUNCTION private.client_address(forwarded_for text) IS 'The client address of an X-Forwarded-For chain: walking from the right, the first address that is not in private.trusted_proxies (the leftmost when all are trusted). Null for a null header.';

REVOKE ALL ON FUNCTION private.client_address(forwarded_for text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.client_address(forwarded_for text) TO service_role;

CREATE FUNCTION private.request_client_address() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.client_address(nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for')
$$;

COMMENT ON FUNCTION private.request_client_address() IS 'The current API request''s client address (see private.client_address), or null outside a request.';

REVOKE ALL ON FUNCTION private.request_client_address() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.request_client_key() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The client address (see private.client_address), hashed so that no raw address is stored.
  -- Null outside an API request.
  select encode(sha256(convert_to('client:' || addr, 'UTF8')), 'hex')
  from (
    select private.client_address(
      nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for') as addr
  ) as h
  where addr is not null
$$;

COMMENT ON FUNCTION public.request_client_key() IS 'SHA-256 of the current API request''s client address: the rightmost X-Forwarded-For address that is not a trusted proxy (private.trusted_proxies), or null. Identifies a client for the flood limit without storing its IP.';

REVOKE ALL ON FUNCTION public.request_client_key() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.request_client_key() TO service_role;

CREATE FUNCTION public.is_rate_limited_caller() RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- Visitors and signed-in non-admins are limited; admins, service_role and direct database
  -- sessions (seed, migrations: no JWT claims) are not.
  select coalesce((select auth.role()), '') in ('anon', 'authenticated') and not (select public.is_admin())
$$;

COMMENT ON FUNCTION public.is_rate_limited_caller() IS 'True when the current request comes from anon or a non-admin signed-in user, i.e. the flood limit applies.';

REVOKE ALL ON FUNCTION public.is_rate_limited_caller() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_rate_limited_caller() TO service_role;

INSERT INTO private.trusted_proxies (network, description) VALUES
    ('127.0.0.0/8', 'IPv4 loopback: the web server on the same machine'),
    ('::1/128', 'IPv6 loopback: the web server on the same machine'),
    ('::ffff:127.0.0.0/104', 'IPv4 loopback as an IPv4-mapped IPv6 address');
