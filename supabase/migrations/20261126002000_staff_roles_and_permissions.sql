-- Staff roles with permissions, enforced by the database.
--
-- Four roles (admin, editor, sales, recruiter), one per staff member. What a role may do is rows in
-- public.role_permissions, and every staff policy asks one function, public.has_permission(), so
-- adding a role or changing what it may do is data, not a rewrite of the policies:
--
--   permission         what it opens
--   content.write      solutions, clients, testimonials, team members, website content
--   posts.write        blog posts, drafts included
--   jobs.write         job openings, inactive ones included
--   media.write        the media bucket (upload, list, replace, delete)
--   views.read         the page-view figures
--   leads.read         contact messages and newsletter subscribers
--   leads.write        their status, and deleting them
--   applications.read  job applications and their CVs
--   applications.write their status, and deleting them and their CVs
--   settings.write     site settings, the back-office ones (staff_*) included
--   staff.manage       staff roles
--
-- The last active admin can never be demoted, deactivated (banned) or removed: triggers on
-- staff_roles and on auth.users refuse it, whichever API or tool makes the change.

-- Roles and permissions ---------------------------------------------------------------------------

create table public.roles (
  name text primary key check (name ~ '^[a-z][a-z_]{0,31}$'),
  label text not null check (btrim(label) <> '' and char_length(label) <= 64),
  description text not null check (char_length(description) <= 500)
);
comment on table public.roles is
  'The staff roles a person can hold (one each, in staff_roles). What each may do is in role_permissions.';

create table public.permissions (
  name text primary key check (name ~ '^[a-z_]+\.[a-z_]+$'),
  description text not null check (char_length(description) <= 500)
);
comment on table public.permissions is
  'The permissions policies check through has_permission(): one per kind of back-office work.';

create table public.role_permissions (
  role text not null references public.roles (name) on update cascade on delete cascade,
  permission text not null references public.permissions (name) on update cascade on delete cascade,
  primary key (role, permission)
);
comment on table public.role_permissions is
  'Which role holds which permission. Changing a role''s rights is a change of these rows; the policies stay as they are.';

create index role_permissions_permission_idx on public.role_permissions (permission);

insert into public.roles (name, label, description) values
  ('admin', 'Admin', 'Everything, including Staff and Site Settings.'),
  ('editor', 'Editor', 'The content: solutions, clients, testimonials, website content, blog posts, team, job openings and media.'),
  ('sales', 'Sales', 'Inbox and Subscribers: read, change status, export.'),
  ('recruiter', 'Recruiter', 'Job openings and Applications: read, change status, download CVs.');

insert into public.permissions (name, description) values
  ('content.write', 'Add, change and remove solutions, clients, testimonials, team members and website content.'),
  ('posts.write', 'Read drafts; add, change and remove blog posts.'),
  ('jobs.write', 'Read inactive job openings; add, change and remove job openings.'),
  ('media.write', 'Upload, list, replace and remove files in the media bucket.'),
  ('views.read', 'Read the page-view figures.'),
  ('leads.read', 'Read and export contact messages and newsletter subscribers.'),
  ('leads.write', 'Change the status of contact messages and subscribers, and remove them.'),
  ('applications.read', 'Read job applications and download their CVs.'),
  ('applications.write', 'Change the status of job applications, and remove them and their CVs.'),
  ('settings.write', 'Change site settings, the back-office ones included.'),
  ('staff.manage', 'Read and change staff roles.');

insert into public.role_permissions (role, permission)
select 'admin', name from public.permissions
union all
select 'editor', p from unnest(array['content.write', 'posts.write', 'jobs.write', 'media.write', 'views.read']) as p
union all
select 'sales', p from unnest(array['leads.read', 'leads.write']) as p
union all
select 'recruiter', p from unnest(array['jobs.write', 'applications.read', 'applications.write']) as p;

alter table public.roles enable row level security;
alter table public.permissions enable row level security;
alter table public.role_permissions enable row level security;
revoke all on table public.roles, public.permissions, public.role_permissions from anon, authenticated;
grant select on table public.roles, public.permissions, public.role_permissions to authenticated;
grant all on table public.roles, public.permissions, public.role_permissions to service_role;

-- One role per staff member ---------------------------------------------------------------------

-- A person who held both admin and editor keeps admin, the wider one.
delete from public.staff_roles as r
where r.role <> 'admin'
  and exists (select 1 from public.staff_roles as a where a.user_id = r.user_id and a.role = 'admin');

alter table public.staff_roles drop constraint staff_roles_pkey;
alter table public.staff_roles add constraint staff_roles_pkey primary key (user_id);
alter table public.staff_roles drop constraint staff_roles_role_check;
alter table public.staff_roles
  add constraint staff_roles_role_fkey foreign key (role) references public.roles (name) on update cascade;
alter table public.staff_roles add column updated_at timestamptz not null default now();

create trigger staff_roles_set_updated_at
  before update on public.staff_roles
  for each row execute function public.set_updated_at();

comment on table public.staff_roles is
  'The staff role of each staff member (one per person). Granted by admins (staff.manage) or with the service-role key (npm run admin:create); signing up gives no role.';
comment on column public.staff_roles.role is
  'admin, editor, sales or recruiter (public.roles); what it may do is in public.role_permissions.';

create index staff_roles_role_idx on public.staff_roles (role);

-- Admins change roles through the API; which person a row belongs to never changes.
grant insert (user_id, role), update (role), delete on table public.staff_roles to authenticated;

-- The permission check ----------------------------------------------------------------------------

create function public.has_permission(permission text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.staff_roles as r
    join public.role_permissions as p on p.role = r.role
    where r.user_id = (select auth.uid())
      and p.permission = has_permission.permission
  )
  and private.is_live_account((select auth.uid()))
$$;
comment on function public.has_permission(text) is
  'True when the signed-in user''s staff role holds the permission (role_permissions) and the account is live (not banned, not soft-deleted). Every staff policy calls it. Security definer so policies can call it without exposing staff_roles or auth.users.';

revoke execute on function public.has_permission(text) from public;
grant execute on function public.has_permission(text) to anon, authenticated, service_role;

create function public.current_staff()
returns table (role text, permissions text[], two_factor_required boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select r.role,
         coalesce(array(select p.permission from public.role_permissions as p where p.role = r.role order by p.permission), '{}'),
         exists (select 1 from public.site_settings as s where s.key = 'staff_require_two_factor' and s.value = 'true')
  from public.staff_roles as r
  where r.user_id = (select auth.uid())
    and private.is_live_account(r.user_id)
$$;
comment on function public.current_staff() is
  'The signed-in staff member''s role, its permissions and whether two-factor is required for all staff; no row for anyone else (no role, banned, soft-deleted). What the back office shows each role.';

revoke execute on function public.current_staff() from public, anon;
grant execute on function public.current_staff() to authenticated, service_role;

-- Roles and permissions are read by those who manage staff.
create policy "Staff managers can read roles"
  on public.roles for select to authenticated
  using ((select public.has_permission('staff.manage')));
create policy "Staff managers can read permissions"
  on public.permissions for select to authenticated
  using ((select public.has_permission('staff.manage')));
create policy "Staff managers can read role permissions"
  on public.role_permissions for select to authenticated
  using ((select public.has_permission('staff.manage')));

-- Content tables -----------------------------------------------------------------------------------

drop policy "Admins can add website content" on public.website_content;
drop policy "Admins can update website content" on public.website_content;
drop policy "Admins can delete website content" on public.website_content;
create policy "Content editors can add website content"
  on public.website_content for insert to authenticated
  with check ((select public.has_permission('content.write')));
create policy "Content editors can update website content"
  on public.website_content for update to authenticated
  using ((select public.has_permission('content.write')))
  with check ((select public.has_permission('content.write')));
create policy "Content editors can delete website content"
  on public.website_content for delete to authenticated
  using ((select public.has_permission('content.write')));

drop policy "Admins can add clients" on public.clients;
drop policy "Admins can update clients" on public.clients;
drop policy "Admins can delete clients" on public.clients;
create policy "Content editors can add clients"
  on public.clients for insert to authenticated
  with check ((select public.has_permission('content.write')));
create policy "Content editors can update clients"
  on public.clients for update to authenticated
  using ((select public.has_permission('content.write')))
  with check ((select public.has_permission('content.write')));
create policy "Content editors can delete clients"
  on public.clients for delete to authenticated
  using ((select public.has_permission('content.write')));

drop policy "Admins can add testimonials" on public.testimonials;
drop policy "Admins can update testimonials" on public.testimonials;
drop policy "Admins can delete testimonials" on public.testimonials;
create policy "Content editors can add testimonials"
  on public.testimonials for insert to authenticated
  with check ((select public.has_permission('content.write')));
create policy "Content editors can update testimonials"
  on public.testimonials for update to authenticated
  using ((select public.has_permission('content.write')))
  with check ((select public.has_permission('content.write')));
create policy "Content editors can delete testimonials"
  on public.testimonials for delete to authenticated
  using ((select public.has_permission('content.write')));

drop policy "Admins can add team members" on public.team_members;
drop policy "Admins can update team members" on public.team_members;
drop policy "Admins can delete team members" on public.team_members;
create policy "Content editors can add team members"
  on public.team_members for insert to authenticated
  with check ((select public.has_permission('content.write')));
create policy "Content editors can update team members"
  on public.team_members for update to authenticated
  using ((select public.has_permission('content.write')))
  with check ((select public.has_permission('content.write')));
create policy "Content editors can delete team members"
  on public.team_members for delete to authenticated
  using ((select public.has_permission('content.write')));

create or replace function public.swap_team_member_order(first_id uuid, second_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  swapped integer;
begin
  if not (select public.has_permission('content.write')) then
    raise exception using errcode = '42501', message = 'Only content editors can reorder team members.';
  end if;
  if not (select public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to reorder team members.';
  end if;
  if first_id is null or second_id is null or first_id = second_id then
    raise exception using errcode = '22023', message = 'Two different team members are needed to swap places.';
  end if;

  -- One statement swaps both places; the deferred unique constraint is checked at commit.
  update public.team_members as t
     set order_index = other.order_index
    from public.team_members as other
   where (t.id = first_id and other.id = second_id)
      or (t.id = second_id and other.id = first_id);

  get diagnostics swapped = row_count;
  if swapped <> 2 then
    raise exception using errcode = 'P0002', message = 'Team member not found.';
  end if;
end;
$$;
comment on function public.swap_team_member_order(uuid, uuid) is
  'Move up/down on the Team screen: swaps the order_index of two team members in one statement. Needs content.write; security invoker, so the update policies (two-factor included) apply.';

drop policy "Admins can add solutions" on public.solutions;
drop policy "Admins can update solutions" on public.solutions;
drop policy "Admins can delete solutions" on public.solutions;
create policy "Content editors can add solutions"
  on public.solutions for insert to authenticated
  with check ((select public.has_permission('content.write')));
create policy "Content editors can update solutions"
  on public.solutions for update to authenticated
  using ((select public.has_permission('content.write')))
  with check ((select public.has_permission('content.write')));
create policy "Content editors can delete solutions"
  on public.solutions for delete to authenticated
  using ((select public.has_permission('content.write')));

drop policy "Published posts are readable by everyone, drafts by admins" on public.blog_posts;
drop policy "Admins can add posts" on public.blog_posts;
drop policy "Admins can update posts" on public.blog_posts;
drop policy "Admins can delete posts" on public.blog_posts;
create policy "Published posts are readable by everyone, drafts by post editors"
  on public.blog_posts for select to anon, authenticated
  using (published or (select public.has_permission('posts.write')));
create policy "Post editors can add posts"
  on public.blog_posts for insert to authenticated
  with check ((select public.has_permission('posts.write')));
create policy "Post editors can update posts"
  on public.blog_posts for update to authenticated
  using ((select public.has_permission('posts.write')))
  with check ((select public.has_permission('posts.write')));
create policy "Post editors can delete posts"
  on public.blog_posts for delete to authenticated
  using ((select public.has_permission('posts.write')));

drop policy "Active job openings are readable by everyone, inactive ones by admins" on public.job_openings;
drop policy "Admins can add job openings" on public.job_openings;
drop policy "Admins can update job openings" on public.job_openings;
drop policy "Admins can delete job openings" on public.job_openings;
create policy "Active job openings are readable by everyone, all by job editors"
  on public.job_openings for select to anon, authenticated
  using (active or (select public.has_permission('jobs.write')));
create policy "Job editors can add job openings"
  on public.job_openings for insert to authenticated
  with check ((select public.has_permission('jobs.write')));
create policy "Job editors can update job openings"
  on public.job_openings for update to authenticated
  using ((select public.has_permission('jobs.write')))
  with check ((select public.has_permission('jobs.write')));
create policy "Job editors can delete job openings"
  on public.job_openings for delete to authenticated
  using ((select public.has_permission('jobs.write')));

-- Site settings: staff_* keys are the back office's own and are not shown to visitors.
drop policy "Site settings are readable by everyone" on public.site_settings;
drop policy "Admins can add site settings" on public.site_settings;
drop policy "Admins can update site settings" on public.site_settings;
drop policy "Admins can delete site settings" on public.site_settings;
create policy "Site settings are readable by everyone, back-office ones by settings editors"
  on public.site_settings for select to anon, authenticated
  using (key not like 'staff\_%' or (select public.has_permission('settings.write')));
create policy "Settings editors can add site settings"
  on public.site_settings for insert to authenticated
  with check ((select public.has_permission('settings.write')));
create policy "Settings editors can update site settings"
  on public.site_settings for update to authenticated
  using ((select public.has_permission('settings.write')))
  with check ((select public.has_permission('settings.write')));
create policy "Settings editors can delete site settings"
  on public.site_settings for delete to authenticated
  using ((select public.has_permission('settings.write')));

-- Leads -------------------------------------------------------------------------------------------

drop policy "Admins can read contact messages" on public.contact_messages;
drop policy "Admins can mark contact messages" on public.contact_messages;
drop policy "Admins can delete contact messages" on public.contact_messages;
create policy "Lead readers can read contact messages"
  on public.contact_messages for select to authenticated
  using ((select public.has_permission('leads.read')));
create policy "Lead handlers can mark contact messages"
  on public.contact_messages for update to authenticated
  using ((select public.has_permission('leads.write')))
  with check ((select public.has_permission('leads.write')));
create policy "Lead handlers can delete contact messages"
  on public.contact_messages for delete to authenticated
  using ((select public.has_permission('leads.write')));

drop policy "Admins can read newsletter subscribers" on public.newsletter_subscribers;
drop policy "Admins can unsubscribe newsletter subscribers" on public.newsletter_subscribers;
drop policy "Admins can delete newsletter subscribers" on public.newsletter_subscribers;
create policy "Lead readers can read newsletter subscribers"
  on public.newsletter_subscribers for select to authenticated
  using ((select public.has_permission('leads.read')));
create policy "Lead handlers can unsubscribe newsletter subscribers"
  on public.newsletter_subscribers for update to authenticated
  using ((select public.has_permission('leads.write')))
  with check ((select public.has_permission('leads.write')));
create policy "Lead handlers can delete newsletter subscribers"
  on public.newsletter_subscribers for delete to authenticated
  using ((select public.has_permission('leads.write')));

drop policy "Admins can read job applications" on public.job_applications;
drop policy "Admins can update job applications" on public.job_applications;
drop policy "Admins can delete job applications" on public.job_applications;
create policy "Application readers can read job applications"
  on public.job_applications for select to authenticated
  using ((select public.has_permission('applications.read')));
create policy "Application handlers can update job applications"
  on public.job_applications for update to authenticated
  using ((select public.has_permission('applications.write')))
  with check ((select public.has_permission('applications.write')));
create policy "Application handlers can delete job applications"
  on public.job_applications for delete to authenticated
  using ((select public.has_permission('applications.write')));

drop policy "Admins can read page views" on public.page_views;
create policy "View readers can read page views"
  on public.page_views for select to authenticated
  using ((select public.has_permission('views.read')));
comment on function public.page_view_totals(integer) is
  'Page views summed per day for the last `days` days (1 to 366, today included), one row per day, zero-filled. Security invoker: only views.read may read page_views, so others get zeros.';

-- Staff roles ------------------------------------------------------------------------------------

drop policy "Staff read their own roles, admins every role" on public.staff_roles;
create policy "Staff read their own role, staff managers every role"
  on public.staff_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_permission('staff.manage')));
create policy "Staff managers can grant roles"
  on public.staff_roles for insert to authenticated
  with check ((select public.has_permission('staff.manage')));
create policy "Staff managers can change roles"
  on public.staff_roles for update to authenticated
  using ((select public.has_permission('staff.manage')))
  with check ((select public.has_permission('staff.manage')));
create policy "Staff managers can revoke roles"
  on public.staff_roles for delete to authenticated
  using ((select public.has_permission('staff.manage')));

-- Storage -------------------------------------------------------------------------------------------

drop policy "Admins can list and read media files and CVs" on storage.objects;
create policy "Media editors list media files, application readers read CVs"
  on storage.objects for select to authenticated
  using (
    (bucket_id = 'media' and (select public.has_permission('media.write')))
    or (bucket_id = 'applications' and (select public.has_permission('applications.read')))
  );

drop policy "Admins upload media files, visitors a CV under a new folder" on storage.objects;
create policy "Media editors upload media files, visitors a CV under a new folder"
  on storage.objects for insert to anon, authenticated
  with check (
    (bucket_id = 'media' and (select public.has_permission('media.write')))
    or (
      bucket_id = 'applications'
      and public.is_cv_object_name(name)
      and (owner is null or owner = (select auth.uid()))
      and private.cv_upload_allowed(bucket_id, name)
    )
  );

drop policy "Admins can replace media files and CVs" on storage.objects;
create policy "Media editors replace media files, application handlers CVs"
  on storage.objects for update to authenticated
  using (
    (bucket_id = 'media' and (select public.has_permission('media.write')))
    or (bucket_id = 'applications' and (select public.has_permission('applications.write')))
  )
  with check (
    (bucket_id = 'media' and (select public.has_permission('media.write')))
    or (bucket_id = 'applications' and (select public.has_permission('applications.write')))
  );

drop policy "Admins can delete media files and CVs" on storage.objects;
create policy "Media editors delete media files, application handlers CVs"
  on storage.objects for delete to authenticated
  using (
    (bucket_id = 'media' and (select public.has_permission('media.write')))
    or (bucket_id = 'applications' and (select public.has_permission('applications.write')))
  );

-- The last active admin ---------------------------------------------------------------------------

create function private.assert_another_active_admin(leaving uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One such change at a time: two admins demoting each other at once would each see the other.
  perform pg_advisory_xact_lock(hashtext('public.staff_roles: last active admin'));
  if not exists (
    select 1
    from public.staff_roles as r
    where r.role = 'admin'
      and r.user_id <> leaving
      and private.is_live_account(r.user_id)
  ) then
    raise exception using
      errcode = 'PT409',
      message = 'The last active admin cannot be demoted, deactivated or removed.',
      hint = 'Make another staff member an admin first.';
  end if;
end;
$$;
comment on function private.assert_another_active_admin(uuid) is
  'Raises PT409 (HTTP 409 through the REST API) unless an admin other than `leaving` has a live account. Called by the triggers that keep an active admin.';
revoke execute on function private.assert_another_active_admin(uuid) from public, anon, authenticated;

create function private.keep_an_active_admin_on_role_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A deleted account's role goes with it (cascade); the trigger on auth.users has decided that.
  if old.role = 'admin'
     and (tg_op = 'DELETE' or new.role <> 'admin' or new.user_id <> old.user_id)
     and private.is_live_account(old.user_id) then
    perform private.assert_another_active_admin(old.user_id);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function private.keep_an_active_admin_on_role_change() is
  'BEFORE UPDATE/DELETE on staff_roles: refuses to demote or remove the last active admin.';
revoke execute on function private.keep_an_active_admin_on_role_change() from public, anon, authenticated;

create trigger staff_roles_keep_an_active_admin
  before update or delete on public.staff_roles
  for each row execute function private.keep_an_active_admin_on_role_change();

create function private.keep_an_active_admin_on_account_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_was_live boolean := old.deleted_at is null and (old.banned_until is null or old.banned_until <= now());
begin
  if v_was_live
     and (tg_op = 'DELETE' or new.deleted_at is not null or (new.banned_until is not null and new.banned_until > now()))
     and exists (select 1 from public.staff_roles as r where r.user_id = old.id and r.role = 'admin') then
    perform private.assert_another_active_admin(old.id);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function private.keep_an_active_admin_on_account_change() is
  'BEFORE UPDATE OF banned_until, deleted_at / BEFORE DELETE on auth.users: refuses to ban, soft-delete or delete the last active admin''s account.';
revoke execute on function private.keep_an_active_admin_on_account_change() from public, anon, authenticated;

create trigger staff_keep_an_active_admin_on_update
  before update of banned_until, deleted_at on auth.users
  for each row execute function private.keep_an_active_admin_on_account_change();
create trigger staff_keep_an_active_admin_on_delete
  before delete on auth.users
  for each row execute function private.keep_an_active_admin_on_account_change();

-- Two-factor ------------------------------------------------------------------------------------------
--
-- A staff member with a verified factor must be at aal2 (the access token's aal claim, which Supabase
-- Auth raises only after a code); with the setting staff_require_two_factor on, everyone must.
-- RESTRICTIVE policies AND this with every permissive one, on every table, bucket and function staff
-- use, so no permission opens anything at aal1 then. Visitors' own paths (a contact message, an
-- application, a CV upload as anon, public reads) are not touched.

insert into public.site_settings (key, value) values ('staff_require_two_factor', 'false')
on conflict (key) do nothing;

create or replace function public.is_valid_site_setting(key text, value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when key in ('primary_color', 'secondary_color') then value ~ '^#[0-9a-fA-F]{6}$'
    when key in ('contact_email', 'careers_email') then coalesce(public.is_email(value), false)
    when key = 'staff_require_two_factor' then value in ('true', 'false')
    -- Links may be left empty (the site then hides them) but never carry another scheme.
    when key ~ '_url$' then value = '' or coalesce(public.is_safe_url(value), false)
    else true
  end
$$;
comment on function public.is_valid_site_setting(text, text) is
  'True when a site setting value fits its key: #rrggbb for *_color keys named primary/secondary, an e-mail address for contact_email and careers_email, true or false for staff_require_two_factor, an empty value or http(s)/root-relative link for *_url keys; anything else is free text.';

create function public.has_required_aal()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2'
    or not (
      exists (
        select 1 from auth.mfa_factors as f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
      or exists (
        select 1 from public.site_settings as s
        where s.key = 'staff_require_two_factor' and s.value = 'true'
      )
    )
$$;
comment on function public.has_required_aal() is
  'True when the caller''s session is at the assurance level its account needs: aal2 when it has a verified factor (auth.mfa_factors) or when two-factor is required for all staff (site setting staff_require_two_factor), aal1 otherwise. The restrictive two-factor policies call it.';

revoke execute on function public.has_required_aal() from public, anon;
grant execute on function public.has_required_aal() to authenticated, service_role;

create function private.guard_two_factor_setting()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function private.guard_two_factor_setting() is
  'BEFORE INSERT/UPDATE on site_settings: turning staff_require_two_factor on needs the caller at aal2.';
revoke execute on function private.guard_two_factor_setting() from public, anon, authenticated;

create trigger site_settings_guard_two_factor
  before insert or update on public.site_settings
  for each row execute function private.guard_two_factor_setting();

-- What only staff read: all of these tables' rows.
do $$
declare
  t text;
begin
  foreach t in array array['contact_messages', 'newsletter_subscribers', 'job_applications', 'page_views',
                           'staff_roles', 'roles', 'permissions', 'role_permissions'] loop
    execute format(
      'create policy %I on public.%I as restrictive for select to authenticated using ((select public.has_required_aal()))',
      'Two-factor for reading ' || replace(t, '_', ' '), t);
  end loop;
end
$$;

-- What staff read beyond visitors: drafts, inactive openings, back-office settings.
create policy "Two-factor for reading drafts"
  on public.blog_posts as restrictive for select to authenticated
  using (published or (select public.has_required_aal()));
create policy "Two-factor for reading inactive job openings"
  on public.job_openings as restrictive for select to authenticated
  using (active or (select public.has_required_aal()));
create policy "Two-factor for reading back-office settings"
  on public.site_settings as restrictive for select to authenticated
  using (key not like 'staff\_%' or (select public.has_required_aal()));

-- What staff write: every table a staff policy writes; visitors add leads through their own
-- insert policies, which these leave alone.
do $$
declare
  t text;
  label text;
begin
  foreach t in array array['website_content', 'clients', 'testimonials', 'team_members', 'solutions',
                           'blog_posts', 'job_openings', 'site_settings', 'contact_messages',
                           'newsletter_subscribers', 'job_applications', 'staff_roles'] loop
    label := replace(t, '_', ' ');
    if t not in ('contact_messages', 'job_applications') then
      execute format(
        'create policy %I on public.%I as restrictive for insert to authenticated with check ((select public.has_required_aal()))',
        'Two-factor for adding ' || label, t);
    end if;
    execute format(
      'create policy %I on public.%I as restrictive for update to authenticated using ((select public.has_required_aal())) with check ((select public.has_required_aal()))',
      'Two-factor for changing ' || label, t);
    execute format(
      'create policy %I on public.%I as restrictive for delete to authenticated using ((select public.has_required_aal()))',
      'Two-factor for removing ' || label, t);
  end loop;
end
$$;

-- Storage: signed-in callers use the buckets only as staff (visitors upload CVs as anon).
create policy "Two-factor for reading files"
  on storage.objects as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Two-factor for adding files"
  on storage.objects as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Two-factor for changing files"
  on storage.objects as restrictive for update to authenticated
  using ((select public.has_required_aal()))
  with check ((select public.has_required_aal()));
create policy "Two-factor for removing files"
  on storage.objects as restrictive for delete to authenticated
  using ((select public.has_required_aal()));
