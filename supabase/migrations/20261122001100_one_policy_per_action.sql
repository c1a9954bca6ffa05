-- Supabase's database advisor (splinter): zero warnings.
--
-- multiple_permissive_policies: blog_posts, job_openings and staff_roles each had two permissive
-- SELECT policies for authenticated, so Postgres evaluated both for every row. Each pair becomes one
-- policy per role and action, with the same meaning.
--
-- public_bucket_allows_listing: the public media bucket had a SELECT policy for everyone. Public
-- URLs need no policy (the storage API serves them without asking the database who you are); the
-- policy only let anyone list every file. Reading storage.objects rows (listing, signed links,
-- upsert) is now for admins only, merged with the CV rule into one policy.

-- blog_posts ----------------------------------------------------------------------------------------
drop policy "Published posts are readable by everyone" on public.blog_posts;
drop policy "Admins can read every post, drafts included" on public.blog_posts;
create policy "Published posts are readable by everyone, drafts by admins"
  on public.blog_posts for select to anon, authenticated
  using (published or (select public.is_admin()));

-- job_openings --------------------------------------------------------------------------------------
drop policy "Active job openings are readable by everyone" on public.job_openings;
drop policy "Admins can read every job opening, inactive included" on public.job_openings;
create policy "Active job openings are readable by everyone, inactive ones by admins"
  on public.job_openings for select to anon, authenticated
  using (active or (select public.is_admin()));

-- staff_roles ---------------------------------------------------------------------------------------
drop policy "Staff can read their own roles" on public.staff_roles;
drop policy "Admins can read every staff role" on public.staff_roles;
create policy "Staff read their own roles, admins every role"
  on public.staff_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- storage.objects -----------------------------------------------------------------------------------
drop policy "Media files are readable by everyone" on storage.objects;
drop policy "Admins can read CVs" on storage.objects;
create policy "Admins can list and read media files and CVs"
  on storage.objects for select to authenticated
  using (bucket_id in ('media', 'applications') and (select public.is_admin()));

-- The other actions on storage.objects had one policy per bucket too; one per action keeps the rule
-- "at most one permissive policy per table, role and action" true in every schema we write.
drop policy "Admins can upload media files" on storage.objects;
drop policy "Applicants can upload a CV under a new folder" on storage.objects;
create policy "Admins upload media files, visitors a CV under a new folder"
  on storage.objects for insert to anon, authenticated
  with check (
    (bucket_id = 'media' and (select public.is_admin()))
    or (
      bucket_id = 'applications'
      and public.is_cv_object_name(name)
      and (owner is null or owner = (select auth.uid()))
      and private.cv_upload_allowed(bucket_id, name)
    )
  );

drop policy "Admins can replace media files" on storage.objects;
drop policy "Admins can update CVs" on storage.objects;
create policy "Admins can replace media files and CVs"
  on storage.objects for update to authenticated
  using (bucket_id in ('media', 'applications') and (select public.is_admin()))
  with check (bucket_id in ('media', 'applications') and (select public.is_admin()));

drop policy "Admins can delete media files" on storage.objects;
drop policy "Admins can delete CVs" on storage.objects;
create policy "Admins can delete media files and CVs"
  on storage.objects for delete to authenticated
  using (bucket_id in ('media', 'applications') and (select public.is_admin()));
