-- Two contact settings the public /contact page shows beside the form (a second phone number and
-- the office hours), editable in the admin's Site Settings like the others.
-- Rows, not columns: site_settings is a key/value table. Existing values are never overwritten, so
-- applying this to a project whose admin already set them changes nothing.

insert into public.site_settings (key, value) values
  ('contact_phone_secondary', '+234 700 555 0101'),
  ('office_hours', 'Monday to Friday, 8:00 to 18:00')
on conflict (key) do nothing;

comment on table public.site_settings is
  'Key/value settings that drive the public site: company name, tagline, address, contact e-mail, phone and second phone, office hours, careers e-mail, social links, brand colours, chat and booking links.';
