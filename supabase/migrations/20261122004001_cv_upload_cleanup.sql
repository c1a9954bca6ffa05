-- A CV upload whose job_applications row is then refused (flood limit, an opening closed in the
-- meantime) must not stay behind as an orphan file. Visitors still can never list, read or delete
-- CVs. Only the uploader can take back its own upload, and only while no application claims it:
-- the upload folder is md5(secret) written as a uuid, the secret never leaves the web server, and
-- the web server proves it with the X-Cv-Upload-Secret request header (request.headers). The web
-- server always calls as anon, so the policies are for anon alone (one permissive policy per role
-- and action stays true: the admins' policies are for authenticated).

create function public.is_own_unclaimed_cv(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    split_part(object_name, '/', 1) = (
      select md5(secret)::uuid::text
      from (select nullif(current_setting('request.headers', true), '')::json ->> 'x-cv-upload-secret' as secret) as h
      where char_length(secret) >= 32
    )
    and not exists (select 1 from public.job_applications as a where a.cv_path = object_name),
    false
  )
$$;
comment on function public.is_own_unclaimed_cv(text) is
  'True when the current request carries the upload secret whose md5 (as a uuid) is the CV''s folder, and no job application refers to the CV: the uploader may take back a CV that no application claimed.';

revoke execute on function public.is_own_unclaimed_cv(text) from public;
grant execute on function public.is_own_unclaimed_cv(text) to anon, authenticated, service_role;

create policy "Uploaders can see their own unclaimed CV"
  on storage.objects for select to anon
  using (bucket_id = 'applications' and public.is_own_unclaimed_cv(name));

create policy "Uploaders can take back their own unclaimed CV"
  on storage.objects for delete to anon
  using (bucket_id = 'applications' and public.is_own_unclaimed_cv(name));
