-- A "path on this site" is one slash followed by anything but another slash or a backslash: browsers
-- read `//host` and `/\host` as addresses on another site (a backslash counts as a slash, and tabs
-- and newlines are dropped before parsing). Control characters are refused like whitespace, so a
-- value means the same to this check as to a browser. The app's checks (src/lib/safe-url.ts) apply
-- the same rule.

create or replace function public.is_safe_url(url text)
returns boolean
language sql
immutable
strict -- null in, null out: a CHECK on a nullable column then accepts null
set search_path = ''
as $$
  select char_length(url) <= 2048
    and url ~* '^(https?://[^[:space:][:cntrl:]]+|/([^/\\[:space:][:cntrl:]][^[:space:][:cntrl:]]*)?)$'
$$;
comment on function public.is_safe_url(text) is
  'True for an http(s) URL or a path on this site (one "/" not followed by "/" or "\"), at most 2048 characters, without whitespace or control characters; false for //host, /\host, javascript:, data: and the like. Used by CHECK constraints on link and image columns.';

-- The home page's hero image is the one stored image URL inside a JSON document; it gets the same
-- rule as the image columns. Rows saved before this rule are not re-checked (the page shows the
-- built-in image for a value it refuses).
alter table public.website_content
  add constraint website_content_hero_image_safe
  check (section <> 'hero' or jsonb_typeof(content -> 'image') is distinct from 'string' or public.is_safe_url(content ->> 'image'))
  not valid;
