-- What the back office needs on top of the first schema:
--   1. job_applications.status takes the hiring steps the admin uses: new, reviewing, rejected,
--      hired ('reviewed' becomes 'reviewing').
--   2. site_settings values are checked where the key says what they are (hex colours, e-mail
--      addresses, links), so 'Save All Settings' — one upsert statement with every row — is refused
--      as a whole when one value is wrong, and a hand-made request cannot store a broken colour.
--   3. page_view_totals(days): views per day over the last N days for the dashboard chart, summed in
--      the database instead of shipping one row per path per day to the browser.

-- 1. Application status ---------------------------------------------------------------------------

alter table public.job_applications drop constraint job_applications_status_check;
update public.job_applications set status = 'reviewing' where status = 'reviewed';
alter table public.job_applications
  add constraint job_applications_status_check
  check (status in ('new', 'reviewing', 'rejected', 'hired'));
comment on column public.job_applications.status is
  'Hiring step: new (just arrived), reviewing, rejected or hired. Set by admins only.';

-- 2. Site setting values --------------------------------------------------------------------------

create function public.is_valid_site_setting(key text, value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when key in ('primary_color', 'secondary_color') then value ~ '^#[0-9a-fA-F]{6}$'
    when key in ('contact_email', 'careers_email') then coalesce(public.is_email(value), false)
    -- Links may be left empty (the site then hides them) but never carry another scheme.
    when key ~ '_url$' then value = '' or coalesce(public.is_safe_url(value), false)
    else true
  end
$$;
comment on function public.is_valid_site_setting(text, text) is
  'True when a site setting value fits its key: #rrggbb for *_color keys named primary/secondary, an e-mail address for contact_email and careers_email, an empty value or http(s)/root-relative link for *_url keys; anything else is free text.';

revoke execute on function public.is_valid_site_setting(text, text) from public, anon;
-- Only writers evaluate the CHECK: anon never writes settings.
grant execute on function public.is_valid_site_setting(text, text) to authenticated, service_role;

alter table public.site_settings
  add constraint site_settings_value_fits_key check (public.is_valid_site_setting(key, value));

-- 3. Page views per day ---------------------------------------------------------------------------

create function public.page_view_totals(days integer default 30)
returns table (day date, views bigint)
language sql
stable
security invoker -- page_views' own policy decides: admins see figures, everyone else zeros
set search_path = ''
as $$
  select d.day::date, coalesce(sum(v.count), 0)::bigint as views
  from generate_series(current_date - (least(greatest(days, 1), 366) - 1), current_date, interval '1 day') as d(day)
  left join public.page_views as v on v.day = d.day::date
  group by d.day
  order by d.day
$$;
comment on function public.page_view_totals(integer) is
  'Page views summed per day for the last `days` days (1 to 366, today included), one row per day, zero-filled. Security invoker: only admins can read page_views, so others get zeros.';

revoke execute on function public.page_view_totals(integer) from public, anon;
grant execute on function public.page_view_totals(integer) to authenticated, service_role;
