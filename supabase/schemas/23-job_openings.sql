-- public.job_openings: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.job_openings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    location text NOT NULL,
    department text NOT NULL,
    type text DEFAULT 'Full-time'::text NOT NULL,
    description text NOT NULL,
    requirements text,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    closes_at timestamp with time zone,
    updated_by uuid,
    slug text NOT NULL,
    country text,
    remote boolean DEFAULT false NOT NULL,
    salary_min numeric(14,2),
    salary_max numeric(14,2),
    salary_currency text,
    salary_unit text,
    street_address text,
    region text,
    CONSTRAINT job_openings_country_check CHECK ((country ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT job_openings_department_check CHECK (((btrim(department) <> ''::text) AND (char_length(department) <= 100))),
    CONSTRAINT job_openings_description_check CHECK (((char_length(description) <= 50000) AND (regexp_replace(description, '<[^>]*>|&nbsp;|&#160;|[[:space:]]'::text, ''::text, 'g'::text) <> ''::text))),
    CONSTRAINT job_openings_location_check CHECK (((btrim(location) <> ''::text) AND (char_length(location) <= 200))),
    CONSTRAINT job_openings_region_check CHECK (((btrim(region) <> ''::text) AND (char_length(region) <= 100))),
    CONSTRAINT job_openings_requirements_check CHECK ((char_length(requirements) <= 20000)),
    CONSTRAINT job_openings_salary_currency_check CHECK ((salary_currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT job_openings_salary_max_check CHECK ((salary_max >= (0)::numeric)),
    CONSTRAINT job_openings_salary_min_check CHECK ((salary_min >= (0)::numeric)),
    CONSTRAINT job_openings_salary_range CHECK ((salary_max >= salary_min)),
    CONSTRAINT job_openings_salary_terms CHECK ((((salary_min IS NULL) AND (salary_max IS NULL)) OR ((salary_currency IS NOT NULL) AND (salary_unit IS NOT NULL)))),
    CONSTRAINT job_openings_salary_unit_check CHECK ((salary_unit = ANY (ARRAY['HOUR'::text, 'DAY'::text, 'WEEK'::text, 'MONTH'::text, 'YEAR'::text]))),
    CONSTRAINT job_openings_street_address_check CHECK (((btrim(street_address) <> ''::text) AND (char_length(street_address) <= 200))),
    CONSTRAINT job_openings_slug_check CHECK (((char_length(slug) <= 120) AND (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text))),
    CONSTRAINT job_openings_title_check CHECK (((btrim(title) <> ''::text) AND (char_length(title) <= 200))),
    CONSTRAINT job_openings_type_check CHECK ((type = ANY (ARRAY['Full-time'::text, 'Part-time'::text, 'Contract'::text, 'Internship'::text])))
);

COMMENT ON TABLE public.job_openings IS 'Openings on /careers. Inactive ones are visible to admins only and accept no applications.';

COMMENT ON COLUMN public.job_openings.description IS 'The role in HTML (paragraphs, lists, headings), sanitized by the app on save and on render; required, with text: it is the JobPosting''s description.';

COMMENT ON COLUMN public.job_openings.closes_at IS 'Optional closing time (UTC): from then on the opening is hidden from visitors and refuses applications.';

COMMENT ON COLUMN public.job_openings.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

COMMENT ON COLUMN public.job_openings.slug IS 'The opening''s address, /careers/{slug}: made from the title when left empty, unique, editable (a rename redirects the old address).';

COMMENT ON COLUMN public.job_openings.country IS 'ISO 3166-1 alpha-2 code of the country the role is in (or, for a remote role, where applicants must live).';

COMMENT ON COLUMN public.job_openings.remote IS 'True for a fully remote role (JobPosting jobLocationType TELECOMMUTE).';

COMMENT ON COLUMN public.job_openings.salary_min IS 'Lowest pay of the range (or the one figure), in salary_currency per salary_unit; optional.';

COMMENT ON COLUMN public.job_openings.salary_max IS 'Highest pay of the range; optional.';

COMMENT ON COLUMN public.job_openings.salary_currency IS 'ISO 4217 code of the salary figures.';

COMMENT ON COLUMN public.job_openings.salary_unit IS 'The period the salary figures are for: HOUR, DAY, WEEK, MONTH or YEAR.';

COMMENT ON COLUMN public.job_openings.street_address IS 'Street address of an on-site role''s workplace (JobPosting streetAddress); optional: the company''s address is used for a role in the company''s town.';

COMMENT ON COLUMN public.job_openings.region IS 'Region of an on-site role''s workplace: state, province or county (JobPosting addressRegion); optional.';

ALTER TABLE ONLY public.job_openings
    ADD CONSTRAINT job_openings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.job_openings
    ADD CONSTRAINT job_openings_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.job_openings
    ADD CONSTRAINT job_openings_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX job_openings_active_created_at_idx ON public.job_openings USING btree (created_at DESC) WHERE active;

CREATE INDEX job_openings_created_at_idx ON public.job_openings USING btree (created_at DESC);

ALTER TABLE public.job_openings ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.job_openings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.job_openings TO service_role;
GRANT SELECT ON TABLE public.job_openings TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.job_openings TO authenticated;

CREATE FUNCTION private.job_slug_from(title text, opening_id uuid) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  -- Lower case; letters and digits kept; every other run of characters one hyphen.
  v_base text := pg_catalog.btrim(pg_catalog.left(pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.lower(title), '[^a-z0-9]+', '-', 'g'), '-'), 100), '-');
  v_slug text;
  v_n integer := 1;
begin
  if v_base = '' then v_base := 'role'; end if;
  v_slug := v_base;
  while exists (select 1 from public.job_openings as j where j.slug = v_slug and j.id <> opening_id) loop
    v_n := v_n + 1;
    v_slug := v_base || '-' || v_n;
  end loop;
  return v_slug;
end;
$$;

COMMENT ON FUNCTION private.job_slug_from(title text, opening_id uuid) IS 'A free slug for a job opening made from its title: lower-case words joined by hyphens, -2, -3… added when taken.';

REVOKE ALL ON FUNCTION private.job_slug_from(title text, opening_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.default_job_slug() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.slug := nullif(pg_catalog.btrim(new.slug), '');
  if new.slug is null then
    new.slug := private.job_slug_from(new.title, new.id);
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.default_job_slug() IS 'BEFORE INSERT OR UPDATE trigger on job_openings: an opening given no slug gets one made from its title.';

REVOKE ALL ON FUNCTION private.default_job_slug() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.job_opening_state(opening_slug text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case when j.active and (j.closes_at is null or j.closes_at > private.clock()) then 'open' else 'closed' end
  from public.job_openings as j
  where j.slug = job_opening_state.opening_slug
$$;

COMMENT ON FUNCTION public.job_opening_state(opening_slug text) IS 'open when the job opening with this slug is active and not past its closing time, closed when it exists otherwise, null when there is none. Lets /careers/{slug} answer 410 Gone for a closed role.';

REVOKE ALL ON FUNCTION public.job_opening_state(opening_slug text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.job_opening_state(opening_slug text) TO anon;
GRANT ALL ON FUNCTION public.job_opening_state(opening_slug text) TO authenticated;
GRANT ALL ON FUNCTION public.job_opening_state(opening_slug text) TO service_role;

CREATE FUNCTION public.job_opening_accepts_applications(opening_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.job_openings as j
    where j.id = job_opening_accepts_applications.opening_id
      and j.active
      and (j.closes_at is null or j.closes_at > private.clock())
  )
$$;

COMMENT ON FUNCTION public.job_opening_accepts_applications(opening_id uuid) IS 'True when the job opening exists, is active and has not closed. Used by the job_applications insert policy.';

REVOKE ALL ON FUNCTION public.job_opening_accepts_applications(opening_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.job_opening_accepts_applications(opening_id uuid) TO anon;
GRANT ALL ON FUNCTION public.job_opening_accepts_applications(opening_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.job_opening_accepts_applications(opening_id uuid) TO service_role;

CREATE TRIGGER job_openings_default_slug BEFORE INSERT OR UPDATE ON public.job_openings FOR EACH ROW EXECUTE FUNCTION private.default_job_slug();

CREATE TRIGGER job_openings_log AFTER INSERT OR DELETE OR UPDATE ON public.job_openings FOR EACH ROW EXECUTE FUNCTION private.log_change('content', 'versioned');

CREATE TRIGGER job_openings_record_slug_redirect AFTER INSERT OR UPDATE OF slug ON public.job_openings FOR EACH ROW EXECUTE FUNCTION private.record_slug_redirect();

CREATE TRIGGER job_openings_require_approval BEFORE INSERT OR UPDATE ON public.job_openings FOR EACH ROW EXECUTE FUNCTION private.require_approval();

CREATE TRIGGER job_openings_set_updated_at BEFORE INSERT OR UPDATE ON public.job_openings FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER job_openings_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.job_openings FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Job editors can add job openings" ON public.job_openings
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('jobs.write')));

CREATE POLICY "Job editors can delete job openings" ON public.job_openings
    FOR DELETE TO authenticated
    USING ((select public.has_permission('jobs.write')));

CREATE POLICY "Job editors can update job openings" ON public.job_openings
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('jobs.write')))
    WITH CHECK ((select public.has_permission('jobs.write')));

CREATE POLICY "Signed-in users can read open job openings, job editors every o" ON public.job_openings
    FOR SELECT TO authenticated
    USING (((active AND ((closes_at IS NULL) OR (closes_at > (select private.clock())))) OR (select public.has_permission('jobs.write'))));

CREATE POLICY "Two-factor for adding job openings" ON public.job_openings
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing job openings" ON public.job_openings
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading inactive job openings" ON public.job_openings
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((active OR (select public.has_required_aal())));

CREATE POLICY "Two-factor for removing job openings" ON public.job_openings
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Visitors can read open job openings" ON public.job_openings
    FOR SELECT TO anon
    USING ((active AND ((closes_at IS NULL) OR (closes_at > (select private.clock())))));
