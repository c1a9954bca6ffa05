-- No lost updates: a save names the version it edited, and an older version is refused.
--
-- Every table staff edit already stamps updated_at with one trigger function, set_updated_at. A
-- client that sends updated_at in an update says "I edited the row as it was at this time"; when
-- the row has changed since, the update is refused with SQLSTATE 40001 (as Postgres refuses a
-- concurrent update under repeatable read), and the error's detail says who changed it and when,
-- as JSON, so the screen can offer their version or one's own. A client that does not send
-- updated_at (a script, a status toggle) is not checked. The same function records who made each
-- change (updated_by), on every table that has that column.

do $$
declare
  t text;
begin
  foreach t in array array[
    'website_content', 'clients', 'testimonials', 'team_members', 'solutions', 'blog_posts',
    'job_openings', 'site_settings', 'contact_messages', 'newsletter_subscribers', 'job_applications'
  ] loop
    execute format('alter table public.%I add column updated_by uuid references auth.users (id) on delete set null', t);
    execute format('comment on column public.%I.updated_by is %L', t, 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.');
  end loop;
end;
$$;

create or replace function public.set_updated_at()
returns trigger
language plpgsql
-- Reads the e-mail of the previous editor from auth.users for the refusal's detail.
security definer
set search_path = ''
as $$
declare
  previous_editor uuid := (pg_catalog.to_jsonb(old) ->> 'updated_by')::uuid;
begin
  -- A save names the version it edited; one older than the row's is based on a version someone else
  -- has since replaced. Not naming one (or naming a later time) saves as before.
  if new.updated_at < old.updated_at then
    raise exception using
      errcode = '40001',
      message = 'This record was changed by someone else after you opened it.',
      detail = pg_catalog.json_build_object(
        'updated_at', old.updated_at,
        'updated_by', (select u.email from auth.users as u where u.id = previous_editor)
      )::text,
      hint = 'Reload the record, or send its current updated_at to keep your version.';
  end if;
  new.updated_at := pg_catalog.now();
  -- Tables without updated_by ignore the key.
  new := pg_catalog.jsonb_populate_record(new, pg_catalog.jsonb_build_object('updated_by', auth.uid()));
  return new;
end;
$$;
comment on function public.set_updated_at() is
  'BEFORE UPDATE trigger of every staff-edited table: refuses (40001) an update that sends an updated_at older than the row''s (a save based on an old version; the detail names who changed it and when), then stamps updated_at with the transaction time and updated_by with the caller.';

revoke execute on function public.set_updated_at() from public, anon, authenticated;
