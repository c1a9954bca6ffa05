-- An application from a visitor names its CV, and that CV must be in the applications bucket: the
-- web server uploads it first and inserts the row after, so a row whose cv_path names no object was
-- made with the anon key alone, around the form. The service role (retention, restores, tools)
-- is not held to it, as it bypasses row-level security anyway.

create function private.cv_was_uploaded(cv_path text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select cv_path is null
    or exists (select 1 from storage.objects as o where o.bucket_id = 'applications' and o.name = cv_path)
$$;
comment on function private.cv_was_uploaded(text) is
  'Insert policy helper for job_applications: true when cv_path is null or names an object in the applications bucket. The web server uploads the CV first, so a visitor''s row naming no object was made around the form.';
revoke all on function private.cv_was_uploaded(text) from public, anon, authenticated, service_role;
grant all on function private.cv_was_uploaded(text) to anon, authenticated, service_role;

drop policy "Visitors can apply to active job openings" on public.job_applications;
create policy "Visitors can apply to active job openings with an uploaded CV"
  on public.job_applications for insert to anon, authenticated
  with check (
    status = 'new'
    and public.job_opening_accepts_applications(job_opening_id)
    and private.cv_was_uploaded(cv_path)
  );
