-- Storage: the buckets, the policies on storage.objects (the Storage API's only gate) and the media library's functions.

CREATE FUNCTION private.is_media_object_name(object_name text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select object_name ~ '^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$'
     and object_name !~ '(^|/)\.\.?(/|$)'
     and char_length(object_name) <= 500
$_$;

COMMENT ON FUNCTION private.is_media_object_name(object_name text) IS 'True for a media file name the library can rename: folders and a file name of letters, digits, ".", "_" and "-", joined by "/", at most 500 characters.';

REVOKE ALL ON FUNCTION private.is_media_object_name(object_name text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.media_url_pattern(object_name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  -- A name holds only letters, digits, '.', '_', '-' and '/', so '.' is the one character to escape.
  -- The name must end there: blog/a.png does not match inside blog/a.png.bak.
  select '(/storage/v1/(?:object|render/image)/public/media/)'
    || replace(object_name, '.', '\.')
    || '(?=$|[^A-Za-z0-9._~%/-])'
$_$;

COMMENT ON FUNCTION private.media_url_pattern(object_name text) IS 'A regular expression matching the public or image-transformation URL of exactly this media object (any host); group 1 is the URL up to the name.';


SET default_tablespace = '';

SET default_table_access_method = heap;

REVOKE ALL ON FUNCTION private.media_url_pattern(object_name text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.log_file_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_file storage.objects := case when tg_op = 'DELETE' then old else new end;
  v_changes jsonb;
  v_title text;
  v_subject text;
begin
  -- A visitor's CV upload is the application form, not staff activity; its removal or replacement is.
  if v_file.bucket_id not in ('media', 'applications') or (tg_op = 'INSERT' and v_file.bucket_id = 'applications') then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    v_changes := private.changed_fields(
      jsonb_build_object('name', old.name, 'size', old.metadata -> 'size', 'type', old.metadata -> 'mimetype', 'version', old.version),
      jsonb_build_object('name', new.name, 'size', new.metadata -> 'size', 'type', new.metadata -> 'mimetype', 'version', new.version));
    -- Bookkeeping (last access, metadata refreshed to the same values) is no event.
    if v_changes is null then
      return null;
    end if;
  end if;
  if v_file.bucket_id = 'applications' then
    select 'CV of ' || a.name, private.subject_key(a.email) into v_title, v_subject
      from public.job_applications as a where a.cv_path in (old.name, new.name) limit 1;
    -- A CV's object name is the applicant's own file name: once no application holds the CV (an
    -- erasure, the clean-up of unclaimed CVs), the entry does not repeat it.
    if v_title is null then
      v_title := 'CV no application holds';
      v_changes := v_changes - 'name';
    end if;
  end if;
  perform private.write_activity(
    case tg_op when 'INSERT' then 'created' when 'DELETE' then 'deleted' else 'updated' end,
    case v_file.bucket_id when 'media' then 'content' else 'leads' end,
    case v_file.bucket_id when 'media' then 'media_files' else 'cv_files' end,
    v_file.id::text,
    coalesce(v_title, v_file.name),
    v_changes,
    v_subject);
  return null;
end;
$$;

COMMENT ON FUNCTION private.log_file_change() IS 'AFTER INSERT/UPDATE/DELETE on storage.objects: logs a media file added, replaced, moved or removed (area content, table media_files) and a CV replaced or removed (area leads, table cv_files, with its applicant as subject; without the file''s name once no application holds it), by whoever did it through the Storage API.';

REVOKE ALL ON FUNCTION private.log_file_change() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.changed_media_names(old_file storage.objects, new_file storage.objects) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- A name shows other bytes when a file appears there, leaves it, or is replaced (a new version or
  -- content hash); a metadata refresh with the same bytes changes nothing.
  select array_remove(array[
    case when old_file.name is not null and (new_file.name is distinct from old_file.name
                                             or new_file.version is distinct from old_file.version
                                             or new_file.metadata ->> 'eTag' is distinct from old_file.metadata ->> 'eTag')
         then old_file.name end,
    case when new_file.name is not null and (new_file.name is distinct from old_file.name
                                             or new_file.version is distinct from old_file.version
                                             or new_file.metadata ->> 'eTag' is distinct from old_file.metadata ->> 'eTag')
         then new_file.name end], null)
$$;

COMMENT ON FUNCTION private.changed_media_names(old_file storage.objects, new_file storage.objects) IS 'The object names whose bytes a write of storage.objects changes (the old row null on insert, the new row null on delete).';

REVOKE ALL ON FUNCTION private.changed_media_names(old_file storage.objects, new_file storage.objects) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.guard_approved_files() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_names text[] := private.changed_media_names(case when tg_op <> 'INSERT' then old end, case when tg_op <> 'DELETE' then new end);
  v_item text;
begin
  -- Files under sign-off are changed through the Storage API by staff; service-role tooling
  -- (storage:push, a restore) copies files as they are.
  if (case when tg_op = 'DELETE' then old.bucket_id else new.bucket_id end) <> 'media'
     or cardinality(v_names) = 0
     or coalesce((select auth.role()), '') not in ('anon', 'authenticated')
     or not private.content_requires_approval() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  -- Visitors would see other bytes than the ones approved: the approved file stays.
  select i.kind into v_item from private.items_showing_files(v_names) as i where i.live limit 1;
  if v_item is not null then
    raise exception using
      errcode = '42501',
      message = 'Publishing needs approval: this file is shown on the live site as approved. Upload the new picture under another name and use it in the item; that change waits for approval.';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

COMMENT ON FUNCTION private.guard_approved_files() IS 'BEFORE INSERT/UPDATE/DELETE on storage.objects: while content_requires_approval is on, refuses (42501) to API callers a write that changes the bytes at a media name a live post or solution shows (replacing, moving or removing it, or storing a file at that name).';

REVOKE ALL ON FUNCTION private.guard_approved_files() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.withdraw_reviews_of_changed_files() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_names text[] := private.changed_media_names(case when tg_op <> 'INSERT' then old end, case when tg_op <> 'DELETE' then new end);
  v_item record;
begin
  if (case when tg_op = 'DELETE' then old.bucket_id else new.bucket_id end) <> 'media' or cardinality(v_names) = 0 then
    return null;
  end if;
  -- An approval names the files' bytes: other bytes are another version, which waits for review.
  for v_item in select distinct i.kind, i.item_id from private.items_showing_files(v_names) as i loop
    perform private.withdraw_reviews_of_other_versions(v_item.kind, v_item.item_id);
  end loop;
  return null;
end;
$$;

COMMENT ON FUNCTION private.withdraw_reviews_of_changed_files() IS 'AFTER INSERT/UPDATE/DELETE on storage.objects: withdraws the pending and approved reviews of every post or solution showing a media file whose bytes changed, since their fingerprint covered the old bytes.';

REVOKE ALL ON FUNCTION private.withdraw_reviews_of_changed_files() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.media_usage() RETURNS TABLE(object_name text, item_table text, item_id text, item_label text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  media_url constant text := '/storage/v1/(?:object|render/image)/public/media/([A-Za-z0-9._~%/-]+)';
begin
  if not (public.has_permission('media.write') and public.has_required_aal()) then
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

COMMENT ON FUNCTION public.media_usage() IS 'Every use of a media file: its object name and the item whose column holds its URL (table, id, title or name; the section or key for website content and settings). Staff with media.write, at the assurance level their account needs.';

REVOKE ALL ON FUNCTION public.media_usage() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.media_usage() TO authenticated;

CREATE FUNCTION public.rewrite_media_references(from_name text, to_name text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  pattern text;
  replacement text;
  changed integer;
  total integer := 0;
begin
  if not (public.has_permission('media.write') and public.has_required_aal()) then
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

COMMENT ON FUNCTION public.rewrite_media_references(from_name text, to_name text) IS 'After the Storage API moved a media file from from_name to to_name: replaces its public and image-transformation URLs in every column that can hold one (blog_posts featured_image, author_avatar and content; clients.logo_url; testimonials.avatar; team_members.avatar; website_content.content; site_settings.value), as the caller, so the activity log and versions record each change. Returns the number of rows changed. Staff with media.write at the assurance level their account needs; refused unless to_name is a media file and from_name no longer is.';

REVOKE ALL ON FUNCTION public.rewrite_media_references(from_name text, to_name text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.rewrite_media_references(from_name text, to_name text) TO authenticated;

CREATE TRIGGER objects_guard_approved_files BEFORE INSERT OR DELETE OR UPDATE ON storage.objects FOR EACH ROW EXECUTE FUNCTION private.guard_approved_files();

CREATE TRIGGER objects_log_file_change AFTER INSERT OR DELETE OR UPDATE ON storage.objects FOR EACH ROW EXECUTE FUNCTION private.log_file_change();

CREATE TRIGGER objects_withdraw_reviews_of_changed_files AFTER INSERT OR DELETE OR UPDATE ON storage.objects FOR EACH ROW EXECUTE FUNCTION private.withdraw_reviews_of_changed_files();

CREATE POLICY "Media editors delete media files" ON storage.objects
    FOR DELETE TO authenticated
    USING (((bucket_id = 'media') AND (select public.has_permission('media.write'))));

CREATE POLICY "Media editors list and read media files" ON storage.objects
    FOR SELECT TO authenticated
    USING (((bucket_id = 'media') AND (select public.has_permission('media.write'))));

CREATE POLICY "Media editors replace media files" ON storage.objects
    FOR UPDATE TO authenticated
    USING (((bucket_id = 'media') AND (select public.has_permission('media.write'))))
    WITH CHECK (((bucket_id = 'media') AND (select public.has_permission('media.write'))));

CREATE POLICY "Media editors upload media files, visitors a CV under a new fol" ON storage.objects
    FOR INSERT TO anon, authenticated
    WITH CHECK ((((bucket_id = 'media') AND (select public.has_permission('media.write'))) OR ((bucket_id = 'applications') AND public.is_cv_object_name(name) AND ((owner IS NULL) OR (owner = (select auth.uid()))) AND private.cv_upload_allowed(bucket_id, name))));

CREATE POLICY "Two-factor for adding files" ON storage.objects
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing files" ON storage.objects
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading files" ON storage.objects
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing files" ON storage.objects
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Uploaders can see their own unclaimed CV" ON storage.objects
    FOR SELECT TO anon
    USING (((bucket_id = 'applications') AND public.is_own_unclaimed_cv(name)));

CREATE POLICY "Uploaders can take back their own unclaimed CV" ON storage.objects
    FOR DELETE TO anon
    USING (((bucket_id = 'applications') AND public.is_own_unclaimed_cv(name)));

INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types) VALUES
    ('applications', 'applications', false, 5242880, '{application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document}'),
    ('media', 'media', true, 5242880, '{image/png,image/jpeg,image/gif,image/webp}');
