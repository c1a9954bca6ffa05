-- Storage buckets and their policies on storage.objects (the storage API's only gate).
--
-- media (public): images for blog posts and the site, readable by anyone, written by admins.
--   SVG is not allowed: an SVG served from the storage origin can carry script.
-- applications (private): CVs. Visitors may upload one object under a fresh random folder
--   ('<uuid>/<file>.pdf|doc|docx', see public.is_cv_object_name) but can never list, read, replace
--   or delete anything; admins read (signed links), update and delete.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('media', 'media', true, 5242880,
   array['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  ('applications', 'applications', false, 5242880,
   array['application/pdf', 'application/msword',
         'application/vnd.openxmlformats-officedocument.wordprocessingml.document'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- media -------------------------------------------------------------------------------------------

create policy "Media files are readable by everyone"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'media');

create policy "Admins can upload media files"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'media' and (select public.is_admin()));

create policy "Admins can replace media files"
  on storage.objects for update to authenticated
  using (bucket_id = 'media' and (select public.is_admin()))
  with check (bucket_id = 'media' and (select public.is_admin()));

create policy "Admins can delete media files"
  on storage.objects for delete to authenticated
  using (bucket_id = 'media' and (select public.is_admin()));

-- applications ------------------------------------------------------------------------------------

create policy "Applicants can upload a CV under a new folder"
  on storage.objects for insert to anon, authenticated
  with check (
    bucket_id = 'applications'
    and public.is_cv_object_name(name)
    and (owner is null or owner = (select auth.uid()))
  );

create policy "Admins can read CVs"
  on storage.objects for select to authenticated
  using (bucket_id = 'applications' and (select public.is_admin()));

create policy "Admins can update CVs"
  on storage.objects for update to authenticated
  using (bucket_id = 'applications' and (select public.is_admin()))
  with check (bucket_id = 'applications' and (select public.is_admin()));

create policy "Admins can delete CVs"
  on storage.objects for delete to authenticated
  using (bucket_id = 'applications' and (select public.is_admin()));
