-- What visitors send in: contact_messages, newsletter_subscribers, job_applications, plus the flood
-- limit that guards all three.
--
-- Visitors (anon, and signed-in non-admins) may only add rows, through column-level grants so they
-- cannot choose status, client_key or timestamps; they can never read, change or delete a lead.
-- Admins read, mark (status) and delete. Newsletter sign-up goes only through
-- public.subscribe_newsletter(), so a repeated address is not an error and reveals nothing.
--
-- Flood limit error: SQLSTATE 'PT429', message 'Too many submissions, please try again later.'.
-- PostgREST turns a 'PTxyz' SQLSTATE into HTTP status xyz, so the API answers 429 Too Many Requests
-- (a P0001 would be a 400, and 54000 program_limit_exceeded is meant for server limits).

-- Flood limit -------------------------------------------------------------------------------------

create table public.submission_log (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('contact', 'newsletter', 'application')),
  email_hash text not null check (email_hash ~ '^[0-9a-f]{64}$'),
  client_key text check (client_key ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
comment on table public.submission_log is
  'One row per accepted visitor submission in the last day (hashed e-mail and client address only), counted by the flood limit. Internal: no API role may touch it.';

alter table public.submission_log enable row level security;
revoke all on table public.submission_log from anon, authenticated;
grant all on table public.submission_log to service_role;

create index submission_log_email_idx on public.submission_log (kind, email_hash, created_at);
create index submission_log_client_idx on public.submission_log (kind, client_key, created_at) where client_key is not null;
create index submission_log_created_at_idx on public.submission_log (created_at);

create function public.request_client_key()
returns text
language sql
stable
set search_path = ''
as $$
  -- First entry of X-Forwarded-For (the client as seen by the first proxy), hashed so that no raw
  -- address is stored. Null outside an API request.
  select encode(sha256(convert_to('client:' || addr, 'UTF8')), 'hex')
  from (
    select nullif(btrim(split_part(
      (nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for'), ',', 1)), '') as addr
  ) as h
  where addr is not null
$$;
comment on function public.request_client_key() is
  'SHA-256 of the first X-Forwarded-For address of the current API request (request.headers), or null. Identifies a client for the flood limit without storing its IP.';

create function public.is_rate_limited_caller()
returns boolean
language sql
stable
set search_path = ''
as $$
  -- Visitors and signed-in non-admins are limited; admins, service_role and direct database
  -- sessions (seed, migrations: no JWT claims) are not.
  select coalesce((select auth.role()), '') in ('anon', 'authenticated') and not (select public.is_admin())
$$;
comment on function public.is_rate_limited_caller() is
  'True when the current request comes from anon or a non-admin signed-in user, i.e. the flood limit applies.';

create function public.enforce_submission_limit(
  kind text,
  email text,
  max_per_email integer,
  max_per_client integer
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email_hash text := encode(sha256(convert_to(lower(btrim(coalesce(email, ''))), 'UTF8')), 'hex');
  v_client_key text := public.request_client_key();
begin
  if not public.is_rate_limited_caller() then
    return;
  end if;

  -- Keep the log to the last day; the index on created_at makes this cheap.
  delete from public.submission_log as l where l.created_at < now() - interval '1 day';

  if (select count(*) from public.submission_log as l
      where l.kind = enforce_submission_limit.kind
        and l.email_hash = v_email_hash
        and l.created_at > now() - interval '1 hour') >= max_per_email
     or (v_client_key is not null
         and (select count(*) from public.submission_log as l
              where l.kind = enforce_submission_limit.kind
                and l.client_key = v_client_key
                and l.created_at > now() - interval '1 hour') >= max_per_client)
  then
    raise exception using
      errcode = 'PT429',
      message = 'Too many submissions, please try again later.',
      hint = 'The limit resets within an hour.';
  end if;

  insert into public.submission_log (kind, email_hash, client_key)
  values (enforce_submission_limit.kind, v_email_hash, v_client_key);
end;
$$;
comment on function public.enforce_submission_limit(text, text, integer, integer) is
  'Flood limit for visitor submissions: raises PT429 "Too many submissions, please try again later." when this e-mail or this client (X-Forwarded-For) already made the given number of submissions of this kind in the last hour; otherwise logs this one.';

revoke execute on function public.request_client_key(), public.is_rate_limited_caller(),
  public.enforce_submission_limit(text, text, integer, integer) from public, anon, authenticated;

-- contact_messages --------------------------------------------------------------------------------

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (btrim(first_name) <> '' and char_length(first_name) <= 100),
  last_name text not null check (btrim(last_name) <> '' and char_length(last_name) <= 100),
  email text not null check (public.is_email(email)),
  interested_in text check (char_length(interested_in) <= 200),
  message text not null check (btrim(message) <> '' and char_length(message) <= 5000),
  status text not null default 'new' check (status in ('new', 'handled')),
  client_key text check (client_key ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.contact_messages is
  'Messages from the /contact form, listed in the admin Inbox. Visitors may only insert; admins read, mark handled and delete.';
comment on column public.contact_messages.client_key is
  'Hash of the sender''s forwarded address, set by trigger for the flood limit; never the raw IP.';

alter table public.contact_messages enable row level security;
revoke all on table public.contact_messages from anon, authenticated;
grant insert (first_name, last_name, email, interested_in, message) on table public.contact_messages to anon, authenticated;
grant select, delete on table public.contact_messages to authenticated;
grant update (status) on table public.contact_messages to authenticated;
grant all on table public.contact_messages to service_role;

create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

create function public.guard_contact_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.client_key := public.request_client_key();
  perform public.enforce_submission_limit('contact', new.email, 5, 20);
  return new;
end;
$$;
comment on function public.guard_contact_message() is
  'BEFORE INSERT on contact_messages: stamps client_key and applies the flood limit (5 per e-mail and 20 per client per hour).';
revoke execute on function public.guard_contact_message() from public, anon, authenticated;

create trigger contact_messages_guard
  before insert on public.contact_messages
  for each row execute function public.guard_contact_message();

create trigger contact_messages_set_updated_at
  before update on public.contact_messages
  for each row execute function public.set_updated_at();

create policy "Visitors can send contact messages"
  on public.contact_messages for insert to anon, authenticated
  with check (status = 'new');
create policy "Admins can read contact messages"
  on public.contact_messages for select to authenticated
  using ((select public.is_admin()));
create policy "Admins can mark contact messages"
  on public.contact_messages for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete contact messages"
  on public.contact_messages for delete to authenticated
  using ((select public.is_admin()));

-- newsletter_subscribers --------------------------------------------------------------------------

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (public.is_email(email) and email = lower(email)),
  status text not null default 'subscribed' check (status in ('subscribed', 'unsubscribed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Addresses are stored lower-cased (trigger below), so this is uniqueness on lower(email).
  constraint newsletter_subscribers_email_key unique (email)
);
comment on table public.newsletter_subscribers is
  'Newsletter sign-ups, one row per lower-cased address. Visitors subscribe only through subscribe_newsletter(); admins list, export, unsubscribe and delete.';

alter table public.newsletter_subscribers enable row level security;
revoke all on table public.newsletter_subscribers from anon, authenticated;
grant select, delete on table public.newsletter_subscribers to authenticated;
grant update (status) on table public.newsletter_subscribers to authenticated;
grant all on table public.newsletter_subscribers to service_role;

create index newsletter_subscribers_created_at_idx on public.newsletter_subscribers (created_at desc);

create function public.normalize_subscriber_email()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  return new;
end;
$$;
comment on function public.normalize_subscriber_email() is
  'BEFORE INSERT/UPDATE on newsletter_subscribers: stores the address trimmed and lower-cased.';
revoke execute on function public.normalize_subscriber_email() from public, anon, authenticated;

create trigger newsletter_subscribers_normalize_email
  before insert or update of email on public.newsletter_subscribers
  for each row execute function public.normalize_subscriber_email();

create trigger newsletter_subscribers_set_updated_at
  before update on public.newsletter_subscribers
  for each row execute function public.set_updated_at();

create policy "Admins can read newsletter subscribers"
  on public.newsletter_subscribers for select to authenticated
  using ((select public.is_admin()));
create policy "Admins can unsubscribe newsletter subscribers"
  on public.newsletter_subscribers for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete newsletter subscribers"
  on public.newsletter_subscribers for delete to authenticated
  using ((select public.is_admin()));

create function public.subscribe_newsletter(email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(subscribe_newsletter.email));
begin
  if not coalesce(public.is_email(v_email), false) then
    raise exception using errcode = '22023', message = 'Please enter a valid e-mail address.';
  end if;

  perform public.enforce_submission_limit('newsletter', v_email, 5, 10);

  -- New address: subscribed. Known address: back to subscribed. Either way the caller learns nothing.
  insert into public.newsletter_subscribers as s (email)
  values (v_email)
  on conflict on constraint newsletter_subscribers_email_key
  do update set status = 'subscribed'
  where s.status <> 'subscribed';
end;
$$;
comment on function public.subscribe_newsletter(text) is
  'Newsletter sign-up for visitors: stores the address lower-cased, re-subscribes a known one, returns nothing either way. Flood-limited (5 per e-mail, 10 per client per hour).';

revoke execute on function public.subscribe_newsletter(text) from public;
grant execute on function public.subscribe_newsletter(text) to anon, authenticated, service_role;

-- job_applications --------------------------------------------------------------------------------

create function public.is_cv_object_name(name text)
returns boolean
language sql
immutable
strict
set search_path = ''
as $$
  -- '<uuid>/<file>.pdf|doc|docx': the random folder makes the object unguessable; the file name is
  -- kept to safe characters.
  select name ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[a-z0-9][a-z0-9._ -]{0,119}\.(pdf|doc|docx)$'
$$;
comment on function public.is_cv_object_name(text) is
  'True for a CV object name in the applications bucket: "<uuid>/<file>.pdf", ".doc" or ".docx" (file name of letters, digits, dot, dash, underscore, space; at most 124 characters).';

revoke execute on function public.is_cv_object_name(text) from public;
grant execute on function public.is_cv_object_name(text) to anon, authenticated, service_role;

create function public.job_opening_accepts_applications(opening_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.job_openings as j
    where j.id = job_opening_accepts_applications.opening_id and j.active
  )
$$;
comment on function public.job_opening_accepts_applications(uuid) is
  'True when the job opening exists and is active. Used by the job_applications insert policy.';

revoke execute on function public.job_opening_accepts_applications(uuid) from public;
grant execute on function public.job_opening_accepts_applications(uuid) to anon, authenticated, service_role;

create table public.job_applications (
  id uuid primary key default gen_random_uuid(),
  job_opening_id uuid not null references public.job_openings (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  email text not null check (public.is_email(email)),
  phone text check (char_length(phone) <= 40 and phone ~ '^[0-9+()./ -]*$'),
  cover_note text check (char_length(cover_note) <= 5000),
  cv_path text not null check (public.is_cv_object_name(cv_path)),
  status text not null default 'new' check (status in ('new', 'reviewed', 'rejected', 'hired')),
  client_key text check (client_key ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.job_applications is
  'Applications from /careers. cv_path names the CV object in the private applications storage bucket. Visitors may only insert, and only for an active opening; admins read, set status and delete.';
comment on column public.job_applications.cv_path is
  'Object name in storage bucket applications: "<uuid>/<file>.pdf|doc|docx".';

alter table public.job_applications enable row level security;
revoke all on table public.job_applications from anon, authenticated;
grant insert (job_opening_id, name, email, phone, cover_note, cv_path) on table public.job_applications to anon, authenticated;
grant select, delete on table public.job_applications to authenticated;
grant update (status) on table public.job_applications to authenticated;
grant all on table public.job_applications to service_role;

create index job_applications_opening_created_at_idx on public.job_applications (job_opening_id, created_at desc);
create index job_applications_created_at_idx on public.job_applications (created_at desc);

create function public.guard_job_application()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.client_key := public.request_client_key();
  perform public.enforce_submission_limit('application', new.email, 5, 10);
  return new;
end;
$$;
comment on function public.guard_job_application() is
  'BEFORE INSERT on job_applications: stamps client_key and applies the flood limit (5 per e-mail and 10 per client per hour).';
revoke execute on function public.guard_job_application() from public, anon, authenticated;

create trigger job_applications_guard
  before insert on public.job_applications
  for each row execute function public.guard_job_application();

create trigger job_applications_set_updated_at
  before update on public.job_applications
  for each row execute function public.set_updated_at();

create policy "Visitors can apply to active job openings"
  on public.job_applications for insert to anon, authenticated
  with check (status = 'new' and public.job_opening_accepts_applications(job_opening_id));
create policy "Admins can read job applications"
  on public.job_applications for select to authenticated
  using ((select public.is_admin()));
create policy "Admins can update job applications"
  on public.job_applications for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Admins can delete job applications"
  on public.job_applications for delete to authenticated
  using ((select public.is_admin()));
