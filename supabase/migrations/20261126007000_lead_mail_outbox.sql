-- New-lead e-mails: each new contact message is announced to the sales address and each new
-- application to the careers address. The announcement is queued in public.lead_mail_outbox by a
-- trigger, in the same transaction as the lead, so a lead is never stored without its e-mail being
-- owed, and no submission waits for a mail server. The web server (service role) claims due rows,
-- sends them, and deletes each once sent or schedules a retry with a growing delay.
--
-- Settings (site_settings rows, admin-edited): lead_notify_sales / lead_notify_careers ('true' or
-- 'false') and lead_notify_sales_email / lead_notify_careers_email (empty means the contact e-mail,
-- and for careers the careers e-mail first). They name internal inboxes, so visitors cannot read them.

insert into public.site_settings (key, value) values
  ('lead_notify_sales', 'true'),
  ('lead_notify_sales_email', ''),
  ('lead_notify_careers', 'true'),
  ('lead_notify_careers_email', '')
on conflict (key) do nothing;

alter table public.site_settings
  add constraint site_settings_lead_notify_fits check (
    case
      when key in ('lead_notify_sales', 'lead_notify_careers') then value in ('true', 'false')
      when key in ('lead_notify_sales_email', 'lead_notify_careers_email') then value = '' or coalesce(public.is_email(value), false)
      else true
    end
  );

create policy "Lead notification settings are hidden from visitors"
  on public.site_settings as restrictive for select to anon
  using (key not like 'lead\_notify\_%');

-- The outbox ---------------------------------------------------------------------------------------

create table public.lead_mail_outbox (
  id uuid primary key default gen_random_uuid(),
  contact_message_id uuid references public.contact_messages (id) on delete cascade,
  job_application_id uuid references public.job_applications (id) on delete cascade,
  recipient text not null check (public.is_email(recipient)),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text check (char_length(last_error) <= 500),
  created_at timestamptz not null default now(),
  check ((contact_message_id is null) <> (job_application_id is null))
);
comment on table public.lead_mail_outbox is
  'E-mails owed to staff about new leads, one row per lead, written by a trigger with the lead. The web server (service role) claims due rows with claim_lead_mail() and ends each with finish_lead_mail(). A row goes with its lead when the lead is deleted. No API role but service_role can touch it.';

alter table public.lead_mail_outbox enable row level security;
revoke all on table public.lead_mail_outbox from anon, authenticated;
grant all on table public.lead_mail_outbox to service_role;

create index lead_mail_outbox_due_idx on public.lead_mail_outbox (next_attempt_at);
create index lead_mail_outbox_contact_idx on public.lead_mail_outbox (contact_message_id);
create index lead_mail_outbox_application_idx on public.lead_mail_outbox (job_application_id);

-- Queueing ------------------------------------------------------------------------------------------

create function public.lead_notify_setting(setting text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select nullif(btrim(value), '') from public.site_settings where key = setting
$$;
comment on function public.lead_notify_setting(text) is
  'A site setting''s trimmed value, or null when empty or missing. Used by the lead e-mail trigger, which runs for visitors who cannot read every setting.';
revoke execute on function public.lead_notify_setting(text) from public, anon, authenticated;

create function public.queue_lead_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_recipient text;
begin
  if tg_table_name = 'contact_messages' then
    if coalesce(public.lead_notify_setting('lead_notify_sales'), 'true') = 'false' then
      return new;
    end if;
    v_recipient := coalesce(public.lead_notify_setting('lead_notify_sales_email'), public.lead_notify_setting('contact_email'));
    if v_recipient is not null then
      insert into public.lead_mail_outbox (contact_message_id, recipient) values (new.id, v_recipient);
    end if;
  else
    if coalesce(public.lead_notify_setting('lead_notify_careers'), 'true') = 'false' then
      return new;
    end if;
    v_recipient := coalesce(public.lead_notify_setting('lead_notify_careers_email'), public.lead_notify_setting('careers_email'),
      public.lead_notify_setting('contact_email'));
    if v_recipient is not null then
      insert into public.lead_mail_outbox (job_application_id, recipient) values (new.id, v_recipient);
    end if;
  end if;
  return new;
end;
$$;
comment on function public.queue_lead_mail() is
  'After a contact message or an application is inserted: queues its e-mail to the sales or careers address, unless that notification is turned off.';
revoke execute on function public.queue_lead_mail() from public, anon, authenticated;

create trigger contact_messages_queue_lead_mail
  after insert on public.contact_messages
  for each row execute function public.queue_lead_mail();

create trigger job_applications_queue_lead_mail
  after insert on public.job_applications
  for each row execute function public.queue_lead_mail();

-- Sending -------------------------------------------------------------------------------------------

-- After this many failed sends a row is kept (for an operator to see) but no longer tried.
create function public.lead_mail_max_attempts()
returns integer
language sql
immutable
set search_path = ''
as $$ select 12 $$;
comment on function public.lead_mail_max_attempts() is 'How many times one lead e-mail is tried before it is left for an operator.';
revoke execute on function public.lead_mail_max_attempts() from public, anon, authenticated;
grant execute on function public.lead_mail_max_attempts() to service_role;

create function public.claim_lead_mail(max_rows integer default 10, lease_seconds integer default 120)
returns table (
  id uuid,
  recipient text,
  attempts integer,
  kind text,
  lead_id uuid,
  lead_name text,
  lead_email text,
  topic text,
  job_opening_id uuid,
  received_at timestamptz
)
language sql
volatile
set search_path = ''
as $$
  -- Rows being sent by another process (a lease not yet run out) are skipped, not waited for.
  with due as (
    select o.id
    from public.lead_mail_outbox as o
    where o.next_attempt_at <= now()
      and (o.locked_until is null or o.locked_until < now())
      and o.attempts < public.lead_mail_max_attempts()
    order by o.next_attempt_at
    limit least(greatest(max_rows, 1), 100)
    for update skip locked
  ),
  claimed as (
    update public.lead_mail_outbox as o
    set attempts = o.attempts + 1,
        locked_until = now() + make_interval(secs => least(greatest(lease_seconds, 10), 3600))
    from due
    where o.id = due.id
    returning o.*
  )
  select c.id, c.recipient, c.attempts,
    case when c.contact_message_id is not null then 'contact_message' else 'job_application' end,
    coalesce(c.contact_message_id, c.job_application_id),
    coalesce(m.first_name || ' ' || m.last_name, a.name),
    coalesce(m.email, a.email),
    coalesce(m.interested_in, j.title),
    a.job_opening_id,
    coalesce(m.created_at, a.created_at)
  from claimed as c
  left join public.contact_messages as m on m.id = c.contact_message_id
  left join public.job_applications as a on a.id = c.job_application_id
  left join public.job_openings as j on j.id = a.job_opening_id
$$;
comment on function public.claim_lead_mail(integer, integer) is
  'Claims up to max_rows (1-100) lead e-mails that are due, for lease_seconds (10-3600): each claim counts as an attempt and hides the row from other senders until the lease ends. Returns what the e-mail says about the lead. Service role only.';
revoke execute on function public.claim_lead_mail(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_lead_mail(integer, integer) to service_role;

create function public.finish_lead_mail(mail_id uuid, failure text default null)
returns void
language sql
volatile
set search_path = ''
as $$
  -- Sent: the row goes. Failed: tried again after 1, 2, 4, … minutes, at most an hour apart.
  delete from public.lead_mail_outbox where id = mail_id and failure is null;
  update public.lead_mail_outbox
  set locked_until = null,
      last_error = left(failure, 500),
      next_attempt_at = now() + make_interval(mins => least(power(2, greatest(attempts - 1, 0))::integer, 60))
  where id = mail_id and failure is not null;
$$;
comment on function public.finish_lead_mail(uuid, text) is
  'Ends a claimed lead e-mail: without failure it was sent and the row is deleted; with one the row is released and retried after a delay doubling from one minute up to an hour. Service role only.';
revoke execute on function public.finish_lead_mail(uuid, text) from public, anon, authenticated;
grant execute on function public.finish_lead_mail(uuid, text) to service_role;
