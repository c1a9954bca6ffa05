-- The mail outbox, with the new-lead e-mails: a lead queues its e-mail in the same transaction (to the configured address, or
-- the contact / careers e-mail when none is set), nothing is queued when the admin turned it off, no
-- role but service_role touches the outbox, visitors cannot read the notification settings, and the
-- sender's claim / finish cycle retries with a delay and hides a claimed row from other senders.
begin;
select plan(21);

update public.site_settings set value = 'hello@example.test' where key = 'contact_email';
delete from public.site_settings where key = 'careers_email';
insert into public.job_openings (id, title, location, department, description)
values ('d0000000-0000-4000-8000-000000000027', 'Outbox engineer', 'Lagos', 'Engineering', '<p>Role.</p>');

-- A visitor's contact message queues one e-mail to the contact address (no sales address set).
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
insert into public.contact_messages (first_name, last_name, email, message)
values ('Ada', 'Lovelace', 'ada@example.test', 'Tell me more');
reset role;
select results_eq(
  $$ select o.recipient from public.mail_outbox o join public.contact_messages m on m.id = o.subject_id and o.kind = 'contact_message' where m.email = 'ada@example.test' $$,
  array['hello@example.test'],
  'a contact message queues its e-mail to the contact address when no sales address is set');

update public.site_settings set value = 'sales@example.test' where key = 'lead_notify_sales_email';
insert into public.contact_messages (first_name, last_name, email, message) values ('Bob', 'Lee', 'bob@example.test', 'Hi');
select results_eq(
  $$ select o.recipient from public.mail_outbox o join public.contact_messages m on m.id = o.subject_id and o.kind = 'contact_message' where m.email = 'bob@example.test' $$,
  array['sales@example.test'], 'with a sales address it goes there');

insert into public.job_applications (job_opening_id, name, email, cv_path)
values ('d0000000-0000-4000-8000-000000000027', 'Grace Hopper', 'grace@example.test', 'f0000000-0000-4000-8000-000000000027/cv.pdf');
select results_eq(
  $$ select o.recipient from public.mail_outbox o join public.job_applications a on a.id = o.subject_id and o.kind = 'job_application' where a.email = 'grace@example.test' $$,
  array['hello@example.test'], 'an application falls back to the contact address when no careers address is set');
insert into public.site_settings (key, value) values ('careers_email', 'jobs@example.test');
insert into public.job_applications (job_opening_id, name, email, cv_path)
values ('d0000000-0000-4000-8000-000000000027', 'Alan Turing', 'alan@example.test', 'f0000000-0000-4000-8000-000000000028/cv.pdf');
select results_eq(
  $$ select o.recipient from public.mail_outbox o join public.job_applications a on a.id = o.subject_id and o.kind = 'job_application' where a.email = 'alan@example.test' $$,
  array['jobs@example.test'], 'and to the careers e-mail when that is set');

update public.site_settings set value = 'false' where key in ('lead_notify_sales', 'lead_notify_careers');
insert into public.contact_messages (first_name, last_name, email, message) values ('Cy', 'Off', 'off@example.test', 'Hi');
insert into public.job_applications (job_opening_id, name, email, cv_path)
values ('d0000000-0000-4000-8000-000000000027', 'Dee Off', 'off@example.test', 'f0000000-0000-4000-8000-000000000029/cv.pdf');
select is((select count(*)::int from public.mail_outbox o
  left join public.contact_messages m on m.id = o.subject_id
  left join public.job_applications a on a.id = o.subject_id
  where coalesce(m.email, a.email) = 'off@example.test'), 0, 'nothing is queued while the notifications are off');

select throws_ok($$ update public.site_settings set value = 'maybe' where key = 'lead_notify_sales' $$,
  '23514', null, 'a notification switch is on or off');
select throws_ok($$ update public.site_settings set value = 'not an address' where key = 'lead_notify_careers_email' $$,
  '23514', null, 'a notification address must be an e-mail address');

-- Who can see what.
set local role anon;
select is((select count(*)::int from public.site_settings where key like 'lead_notify%'), 0, 'visitors cannot read the notification settings');
select ok((select count(*) from public.site_settings where key = 'contact_email') = 1, 'but still read the public ones');
select throws_ok($$ select * from public.mail_outbox $$, '42501', null, 'visitors cannot read the outbox');
select throws_ok($$ select * from public.claim_mail() $$, '42501', null, 'nor claim e-mails');
reset role;
set local role authenticated;
select throws_ok($$ select * from public.mail_outbox $$, '42501', null, 'signed-in users cannot read the outbox');
select throws_ok($$ select public.finish_mail(gen_random_uuid()) $$, '42501', null, 'nor finish e-mails');
reset role;

-- The sender's cycle, as the service role.
set local role service_role;
create temporary table claimed on commit drop as
  select id, kind, payload ->> 'name' as name, payload ->> 'email' as email, payload ->> 'job_title' as job_title from public.claim_mail(100);
select results_eq(
  $$ select name, email, kind, job_title from claimed where email in ('ada@example.test', 'grace@example.test') order by email $$,
  $$ values ('Ada Lovelace', 'ada@example.test', 'contact_message', null::text), ('Grace Hopper', 'grace@example.test', 'job_application', 'Outbox engineer') $$,
  'a claim names each lead, its kind and what it is about');
select is((select count(*)::int from public.claim_mail(100) where payload ->> 'email' in ('ada@example.test', 'grace@example.test')), 0,
  'a claimed e-mail is not handed to another sender');

select public.finish_mail(id) from claimed where email = 'ada@example.test';
select public.finish_mail(id, 'connection refused') from claimed where email = 'grace@example.test';
select is((select count(*)::int from public.mail_outbox o join public.contact_messages m on m.id = o.subject_id and o.kind = 'contact_message' where m.email = 'ada@example.test'),
  0, 'a sent e-mail leaves the outbox');
select ok((select next_attempt_at > now() and locked_until is null and attempts = 1 and last_error = 'connection refused'
  from public.mail_outbox o join public.job_applications a on a.id = o.subject_id and o.kind = 'job_application' where a.email = 'grace@example.test'),
  'a failed one is released, with its error, for a later retry');
reset role;

-- An e-mail goes with the row it is about, whoever deletes it.
delete from public.job_applications where email = 'grace@example.test';
select is((select count(*)::int from public.mail_outbox o where o.subject_id in (select id from claimed where email = 'grace@example.test')),
  0, 'deleting a lead drops the e-mail owed about it');
update public.site_settings set value = 'true' where key = 'lead_notify_sales';
insert into public.contact_messages (first_name, last_name, email, message) values ('Eve', 'Gone', 'eve@example.test', 'Hi');
select set_config('pgtap.gone', (select id::text from public.contact_messages where email = 'eve@example.test'), true);
select is((select count(*)::int from public.mail_outbox where subject_id = current_setting('pgtap.gone')::uuid), 1, 'a lead queues its e-mail');
alter table public.contact_messages disable trigger contact_messages_forget_mail;
delete from public.contact_messages where email = 'eve@example.test';
alter table public.contact_messages enable trigger contact_messages_forget_mail;
set local role service_role;
select is((select count(*)::int from public.claim_mail(100) where payload ->> 'email' = 'eve@example.test'), 0,
  'an e-mail whose subject is gone is not handed to the sender');
reset role;
select is((select count(*)::int from public.mail_outbox where subject_id = current_setting('pgtap.gone')::uuid), 0,
  'and leaves the outbox');

select * from finish();
rollback;
