-- CVs that no application references: a visitor's CV is uploaded before the application is sent,
-- so a CV whose application never came (a closed tab, a refused form) is left behind. The web server
-- lists those older than a day with this function and removes them through the Storage API with the
-- service-role key, so each row goes together with its file (storage rows cannot be deleted from SQL).
-- Security invoker, and executable by the service role alone: nobody else may see CV names.

create function public.unclaimed_cvs(max_rows integer default 1000)
returns setof text
language sql
stable
set search_path = ''
as $$
  select o.name
    from storage.objects as o
   where o.bucket_id = 'applications'
     and o.created_at < now() - interval '1 day'
     and not exists (select 1 from public.job_applications as a where a.cv_path = o.name)
   order by o.created_at
   limit least(greatest(max_rows, 1), 1000)
$$;
comment on function public.unclaimed_cvs(integer) is
  'Names of CVs in the applications bucket older than a day that no job application refers to, oldest first (at most 1000): what the web server removes through the Storage API.';

revoke execute on function public.unclaimed_cvs(integer) from public, anon, authenticated;
grant execute on function public.unclaimed_cvs(integer) to service_role;
