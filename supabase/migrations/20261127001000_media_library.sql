-- The media library: where each file of the public media bucket is used, and renaming or moving one
-- without breaking the pages that show it.
--
-- A media file is addressed by its public URL (/storage/v1/object/public/media/<name>) or an image
-- transformation of it (/storage/v1/render/image/public/media/<name>?width=…), whatever the host.
-- These columns can hold such a URL:
--   blog_posts        featured_image, author_avatar, content (HTML)
--   clients           logo_url
--   testimonials      avatar
--   team_members      avatar
--   website_content   content (JSON)
--   site_settings     value
-- public.media_usage() reads them for the Media screen; public.rewrite_media_references() rewrites
-- them after the Storage API moved a file, as the mover, so the activity log and versions record it.

create function private.media_url_pattern(object_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- A name holds only letters, digits, '.', '_', '-' and '/', so '.' is the one character to escape.
  -- The name must end there: blog/a.png does not match inside blog/a.png.bak.
  select '(/storage/v1/(?:object|render/image)/public/media/)'
    || replace(object_name, '.', '\.')
    || '(?=$|[^A-Za-z0-9._~%/-])'
$$;
comment on function private.media_url_pattern(text) is
  'A regular expression matching the public or image-transformation URL of exactly this media object (any host); group 1 is the URL up to the name.';
revoke execute on function private.media_url_pattern(text) from public, anon, authenticated, service_role;

create function private.is_media_object_name(object_name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select object_name ~ '^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$'
     and object_name !~ '(^|/)\.\.?(/|$)'
     and char_length(object_name) <= 500
$$;
comment on function private.is_media_object_name(text) is
  'True for a media file name the library can rename: folders and a file name of letters, digits, ".", "_" and "-", joined by "/", at most 500 characters.';
revoke execute on function private.is_media_object_name(text) from public, anon, authenticated, service_role;

-- Where each file is used -----------------------------------------------------------------------------

create function public.media_usage()
returns table (object_name text, item_table text, item_id text, item_label text)
language plpgsql
stable
-- Reads drafts and every content table whatever the caller's other permissions: a file's uses are
-- what staff who manage media need to see before they rename or delete it.
security definer
set search_path = ''
as $$
declare
  media_url constant text := '/storage/v1/(?:object|render/image)/public/media/([A-Za-z0-9._~%/-]+)';
begin
  if not public.has_permission('media.write') then
    raise exception using errcode = '42501', message = 'Only staff who manage media can see where files are used.';
  end if;
  return query
  select distinct u.object_name, u.item_table, u.item_id, u.item_label
  from (
    select m[1] as object_name, 'blog_posts'::text as item_table, p.id::text as item_id, p.title as item_label
      from public.blog_posts as p,
           regexp_matches(concat_ws(' ', p.featured_image, p.author_avatar, p.content), media_url, 'g') as m
    union all
    select m[1], 'clients', c.id::text, c.name
      from public.clients as c, regexp_matches(coalesce(c.logo_url, ''), media_url, 'g') as m
    union all
    select m[1], 'testimonials', t.id::text, t.name
      from public.testimonials as t, regexp_matches(t.avatar, media_url, 'g') as m
    union all
    select m[1], 'team_members', t.id::text, t.name
      from public.team_members as t, regexp_matches(t.avatar, media_url, 'g') as m
    union all
    select m[1], 'website_content', w.section, w.section
      from public.website_content as w, regexp_matches(w.content::text, media_url, 'g') as m
    union all
    select m[1], 'site_settings', s.key, s.key
      from public.site_settings as s, regexp_matches(s.value, media_url, 'g') as m
  ) as u
  order by u.object_name, u.item_table, u.item_label;
end;
$$;
comment on function public.media_usage() is
  'Every use of a media file: its object name and the item whose column holds its URL (table, id, title or name; the section or key for website content and settings). Staff with media.write only.';

revoke execute on function public.media_usage() from public, anon, service_role;
grant execute on function public.media_usage() to authenticated;

-- Renaming keeps the pages working ----------------------------------------------------------------------

create function public.rewrite_media_references(from_name text, to_name text)
returns integer
language plpgsql
volatile
-- Rewrites columns the caller's other permissions may not open (site settings, drafts): the change
-- follows a move of the file that the caller was allowed to make, and changes nothing else.
security definer
set search_path = ''
as $$
declare
  pattern text;
  replacement text;
  changed integer;
  total integer := 0;
begin
  if not public.has_permission('media.write') then
    raise exception using errcode = '42501', message = 'Only staff who manage media can rename or move files.';
  end if;
  if not (private.is_media_object_name(from_name) and private.is_media_object_name(to_name)) or from_name = to_name then
    raise exception using errcode = '22023', message = 'A media file name holds letters, digits, ".", "_", "-" and "/" only.';
  end if;
  -- Only a move the Storage API has made: the new name is a file, the old one no longer is.
  if not exists (select 1 from storage.objects as o where o.bucket_id = 'media' and o.name = to_name)
     or exists (select 1 from storage.objects as o where o.bucket_id = 'media' and o.name = from_name) then
    raise exception using errcode = '22023', message = 'Move the file first: its new name must exist and its old name must not.';
  end if;

  pattern := private.media_url_pattern(from_name);
  replacement := '\1' || to_name;

  update public.blog_posts as p
     set featured_image = regexp_replace(p.featured_image, pattern, replacement, 'g'),
         author_avatar = regexp_replace(p.author_avatar, pattern, replacement, 'g'),
         content = regexp_replace(p.content, pattern, replacement, 'g')
   where p.featured_image ~ pattern or p.author_avatar ~ pattern or p.content ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.clients as c set logo_url = regexp_replace(c.logo_url, pattern, replacement, 'g') where c.logo_url ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.testimonials as t set avatar = regexp_replace(t.avatar, pattern, replacement, 'g') where t.avatar ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.team_members as t set avatar = regexp_replace(t.avatar, pattern, replacement, 'g') where t.avatar ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.website_content as w
     set content = regexp_replace(w.content::text, pattern, replacement, 'g')::jsonb
   where w.content::text ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  update public.site_settings as s set value = regexp_replace(s.value, pattern, replacement, 'g') where s.value ~ pattern;
  get diagnostics changed = row_count;
  total := total + changed;

  return total;
end;
$$;
comment on function public.rewrite_media_references(text, text) is
  'After the Storage API moved a media file from from_name to to_name: replaces its public and image-transformation URLs in every column that can hold one (blog_posts featured_image, author_avatar and content; clients.logo_url; testimonials.avatar; team_members.avatar; website_content.content; site_settings.value), as the caller, so the activity log and versions record each change. Returns the number of rows changed. Staff with media.write only; refused unless to_name is a media file and from_name no longer is.';

revoke execute on function public.rewrite_media_references(text, text) from public, anon, service_role;
grant execute on function public.rewrite_media_references(text, text) to authenticated;
