-- public.site_settings: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE FUNCTION public.is_valid_site_setting(key text, value text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select case
    when key in ('primary_color', 'secondary_color') then value ~ '^#[0-9a-fA-F]{6}$'
    when key in ('contact_email', 'careers_email') then coalesce(public.is_email(value), false)
    when key = 'staff_require_two_factor' then value in ('true', 'false')
    -- Links may be left empty (the site then hides them) but never carry another scheme.
    when key ~ '_url$' then value = '' or coalesce(public.is_safe_url(value), false)
    when key = 'time_zone' then exists (select 1 from pg_catalog.pg_timezone_names as z where z.name = value)
    else true
  end
$_$;

COMMENT ON FUNCTION public.is_valid_site_setting(key text, value text) IS 'True when a site setting value fits its key: #rrggbb for primary/secondary_color, an e-mail address for contact_email and careers_email, true or false for staff_require_two_factor, an empty value or http(s)/root-relative link for *_url keys, an IANA zone name for time_zone; anything else is free text.';

REVOKE ALL ON FUNCTION public.is_valid_site_setting(key text, value text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.is_valid_site_setting(key text, value text) TO authenticated;
GRANT ALL ON FUNCTION public.is_valid_site_setting(key text, value text) TO service_role;

CREATE TABLE public.site_settings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    key text NOT NULL,
    value text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    CONSTRAINT site_settings_content_requires_approval_fits CHECK (((key <> 'content_requires_approval'::text) OR (value = ANY (ARRAY['true'::text, 'false'::text])))),
    CONSTRAINT site_settings_key_check CHECK (((char_length(key) <= 64) AND (key ~ '^[a-z][a-z0-9_]*$'::text))),
    CONSTRAINT site_settings_lead_notify_fits CHECK (
CASE
    WHEN (key = ANY (ARRAY['lead_notify_sales'::text, 'lead_notify_careers'::text])) THEN (value = ANY (ARRAY['true'::text, 'false'::text]))
    WHEN (key = ANY (ARRAY['lead_notify_sales_email'::text, 'lead_notify_careers_email'::text])) THEN ((value = ''::text) OR COALESCE(public.is_email(value), false))
    ELSE true
END),
    CONSTRAINT site_settings_retention_fits CHECK (
CASE
    WHEN (key = ANY (ARRAY['retention_contact_messages_days'::text, 'retention_applications_days'::text, 'retention_future_roles_days'::text, 'retention_unsubscribed_days'::text])) THEN ((value ~ '^[0-9]{1,4}$'::text) AND (((value)::integer >= 1) AND ((value)::integer <= 3650)))
    ELSE true
END),
    CONSTRAINT site_settings_publication_record_years_fits CHECK (((key <> 'staff_publication_record_years'::text) OR ((value ~ '^[0-9]{1,3}$'::text) AND (((value)::integer >= 3) AND ((value)::integer <= 100))))),
    CONSTRAINT site_settings_value_check CHECK ((char_length(value) <= 2000)),
    CONSTRAINT site_settings_value_fits_key CHECK (public.is_valid_site_setting(key, value))
);

COMMENT ON TABLE public.site_settings IS 'Key/value settings that drive the public site: company name, tagline, address, contact e-mail, phone and second phone, office hours, careers e-mail, social links, brand colours, chat and booking links.';

COMMENT ON COLUMN public.site_settings.id IS 'Names the setting as an item of sign-off (a pending change, a review, a release); the key names it everywhere else.';

COMMENT ON COLUMN public.site_settings.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

ALTER TABLE ONLY public.site_settings
    ADD CONSTRAINT site_settings_pkey PRIMARY KEY (key);

ALTER TABLE ONLY public.site_settings
    ADD CONSTRAINT site_settings_id_key UNIQUE (id);

ALTER TABLE ONLY public.site_settings
    ADD CONSTRAINT site_settings_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE public.site_settings ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.site_settings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.site_settings TO service_role;
GRANT SELECT ON TABLE public.site_settings TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.site_settings TO authenticated;

CREATE FUNCTION public.lead_notify_setting(setting text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select nullif(btrim(value), '') from public.site_settings where key = setting
$$;

COMMENT ON FUNCTION public.lead_notify_setting(setting text) IS 'A site setting''s trimmed value, or null when empty or missing. Used by the lead e-mail trigger, which runs for visitors who cannot read every setting.';

REVOKE ALL ON FUNCTION public.lead_notify_setting(setting text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.lead_notify_setting(setting text) TO service_role;

CREATE FUNCTION private.content_requires_approval() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.site_settings as s where s.key = 'content_requires_approval' and s.value = 'true')
$$;

COMMENT ON FUNCTION private.content_requires_approval() IS 'True while the site setting content_requires_approval is on.';

REVOKE ALL ON FUNCTION private.content_requires_approval() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.retention_days(setting text, fallback integer) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select coalesce((select s.value::integer from public.site_settings as s where s.key = setting and s.value ~ '^[0-9]{1,4}$'), fallback)
$_$;

COMMENT ON FUNCTION private.retention_days(setting text, fallback integer) IS 'A retention setting in days, or the fallback when it is missing.';

REVOKE ALL ON FUNCTION private.retention_days(setting text, fallback integer) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.settings_snapshot() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_object_agg(s.key, s.value order by s.key), '{}'::jsonb) from public.site_settings as s
$$;

COMMENT ON FUNCTION private.settings_snapshot() IS 'Every site setting as one JSON object {key: value}: the site settings'' version.';

REVOKE ALL ON FUNCTION private.settings_snapshot() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.guard_two_factor_setting() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Requiring two-factor at aal1 would lock the person who turns it on out of the back office.
  if new.key = 'staff_require_two_factor' and new.value = 'true'
     and (tg_op = 'INSERT' or old.value is distinct from 'true')
     and (select auth.role()) = 'authenticated'
     and coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2' then
    raise exception using
      errcode = '42501',
      message = 'Set up two-factor sign-in for your own account, and sign in with it, before requiring it for all staff.';
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.guard_two_factor_setting() IS 'BEFORE INSERT/UPDATE on site_settings: turning staff_require_two_factor on needs the caller at aal2.';

REVOKE ALL ON FUNCTION private.guard_two_factor_setting() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.keep_settings_revision() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_last jsonb;
  v_now jsonb;
  v_changes jsonb;
begin
  if tg_when = 'BEFORE' then
    if not exists (select 1 from private.revisions as r where r.table_name = 'site_settings' and r.row_id = 'site') then
      v_now := private.settings_snapshot();
      if v_now <> '{}'::jsonb then
        insert into private.revisions (table_name, row_id, kind, data, author_role, created_at)
        values ('site_settings', 'site', 'original', v_now, 'system',
                coalesce((select max(s.updated_at) from public.site_settings as s), now()));
      end if;
    end if;
    return null;
  end if;
  v_last := (select r.data from private.revisions as r
              where r.table_name = 'site_settings' and r.row_id = 'site' order by r.id desc limit 1);
  v_now := private.settings_snapshot();
  v_changes := private.changed_fields(v_last, v_now);
  if v_changes is not null then
    perform private.add_revision('site_settings', 'site',
      case when current_setting('history.action', true) = 'restored' then 'restored' when v_last is null then 'created' else 'saved' end,
      v_now, array(select k from jsonb_object_keys(v_changes) as k order by k));
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.keep_settings_revision() IS 'BEFORE/AFTER statement trigger on site_settings: before the first recorded save keeps the settings as they were; after each statement that changed a value stores all settings as one version.';

REVOKE ALL ON FUNCTION private.keep_settings_revision() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.save_settings_for_review(settings jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_key text;
  v_value text;
  v_row jsonb;
begin
  if not public.has_required_aal() or not public.has_permission('settings.write') then
    raise exception using errcode = '42501', message = 'Only admins can change site settings.';
  end if;
  if settings is null or pg_catalog.jsonb_typeof(settings) <> 'object' then
    raise exception using errcode = '22023', message = 'The settings are a JSON object of keys and values.';
  end if;
  -- One transaction: a change visitors would read waits for review (save_change), the others are saved.
  for v_key, v_value in select e.key, e.value from pg_catalog.jsonb_each_text(settings) as e order by e.key loop
    select pg_catalog.to_jsonb(s) into v_row from public.site_settings as s where s.key = v_key;
    if private.kind_of('site_settings', v_row) is not null then
      perform public.save_change('setting', pg_catalog.jsonb_build_object('value', v_value), (v_row ->> 'id')::uuid);
    else
      insert into public.site_settings as s (key, value) values (v_key, v_value)
      on conflict (key) do update set value = excluded.value where s.value is distinct from excluded.value;
    end if;
  end loop;
end;
$$;

COMMENT ON FUNCTION public.save_settings_for_review(settings jsonb) IS 'Site Settings'' "Save All Settings" while publishing needs approval, in one transaction: a changed setting visitors see (a reviewable kind) waits as its pending change; back-office settings are saved as they are; a new visible setting is refused by the gate. settings.write only.';

REVOKE ALL ON FUNCTION public.save_settings_for_review(settings jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.save_settings_for_review(settings jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.save_settings_for_review(settings jsonb) TO service_role;

CREATE TRIGGER site_settings_guard_two_factor BEFORE INSERT OR UPDATE ON public.site_settings FOR EACH ROW EXECUTE FUNCTION private.guard_two_factor_setting();

CREATE TRIGGER site_settings_log AFTER INSERT OR DELETE OR UPDATE ON public.site_settings FOR EACH ROW EXECUTE FUNCTION private.log_change('staff_settings');

CREATE TRIGGER site_settings_revision AFTER INSERT OR DELETE OR UPDATE ON public.site_settings FOR EACH STATEMENT EXECUTE FUNCTION private.keep_settings_revision();

CREATE TRIGGER site_settings_revision_before BEFORE INSERT OR DELETE OR UPDATE ON public.site_settings FOR EACH STATEMENT EXECUTE FUNCTION private.keep_settings_revision();

CREATE TRIGGER site_settings_require_approval BEFORE INSERT OR UPDATE ON public.site_settings FOR EACH ROW EXECUTE FUNCTION private.require_approval();

CREATE TRIGGER site_settings_set_updated_at BEFORE INSERT OR UPDATE ON public.site_settings FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE POLICY "Lead notification settings are hidden from visitors" ON public.site_settings
    AS RESTRICTIVE FOR SELECT TO anon
    USING ((key !~~ 'lead\_notify\_%'));

CREATE POLICY "Settings editors can add site settings" ON public.site_settings
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('settings.write')));

CREATE POLICY "Settings editors can delete site settings" ON public.site_settings
    FOR DELETE TO authenticated
    USING ((select public.has_permission('settings.write')));

CREATE POLICY "Settings editors can update site settings" ON public.site_settings
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('settings.write')))
    WITH CHECK ((select public.has_permission('settings.write')));

CREATE POLICY "Site settings are readable by everyone, back-office ones by set" ON public.site_settings
    FOR SELECT TO anon, authenticated
    USING (((key !~~ 'staff\_%') OR (select public.has_permission('settings.write'))));

CREATE POLICY "Two-factor for adding site settings" ON public.site_settings
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing site settings" ON public.site_settings
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading back-office settings" ON public.site_settings
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING (((key !~~ 'staff\_%') OR (select public.has_required_aal())));

CREATE POLICY "Two-factor for removing site settings" ON public.site_settings
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

INSERT INTO public.site_settings (key, value) VALUES
    ('contact_phone_secondary', '+234 700 555 0101'),
    ('content_requires_approval', 'false'),
    ('lead_notify_careers', 'true'),
    ('lead_notify_careers_email', ''),
    ('lead_notify_sales', 'true'),
    ('lead_notify_sales_email', ''),
    ('office_hours', 'Monday to Friday, 8:00 to 18:00'),
    ('retention_applications_days', '180'),
    ('retention_contact_messages_days', '730'),
    ('retention_future_roles_days', '730'),
    ('retention_unsubscribed_days', '30'),
    ('staff_publication_record_years', '5'),
    ('staff_require_two_factor', 'false'),
    ('time_zone', 'Africa/Lagos');

-- After the default rows: a review of a setting is kept by content_reviews (17), which the rows precede.
CREATE TRIGGER site_settings_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.site_settings FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();
