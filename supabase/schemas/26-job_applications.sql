-- public.job_applications: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE FUNCTION public.is_cv_object_name(name text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $_$
  -- '<uuid>/<file>.pdf|doc|docx': the random folder makes the object unguessable; the file name is
  -- kept to safe characters.
  select name ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[a-z0-9][a-z0-9._ -]{0,119}\.(pdf|doc|docx)$'
$_$;

COMMENT ON FUNCTION public.is_cv_object_name(name text) IS 'True for a CV object name in the applications bucket: "<uuid>/<file>.pdf", ".doc" or ".docx" (file name of letters, digits, dot, dash, underscore, space; at most 124 characters).';

REVOKE ALL ON FUNCTION public.is_cv_object_name(name text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_cv_object_name(name text) TO anon;
GRANT ALL ON FUNCTION public.is_cv_object_name(name text) TO authenticated;
GRANT ALL ON FUNCTION public.is_cv_object_name(name text) TO service_role;

CREATE TABLE public.job_applications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    job_opening_id uuid NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    phone text,
    cover_note text,
    cv_path text NOT NULL,
    status text DEFAULT 'new'::text NOT NULL,
    client_key text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    consent_at timestamp with time zone,
    privacy_notice_version text,
    keep_for_future_roles boolean DEFAULT false NOT NULL,
    CONSTRAINT job_applications_client_key_check CHECK ((client_key ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT job_applications_cover_note_check CHECK ((char_length(cover_note) <= 5000)),
    CONSTRAINT job_applications_cv_path_check CHECK (public.is_cv_object_name(cv_path)),
    CONSTRAINT job_applications_email_check CHECK (public.is_email(email)),
    CONSTRAINT job_applications_name_check CHECK (((btrim(name) <> ''::text) AND (char_length(name) <= 200))),
    CONSTRAINT job_applications_phone_check CHECK (((char_length(phone) <= 40) AND (phone ~ '^[0-9+()./ -]*$'::text))),
    CONSTRAINT job_applications_privacy_notice_version_check CHECK ((char_length(privacy_notice_version) <= 40)),
    CONSTRAINT job_applications_status_check CHECK ((status = ANY (ARRAY['new'::text, 'reviewing'::text, 'rejected'::text, 'hired'::text])))
);

COMMENT ON TABLE public.job_applications IS 'Applications from /careers. cv_path names the CV object in the private applications storage bucket. Visitors may only insert, and only for an active opening; admins read, set status and delete.';

COMMENT ON COLUMN public.job_applications.cv_path IS 'Object name in storage bucket applications: "<uuid>/<file>.pdf|doc|docx". Unique: a CV belongs to one application, so its logged download names the right candidate.';

COMMENT ON COLUMN public.job_applications.status IS 'Hiring step: new (just arrived), reviewing, rejected or hired. Set by admins only.';

COMMENT ON COLUMN public.job_applications.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

COMMENT ON COLUMN public.job_applications.consent_at IS 'When the applicant agreed to the privacy notice (the time of applying).';

COMMENT ON COLUMN public.job_applications.privacy_notice_version IS 'The privacy notice in force when the application was sent (privacy_notice_version()).';

COMMENT ON COLUMN public.job_applications.keep_for_future_roles IS 'The applicant agreed that the application and CV may be kept for future roles (a longer retention period). Off unless ticked.';

ALTER TABLE ONLY public.job_applications
    ADD CONSTRAINT job_applications_cv_path_key UNIQUE (cv_path);

ALTER TABLE ONLY public.job_applications
    ADD CONSTRAINT job_applications_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.job_applications
    ADD CONSTRAINT job_applications_job_opening_id_fkey FOREIGN KEY (job_opening_id) REFERENCES public.job_openings(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.job_applications
    ADD CONSTRAINT job_applications_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX job_applications_created_at_idx ON public.job_applications USING btree (created_at DESC);

CREATE INDEX job_applications_opening_created_at_idx ON public.job_applications USING btree (job_opening_id, created_at DESC);

ALTER TABLE public.job_applications ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.job_applications FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.job_applications TO service_role;
GRANT SELECT,DELETE ON TABLE public.job_applications TO authenticated;

GRANT INSERT(job_opening_id) ON TABLE public.job_applications TO anon;
GRANT INSERT(job_opening_id) ON TABLE public.job_applications TO authenticated;

GRANT INSERT(name) ON TABLE public.job_applications TO anon;
GRANT INSERT(name) ON TABLE public.job_applications TO authenticated;

GRANT INSERT(email) ON TABLE public.job_applications TO anon;
GRANT INSERT(email) ON TABLE public.job_applications TO authenticated;

GRANT INSERT(phone) ON TABLE public.job_applications TO anon;
GRANT INSERT(phone) ON TABLE public.job_applications TO authenticated;

GRANT INSERT(cover_note) ON TABLE public.job_applications TO anon;
GRANT INSERT(cover_note) ON TABLE public.job_applications TO authenticated;

GRANT INSERT(cv_path) ON TABLE public.job_applications TO anon;
GRANT INSERT(cv_path) ON TABLE public.job_applications TO authenticated;

GRANT UPDATE(status) ON TABLE public.job_applications TO authenticated;

GRANT INSERT(keep_for_future_roles) ON TABLE public.job_applications TO anon;
GRANT INSERT(keep_for_future_roles) ON TABLE public.job_applications TO authenticated;

CREATE FUNCTION public.guard_job_application() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.client_key := public.request_client_key();
  perform public.enforce_submission_limit('application', new.email, 5, 10);
  return new;
end;
$$;

COMMENT ON FUNCTION public.guard_job_application() IS 'BEFORE INSERT on job_applications: stamps client_key and applies the flood limit (5 per e-mail and 10 per client per hour).';

REVOKE ALL ON FUNCTION public.guard_job_application() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.guard_job_application() TO service_role;

CREATE FUNCTION private.cv_was_uploaded(cv_path text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select cv_path is null
    or exists (select 1 from storage.objects as o where o.bucket_id = 'applications' and o.name = cv_path)
$$;

COMMENT ON FUNCTION private.cv_was_uploaded(cv_path text) IS 'Insert policy helper for job_applications: true when cv_path is null or names an object in the applications bucket. The web server uploads the CV first, so a visitor''s row naming no object was made around the form.';

REVOKE ALL ON FUNCTION private.cv_was_uploaded(cv_path text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.cv_was_uploaded(cv_path text) TO anon;
GRANT ALL ON FUNCTION private.cv_was_uploaded(cv_path text) TO authenticated;
GRANT ALL ON FUNCTION private.cv_was_uploaded(cv_path text) TO service_role;

CREATE FUNCTION public.is_own_unclaimed_cv(object_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.is_own_unclaimed_cv(object_name text) IS 'True when the current request carries the upload secret whose md5 (as a uuid) is the CV''s folder, and no job application refers to the CV: the uploader may take back a CV that no application claimed.';

REVOKE ALL ON FUNCTION public.is_own_unclaimed_cv(object_name text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_own_unclaimed_cv(object_name text) TO anon;
GRANT ALL ON FUNCTION public.is_own_unclaimed_cv(object_name text) TO authenticated;
GRANT ALL ON FUNCTION public.is_own_unclaimed_cv(object_name text) TO service_role;

CREATE FUNCTION public.unclaimed_cvs(max_rows integer DEFAULT 1000) RETURNS SETOF text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select o.name
    from storage.objects as o
   where o.bucket_id = 'applications'
     and o.created_at < now() - interval '1 day'
     and not exists (select 1 from public.job_applications as a where a.cv_path = o.name)
   order by o.created_at
   limit least(greatest(max_rows, 1), 1000)
$$;

COMMENT ON FUNCTION public.unclaimed_cvs(max_rows integer) IS 'Names of CVs in the applications bucket older than a day that no job application refers to, oldest first (at most 1000): what the web server removes through the Storage API.';

REVOKE ALL ON FUNCTION public.unclaimed_cvs(max_rows integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.unclaimed_cvs(max_rows integer) TO service_role;

CREATE FUNCTION public.log_personal_data_read(kind text, application_id uuid DEFAULT NULL::uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_title text;
  v_subject text;
begin
  if not (public.has_required_aal() and case kind when 'cv_download' then public.has_permission('applications.read') else public.has_permission('leads.read') end) then
    raise exception using errcode = '42501', message = 'Only staff can read personal data.';
  end if;
  case kind
    when 'messages_export' then
      perform private.write_activity('exported', 'leads', 'contact_messages', null, 'Inbox (CSV)');
    when 'subscribers_export' then
      perform private.write_activity('exported', 'leads', 'newsletter_subscribers', null, 'Subscribers (CSV)');
    when 'cv_download' then
      select 'CV of ' || a.name, private.subject_key(a.email) into v_title, v_subject
        from public.job_applications as a where a.id = application_id;
      if v_title is null then
        raise exception using errcode = 'P0002', message = 'Application not found.';
      end if;
      perform private.write_activity('downloaded', 'leads', 'job_applications', application_id::text, v_title, null, v_subject);
    else
      raise exception using errcode = '22023', message = 'Unknown kind of read.';
  end case;
end;
$$;

COMMENT ON FUNCTION public.log_personal_data_read(kind text, application_id uuid) IS 'Records a read of personal data before it happens: kind messages_export or subscribers_export (the CSV exports), or cv_download with the application''s id (the web server calls it with the staff member''s own token before it signs the CV link). Staff with the permission, at the assurance level their account needs.';

REVOKE ALL ON FUNCTION public.log_personal_data_read(kind text, application_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.log_personal_data_read(kind text, application_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.log_personal_data_read(kind text, application_id uuid) TO service_role;

CREATE TRIGGER job_applications_guard BEFORE INSERT ON public.job_applications FOR EACH ROW EXECUTE FUNCTION public.guard_job_application();

CREATE TRIGGER job_applications_log AFTER DELETE OR UPDATE ON public.job_applications FOR EACH ROW WHEN ((COALESCE(current_setting('privacy.quiet'::text, true), ''::text) <> 'on'::text)) EXECUTE FUNCTION private.log_change('leads');

CREATE TRIGGER job_applications_set_updated_at BEFORE INSERT OR UPDATE ON public.job_applications FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER job_applications_stamp_consent BEFORE INSERT ON public.job_applications FOR EACH ROW EXECUTE FUNCTION public.stamp_consent();

CREATE POLICY "Application handlers can delete job applications" ON public.job_applications
    FOR DELETE TO authenticated
    USING ((select public.has_permission('applications.write')));

CREATE POLICY "Application handlers can update job applications" ON public.job_applications
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('applications.write')))
    WITH CHECK ((select public.has_permission('applications.write')));

CREATE POLICY "Application readers can read job applications" ON public.job_applications
    FOR SELECT TO authenticated
    USING ((select public.has_permission('applications.read')));

CREATE POLICY "Two-factor for changing job applications" ON public.job_applications
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading job applications" ON public.job_applications
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing job applications" ON public.job_applications
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Visitors can apply to active job openings with an uploaded CV" ON public.job_applications
    FOR INSERT TO anon, authenticated
    WITH CHECK (((status = 'new') AND public.job_opening_accepts_applications(job_opening_id) AND private.cv_was_uploaded(cv_path)));
