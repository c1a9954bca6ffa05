-- private.subject_secret: the secret of the keyed hashes that name visitors in the history and count
-- their submissions, and the functions that make those keys (see docs/security.md, How subjects are keyed).

CREATE TABLE private.subject_secret (
    id boolean DEFAULT true NOT NULL,
    secret bytea DEFAULT sha256(((uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) || uuid_send(gen_random_uuid()))) NOT NULL,
    CONSTRAINT subject_secret_id_check CHECK (id),
    CONSTRAINT subject_secret_secret_check CHECK ((octet_length(secret) = 32))
);

COMMENT ON TABLE private.subject_secret IS 'One row: the secret of the keyed hashes that name visitors in the history (subject) and count their submissions. Made at install; read only by security-definer functions. Never change it: every key written before would name nobody.';

ALTER TABLE ONLY private.subject_secret
    ADD CONSTRAINT subject_secret_pkey PRIMARY KEY (id);

ALTER TABLE private.subject_secret ENABLE ROW LEVEL SECURITY;

-- Made once, when the schema is created: every install has its own.
INSERT INTO private.subject_secret DEFAULT VALUES;

CREATE FUNCTION private.hmac_sha256(key bytea, message bytea) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$
declare
  v_key bytea := case when octet_length(key) > 64 then sha256(key) else key end;
  v_inner bytea;
  v_outer bytea;
begin
  -- The key padded to the block size (64 bytes), then XORed with 0x36 and 0x5c.
  v_key := v_key || decode(repeat('00', 64 - octet_length(v_key)), 'hex');
  v_inner := v_key;
  v_outer := v_key;
  for i in 0..63 loop
    v_inner := set_byte(v_inner, i, get_byte(v_key, i) # 54);
    v_outer := set_byte(v_outer, i, get_byte(v_key, i) # 92);
  end loop;
  return sha256(v_outer || sha256(v_inner || message));
end;
$$;

COMMENT ON FUNCTION private.hmac_sha256(key bytea, message bytea) IS 'HMAC-SHA-256 (RFC 2104) of message under key, from the built-in sha256().';

REVOKE ALL ON FUNCTION private.hmac_sha256(key bytea, message bytea) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.keyed_hash(purpose text, value text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select encode(private.hmac_sha256(s.secret, convert_to(purpose || ':' || value, 'UTF8')), 'hex')
  from private.subject_secret as s
$$;

COMMENT ON FUNCTION private.keyed_hash(purpose text, value text) IS 'The hex HMAC-SHA-256 of "purpose:value" under the install''s secret (private.subject_secret); null for a null value.';

REVOKE ALL ON FUNCTION private.keyed_hash(purpose text, value text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.subject_key(email text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.keyed_hash('subject', lower(btrim(email)))
$$;

COMMENT ON FUNCTION private.subject_key(email text) IS 'The subject of an e-mail address: the keyed hash of the address trimmed and lower-cased. The same for every spelling of one address, different for every other address; null for null.';

REVOKE ALL ON FUNCTION private.subject_key(email text) FROM PUBLIC, anon, authenticated, service_role;
