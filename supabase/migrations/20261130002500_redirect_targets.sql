-- A redirect's target goes into the Location header of every visit to its path, so it must be what a
-- header may carry and what a browser reads the way the editor meant: printable ASCII.
--
--   1. Control characters (C0, DEL, C1), invisible format characters and characters that look like
--      a URL's separators (U+3002 and U+FF0E for ".", U+FF0F and U+2215 for "/", …: any non-ASCII
--      character whose compatibility form holds ASCII punctuation, and the ideographic full stop,
--      which browsers read as a dot in a host name) are refused with a clear message.
--   2. Any other non-ASCII character (an accented letter in a path) is stored percent-encoded.
--   3. The table keeps to that: a target is printable ASCII, a site path or an http(s) URL whose host
--      is plain ASCII (no percent-encoding, which a browser would decode into a host name).
--   4. Stored targets that break the rule (they answered 500) are encoded, or removed when they hold
--      a refused character.

create function private.unsafe_url_characters(value text)
returns boolean
language sql
immutable
strict
set search_path = ''
as $$
  select value ~ '[\x01-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3002\ufeff]'
    or exists (
      select 1 from regexp_split_to_table(value, '') as c
      where c ~ '[^\x01-\x7e]' and normalize(c, nfkc) ~ '[!-/:-@[-`{-~]')
$$;
comment on function private.unsafe_url_characters(text) is
  'True when a URL holds a control or invisible format character, or a character that looks like a URL separator (its compatibility form holds ASCII punctuation, or the ideographic full stop).';
-- The redirects' guard runs as the writer (staff, the service role).
revoke execute on function private.unsafe_url_characters(text) from public, anon;
grant execute on function private.unsafe_url_characters(text) to authenticated, service_role;

create function private.percent_encoded(value text)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  -- Lower-case hex, as site paths are stored lower-cased (private.normalized_path).
  select coalesce(string_agg(
    case when c ~ '^[\x01-\x7e]$' then c else regexp_replace(encode(convert_to(c, 'UTF8'), 'hex'), '(..)', '%\1', 'g') end,
    '' order by n), '')
  from regexp_split_to_table(value, '') with ordinality as t (c, n)
$$;
comment on function private.percent_encoded(text) is 'The text with every non-ASCII character written as its UTF-8 bytes percent-encoded (%xx).';
revoke execute on function private.percent_encoded(text) from public, anon;
grant execute on function private.percent_encoded(text) to authenticated, service_role;

create function private.guard_redirect_target()
returns trigger
language plpgsql
set search_path = ''
as $$
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
comment on function private.guard_redirect_target() is
  'BEFORE INSERT OR UPDATE on redirects, after redirects_guard: refuses a target with control or look-alike characters and stores it percent-encoded (printable ASCII).';
revoke execute on function private.guard_redirect_target() from public, anon, authenticated, service_role;

-- Named to fire after redirects_guard (triggers fire in name order), which normalizes the paths.
create trigger redirects_target_printable
  before insert or update on public.redirects
  for each row execute function private.guard_redirect_target();

-- Targets already stored: a refused character means the redirect never worked; the rest are encoded.
delete from public.redirects as r where private.unsafe_url_characters(r.to_path);
update public.redirects as r set to_path = r.to_path where r.to_path ~ '[^!-~]';

alter table public.redirects drop constraint redirects_to_path_check;
alter table public.redirects add constraint redirects_to_path_check check (
  char_length(to_path) <= 2048
  and to_path ~ '^[!-~]+$'
  and ((to_path ~ '^/' and to_path !~ '^//') or to_path ~* '^https?://[a-z0-9.-]+(:[0-9]{1,5})?([/?#][!-~]*)?$')
);
comment on constraint redirects_to_path_check on public.redirects is
  'A target is printable ASCII (percent-encoded), at most 2048 characters: a path on this site, or an http(s) URL whose host is plain ASCII letters, digits, dots and dashes.';
