-- The key that names a visitor in the history without holding their address: a keyed hash
-- (HMAC-SHA-256) of the address under a secret that only the database's own functions read.
--
--   1. private.subject_secret: one row, 256 random bits made when this migration runs, so every
--      install (local or hosted) has its own. No API role holds a privilege on it and the private
--      schema is not exposed; only security-definer functions read it. It is a table rather than
--      Supabase Vault because the same migrations run on the local backend, which has no Vault, and
--      because a table travels with `npm run db:dump` like the log it keys, so keys stay valid after
--      a move. Changing it orphans every key already written: never rotate it in place.
--   2. private.hmac_sha256(key, message): RFC 2104 over the built-in sha256(), as pgcrypto is not
--      on every backend.
--   3. private.keyed_hash(purpose, value): the hex HMAC of "purpose:value", so a key made for one
--      use (a subject, a flood-limit count) never equals one made for another.
--   4. private.subject_key(email): the subject of an address, trimmed and lower-cased first, so two
--      spellings of one address are one person and no other address is.

create table private.subject_secret (
  id boolean primary key default true check (id),
  -- Three random UUIDs (366 random bits) hashed to 32 bytes.
  secret bytea not null default sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
    check (octet_length(secret) = 32)
);
comment on table private.subject_secret is
  'One row: the secret of the keyed hashes that name visitors in the history (subject) and count their submissions. Made at install; read only by security-definer functions. Never change it: every key written before would name nobody.';
alter table private.subject_secret enable row level security;
revoke all on table private.subject_secret from public, anon, authenticated, service_role;
insert into private.subject_secret default values;

create function private.hmac_sha256(key bytea, message bytea)
returns bytea
language plpgsql
immutable
strict
set search_path = ''
as $$
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
comment on function private.hmac_sha256(bytea, bytea) is 'HMAC-SHA-256 (RFC 2104) of message under key, from the built-in sha256().';
revoke execute on function private.hmac_sha256(bytea, bytea) from public, anon, authenticated, service_role;

create function private.keyed_hash(purpose text, value text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select encode(private.hmac_sha256(s.secret, convert_to(purpose || ':' || value, 'UTF8')), 'hex')
  from private.subject_secret as s
$$;
comment on function private.keyed_hash(text, text) is
  'The hex HMAC-SHA-256 of "purpose:value" under the install''s secret (private.subject_secret); null for a null value.';
revoke execute on function private.keyed_hash(text, text) from public, anon, authenticated, service_role;

create function private.subject_key(email text)
returns text
language sql
stable
set search_path = ''
as $$
  select private.keyed_hash('subject', lower(btrim(email)))
$$;
comment on function private.subject_key(text) is
  'The subject of an e-mail address: the keyed hash of the address trimmed and lower-cased. The same for every spelling of one address, different for every other address; null for null.';
revoke execute on function private.subject_key(text) from public, anon, authenticated, service_role;
