-- CVs leave the applications bucket only through the web server. It checks the caller's session
-- (applications.read at the assurance level the account needs), logs the download under the caller
-- (log_personal_data_read) and signs a link for a few minutes with the service role. No staff token
-- reads, signs, replaces or removes a CV object itself: a link it signed could last as long as it
-- chose and outlive the account; visitors keep their upload policies, the service role its access.

drop policy "Media editors list media; CV readers read a CV once logged" on storage.objects;
create policy "Media editors list and read media files"
  on storage.objects for select to authenticated
  using (bucket_id = 'media' and (select public.has_permission('media.write')));

drop policy "Media editors replace media files, application handlers CVs" on storage.objects;
create policy "Media editors replace media files"
  on storage.objects for update to authenticated
  using (bucket_id = 'media' and (select public.has_permission('media.write')))
  with check (bucket_id = 'media' and (select public.has_permission('media.write')));

drop policy "Media editors delete media files, application handlers CVs" on storage.objects;
create policy "Media editors delete media files"
  on storage.objects for delete to authenticated
  using (bucket_id = 'media' and (select public.has_permission('media.write')));

drop function private.cv_read_logged(text);

comment on function public.log_personal_data_read(text, uuid) is
  'Records a read of personal data before it happens: kind messages_export or subscribers_export (the CSV exports), or cv_download with the application''s id (the web server calls it with the staff member''s own token before it signs the CV link). Staff with the permission, at the assurance level their account needs.';
