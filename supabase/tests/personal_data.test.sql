-- Personal data: consent recorded with every lead, double opt-in, one-click unsubscribe by token,
-- and requests that find exactly one person by the keyed hash of their address.
begin;
select plan(72);

insert into public.job_openings (id, title, location, department, description)
values ('d0000000-0000-4000-8000-000000003301', 'pgTAP privacy role', 'Lagos', 'Engineering', '<p>Role.</p>');
-- The CVs a visitor's applications name were uploaded first.
insert into storage.objects (bucket_id, name) values
  ('applications', 'f0000000-0000-4000-8000-000000003301/cv.pdf'), ('applications', 'f0000000-0000-4000-8000-000000003302/cv.pdf');

-- Consent is stamped by the database ---------------------------------------------------------------
set local role anon;
insert into public.contact_messages (first_name, last_name, email, message)
values ('Ada', 'Consent', 'ada.consent@example.test', 'Hello');
insert into public.job_applications (job_opening_id, name, email, cv_path, keep_for_future_roles)
values ('d0000000-0000-4000-8000-000000003301', 'Ada Consent', 'ada.consent@example.test', 'f0000000-0000-4000-8000-000000003301/cv.pdf', true);
insert into public.job_applications (job_opening_id, name, email, cv_path)
values ('d0000000-0000-4000-8000-000000003301', 'Bo Default', 'bo.default@example.test', 'f0000000-0000-4000-8000-000000003302/cv.pdf');
reset role;

select ok((select consent_at is not null and privacy_notice_version = public.privacy_notice_version()
           from public.contact_messages where email = 'ada.consent@example.test'),
  'a contact message records the time of consent and the privacy notice in force');
select ok((select consent_at is not null and privacy_notice_version = public.privacy_notice_version() and keep_for_future_roles
           from public.job_applications where email = 'ada.consent@example.test'),
  'an application records consent and the choice to be kept for future roles');
select is((select keep_for_future_roles from public.job_applications where email = 'bo.default@example.test'), false,
  'an application is not kept for future roles unless asked');
select matches(public.privacy_notice_version(), '^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ|built-in)$',
  'the notice version is the privacy page''s last change');

-- Double opt-in ---------------------------------------------------------------------------------------
set local role anon;
select lives_ok($$ select public.subscribe_newsletter('Pat.Pending@Example.test') $$, 'a visitor signs up');
reset role;
select is((select status from public.newsletter_subscribers where email = 'pat.pending@example.test'), 'pending',
  'a sign-up is pending until confirmed');

select is((select count(*)::int from public.mail_outbox o join public.newsletter_subscribers s on s.id = o.subject_id
           where o.kind = 'newsletter_confirmation' and s.email = 'pat.pending@example.test' and o.recipient = s.email), 1,
  'a sign-up queues its confirmation e-mail to the address');

set local role service_role;
create temporary table confirmation on commit drop as
  select payload from public.claim_mail(100) where kind = 'newsletter_confirmation' and recipient = 'pat.pending@example.test';
reset role;
select set_config('pgtap.confirm', (select payload ->> 'token' from confirmation), true);
select ok((select payload ->> 'token' ~ '^[0-9a-f]{64}$' and payload ->> 'unsubscribe_token' is not null from confirmation),
  'the web server claims the confirmation with a fresh token and the unsubscribe token');
select is((select confirmation_token_hash from public.newsletter_subscribers where email = 'pat.pending@example.test'),
  encode(sha256(convert_to(current_setting('pgtap.confirm'), 'UTF8')), 'hex'), 'only the token''s hash is stored');

set local role anon;
select is(public.confirm_newsletter('wrong-token'), false, 'a wrong token confirms nothing');
select is(public.confirm_newsletter(current_setting('pgtap.confirm')), true, 'the e-mailed token confirms');
select is(public.confirm_newsletter(current_setting('pgtap.confirm')), false, 'the token works once');
reset role;
select ok((select status = 'subscribed' and confirmed_at is not null and consent_at is not null
                  and privacy_notice_version = public.privacy_notice_version() and confirmation_token_hash is null
           from public.newsletter_subscribers where email = 'pat.pending@example.test'),
  'confirmation records the time and the notice, and forgets the hash');

-- A repeated sign-up changes nothing for a subscribed address.
set local role anon;
select lives_ok($$ select public.subscribe_newsletter('pat.pending@example.test') $$, 'signing up again answers the same');
reset role;
select is((select status from public.newsletter_subscribers where email = 'pat.pending@example.test'), 'subscribed',
  'and leaves a subscribed address subscribed');

-- An expired link.
insert into public.newsletter_subscribers (email, confirmation_token_hash, confirmation_sent_at)
values ('old.link@example.test', encode(sha256('old-token'::bytea), 'hex'), now() - interval '8 days');
set local role anon;
select is(public.confirm_newsletter('old-token'), false, 'a link older than 7 days confirms nothing');
reset role;

-- One-click unsubscribe ------------------------------------------------------------------------------
set local role anon;
select is(public.unsubscribe_newsletter(repeat('0', 64)), false, 'an unknown token unsubscribes nobody');
select is(public.unsubscribe_newsletter((select 'x')), false, 'a malformed token unsubscribes nobody');
reset role;
select set_config('pgtap.token', (select unsubscribe_token from public.newsletter_subscribers where email = 'pat.pending@example.test'), true);
set local role anon;
select is(public.unsubscribe_newsletter(current_setting('pgtap.token')), true, 'the personal token unsubscribes without a session');
reset role;
select ok((select status = 'unsubscribed' and unsubscribed_at is not null from public.newsletter_subscribers where email = 'pat.pending@example.test'),
  'the address is unsubscribed, with the time');
select is((select count(*)::int from private.activity_log where title = 'pat.pending@example.test'), 0,
  'what visitors do by token is not staff activity');
select is((select count(*)::int from public.newsletter_subscribers where status = 'subscribed' and email = 'old.link@example.test'), 0,
  'nobody else was touched');

-- Retention ---------------------------------------------------------------------------------------------
-- Old rows of each kind (one kept for future roles, which has the longer period) and fresh ones.
insert into public.contact_messages (id, first_name, last_name, email, message) values
  ('33000000-0000-4000-8000-00000000c001', 'Old', 'Message', 'old.message@example.test', 'x'),
  ('33000000-0000-4000-8000-00000000c002', 'New', 'Message', 'new.message@example.test', 'x');
update public.contact_messages set created_at = now() - interval '3 days' where id = '33000000-0000-4000-8000-00000000c001';
insert into public.job_applications (id, job_opening_id, name, email, cv_path, keep_for_future_roles) values
  ('33000000-0000-4000-8000-00000000a001', 'd0000000-0000-4000-8000-000000003301', 'Old Applicant', 'old.applicant@example.test', 'f0000000-0000-4000-8000-00000000a001/cv.pdf', false),
  ('33000000-0000-4000-8000-00000000a002', 'd0000000-0000-4000-8000-000000003301', 'Pool Applicant', 'pool.applicant@example.test', 'f0000000-0000-4000-8000-00000000a002/cv.pdf', true);
update public.job_applications set created_at = now() - interval '3 days' where id::text like '33000000-%';
insert into public.newsletter_subscribers (email, status, unsubscribed_at, signed_up_at) values
  ('gone.reader@example.test', 'unsubscribed', now() - interval '3 days', now() - interval '30 days'),
  ('never.confirmed@example.test', 'pending', null, now() - interval '8 days');
update public.site_settings set value = '2' where key in ('retention_contact_messages_days', 'retention_applications_days', 'retention_unsubscribed_days');

select throws_ok($$ update public.site_settings set value = '0' where key = 'retention_applications_days' $$, '23514', null,
  'a retention period is 1 to 3650 days');

set local role anon;
select throws_ok($$ select public.apply_personal_data_retention() $$, '42501', null, 'visitors cannot run retention');
reset role;
set local role service_role;
select set_config('pgtap.retention', public.apply_personal_data_retention()::text, true);
reset role;
select is((current_setting('pgtap.retention')::jsonb ->> 'contact_messages')::int >= 1, true, 'retention counts the messages it removed');
select ok(not exists (select 1 from public.contact_messages where id = '33000000-0000-4000-8000-00000000c001')
      and exists (select 1 from public.contact_messages where id = '33000000-0000-4000-8000-00000000c002'),
  'a message older than its period goes, a fresh one stays');
select ok(not exists (select 1 from public.job_applications where id = '33000000-0000-4000-8000-00000000a001')
      and exists (select 1 from public.job_applications where id = '33000000-0000-4000-8000-00000000a002'),
  'an old application goes; one kept for future roles has the longer period');
select ok(current_setting('pgtap.retention')::jsonb -> 'cv_paths' ? 'f0000000-0000-4000-8000-00000000a001/cv.pdf',
  'the removed application''s CV is named for removal through the Storage API');
select ok(not exists (select 1 from public.newsletter_subscribers where email in ('gone.reader@example.test', 'never.confirmed@example.test')),
  'old unsubscribed addresses and sign-ups unconfirmed for 7 days go');
select ok((select l.title like 'Retention: %' and l.action = 'deleted' and (l.changes #>> '{removed,after,job_applications}')::int >= 1
           from private.activity_log as l where l.table_name = 'personal_data' order by l.id desc limit 1),
  'the run logs one entry with its counts');
select is((select count(*)::int from private.activity_log where action = 'deleted' and title in ('Old Message', 'Old Applicant')), 0,
  'rows removed by retention are not logged one by one');

-- Requests: who may ----------------------------------------------------------------------------------------
insert into auth.users (id, email) values
  ('33000000-0000-4000-8000-000000000001', 'pgtap33-admin@example.test'),
  ('33000000-0000-4000-8000-000000000002', 'pgtap33-sales@example.test');
insert into public.staff_roles (user_id, role) values
  ('33000000-0000-4000-8000-000000000001', 'admin'),
  ('33000000-0000-4000-8000-000000000002', 'sales');

-- Eve's data, with staff activity about it; Sam's, which must survive.
insert into public.contact_messages (id, first_name, last_name, email, message) values
  ('33000000-0000-4000-8000-00000000e001', 'Eve', 'Erasable', 'Eve.Erasable@example.test', 'Please call'),
  ('33000000-0000-4000-8000-00000000e002', 'Sam', 'Stays', 'sam.stays@example.test', 'Hello');
insert into public.job_applications (id, job_opening_id, name, email, cv_path) values
  ('33000000-0000-4000-8000-00000000e003', 'd0000000-0000-4000-8000-000000003301', 'Eve Erasable', 'eve.erasable@example.test', 'f0000000-0000-4000-8000-00000000e003/eve-cv.pdf');
insert into public.newsletter_subscribers (email, status) values ('eve.erasable@example.test', 'subscribed'), ('sam.stays@example.test', 'subscribed');
select tests.act_as('authenticated', '33000000-0000-4000-8000-000000000001');
update public.contact_messages set status = 'handled' where id in ('33000000-0000-4000-8000-00000000e001', '33000000-0000-4000-8000-00000000e002');
update public.job_applications set status = 'reviewing' where id = '33000000-0000-4000-8000-00000000e003';
update public.newsletter_subscribers set status = 'unsubscribed' where email = 'eve.erasable@example.test';
reset role;

select is((select count(*)::int from private.activity_log where title in ('Eve Erasable', 'eve.erasable@example.test')), 3,
  'staff activity names Eve');

select tests.act_as('authenticated', '33000000-0000-4000-8000-000000000002');
select throws_ok($$ select public.personal_data('eve.erasable@example.test') $$, '42501', null, 'sales staff cannot look up a person');
select throws_ok($$ select public.erase_personal_data('eve.erasable@example.test') $$, '42501', null, 'nor erase one');
reset role;
set local role anon;
select throws_ok($$ select public.personal_data('eve.erasable@example.test') $$, '42501', null, 'visitors cannot look up a person');
reset role;

-- Export -------------------------------------------------------------------------------------------------------
select tests.act_as('authenticated', '33000000-0000-4000-8000-000000000001');
select throws_ok($$ select public.personal_data('not an address') $$, '22023', 'Please enter a valid e-mail address.', 'a malformed address is refused');
select set_config('pgtap.export', public.personal_data('EVE.erasable@example.test')::text, true);
reset role;
select is(jsonb_array_length(current_setting('pgtap.export')::jsonb -> 'contact_messages'), 1, 'the export holds Eve''s message, whatever the case');
select is(current_setting('pgtap.export')::jsonb #>> '{job_applications,0,cv_path}', 'f0000000-0000-4000-8000-00000000e003/eve-cv.pdf',
  'and her application with its CV');
select is(current_setting('pgtap.export')::jsonb #>> '{newsletter_subscription,email}', 'eve.erasable@example.test', 'and her subscription');
select is(jsonb_array_length(current_setting('pgtap.export')::jsonb -> 'activity'), 3, 'and the activity entries that name her');
select ok(position('sam.stays' in current_setting('pgtap.export')) = 0 and position('Sam' in current_setting('pgtap.export')) = 0
          and not (current_setting('pgtap.export')::jsonb #> '{newsletter_subscription}' ? 'unsubscribe_token'),
  'and nothing of anyone else''s, nor her tokens');

-- Erasure -------------------------------------------------------------------------------------------------------
select tests.act_as('authenticated', '33000000-0000-4000-8000-000000000001');
select set_config('pgtap.erased', public.erase_personal_data('eve.erasable@example.test')::text, true);
reset role;
select ok(not exists (select 1 from public.contact_messages where lower(email) = 'eve.erasable@example.test')
      and not exists (select 1 from public.job_applications where email = 'eve.erasable@example.test')
      and not exists (select 1 from public.newsletter_subscribers where email = 'eve.erasable@example.test'),
  'erasure leaves no row with her address');
select is(current_setting('pgtap.erased')::jsonb -> 'cv_paths', '["f0000000-0000-4000-8000-00000000e003/eve-cv.pdf"]'::jsonb,
  'and names her CV for removal through the Storage API');
select is((select count(*)::int from private.activity_log
           where position('erasable' in lower(coalesce(title, '') || coalesce(changes::text, ''))) > 0), 0,
  'no activity entry names her any more');
select is((select count(*)::int from private.activity_log where title = 'erased'), 3, 'her entries are kept, rewritten');
select ok((select l.title like 'Personal data erased on request: 1 messages, 1 applications, 1 subscriptions%' from private.activity_log as l
           where l.table_name = 'personal_data' order by l.id desc limit 1),
  'the erasure itself is logged, without her data');
select ok(exists (select 1 from public.contact_messages where email = 'sam.stays@example.test')
      and exists (select 1 from public.newsletter_subscribers where email = 'sam.stays@example.test')
      and exists (select 1 from private.activity_log where title = 'Sam Stays'),
  'nothing of anyone else''s is touched');
select throws_ok($$ update private.activity_log set title = 'x' where title = 'Sam Stays' $$, '42501', 'The activity log cannot be changed.',
  'outside the erasure the log stays unchangeable');

-- Subjects: a keyed hash of the address ---------------------------------------------------------------------
select is(encode(private.hmac_sha256('Jefe'::bytea, convert_to('what do ya want for nothing?', 'UTF8')), 'hex'),
  '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843', 'the keyed hash is HMAC-SHA-256 (RFC 4231, case 2)');
select matches(private.subject_key('vera.victim@corp.example'), '^[0-9a-f]{64}$', 'a subject is 64 hex digits');
select is(private.subject_key(' Vera.Victim@Corp.EXAMPLE '), private.subject_key('vera.victim@corp.example'),
  'one address is one subject, whatever its case and surrounding spaces');
select isnt(private.subject_key('press.vera.victim@corp.example'), private.subject_key('vera.victim@corp.example'),
  'a longer address that contains it is another subject');
select isnt(private.subject_key('vera.victim@corp.example'), encode(sha256(convert_to('vera.victim@corp.example', 'UTF8')), 'hex'),
  'the key is not the address''s plain hash, which anyone could compute');
select is((select count(*)::int from private.subject_secret where octet_length(secret) = 32), 1, 'the install has one 256-bit secret');
select tests.act_as('service_role');
select throws_ok($$ select secret from private.subject_secret $$, '42501', null, 'no API role reads the secret, the service role included');
select throws_ok($$ select private.keyed_hash('subject', 'x@example.test') $$, '42501', null, 'nor computes a key');
select tests.act_as_anon();
select public.subscribe_newsletter('Keyed.Count+news@example.test');
select tests.act_as_owner();
select ok(not exists (select 1 from public.submission_log where email_hash = encode(sha256(convert_to('keyed.count@example.test', 'UTF8')), 'hex'))
      and exists (select 1 from public.submission_log where email_hash = private.keyed_hash('submission', 'keyed.count@example.test')),
  'the flood limit counts an address by its keyed hash, never its plain sha256');

-- Exactly one person ------------------------------------------------------------------------------------------
-- Vera applied, was rejected and her CV downloaded. A stranger applies under her name with another
-- address; someone names themself after a post; the settings hold a longer address containing hers;
-- an application in her address carries the name ="
insert into public.job_applications (id, job_opening_id, name, email, cv_path) values
  ('33000000-0000-4000-8000-00000000f001', 'd0000000-0000-4000-8000-000000003301', 'Vera Victim', 'Vera.Victim@corp.example', 'f0000000-0000-4000-8000-00000000f001/vera.pdf'),
  ('33000000-0000-4000-8000-00000000f002', 'd0000000-0000-4000-8000-000000003301', 'Vera Victim', 'stranger@elsewhere.example', 'f0000000-0000-4000-8000-00000000f002/cv.pdf'),
  ('33000000-0000-4000-8000-00000000f003', 'd0000000-0000-4000-8000-000000003301', 'pgTAP Quarterly Outlook', 'poser@elsewhere.example', 'f0000000-0000-4000-8000-00000000f003/cv.pdf'),
  ('33000000-0000-4000-8000-00000000f004', 'd0000000-0000-4000-8000-000000003301', '="', 'vera.victim@corp.example', 'f0000000-0000-4000-8000-00000000f004/cv.pdf');
select tests.act_as('authenticated', '33000000-0000-4000-8000-000000000001');
update public.job_applications set status = 'rejected' where id = '33000000-0000-4000-8000-00000000f001';
select public.log_personal_data_read('cv_download', '33000000-0000-4000-8000-00000000f001');
update public.job_applications set status = 'reviewing' where id in ('33000000-0000-4000-8000-00000000f002', '33000000-0000-4000-8000-00000000f003');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name) values
  ('33000000-0000-4000-8000-0000000000b1', 'pgtap-quarterly-outlook', 'pgTAP Quarterly Outlook', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A');
update public.blog_posts set excerpt = 'Reviewed' where id = '33000000-0000-4000-8000-0000000000b1';
update public.site_settings set value = 'press.vera.victim@corp.example' where key = 'contact_email';
select tests.act_as_owner();

select is((select count(*)::int from private.activity_log where subject = private.subject_key('vera.victim@corp.example')), 2,
  'her status change and her CV download carry her subject');
select ok((select bool_and(subject is null) from private.activity_log where table_name in ('blog_posts', 'site_settings', 'staff_roles')),
  'entries about content, settings and staff have no subject');

select tests.act_as('authenticated', '33000000-0000-4000-8000-000000000001');
select set_config('pgtap.stranger', public.personal_data('stranger@elsewhere.example')::text, true);
select set_config('pgtap.stranger_erased', public.erase_personal_data('stranger@elsewhere.example')::text, true);
select lives_ok($$ select public.erase_personal_data('poser@elsewhere.example') $$, 'someone named after a post is erased');
select tests.act_as_owner();
select is((select array_agg(a ->> 'title') from jsonb_array_elements(current_setting('pgtap.stranger')::jsonb -> 'activity') as a),
  array['Vera Victim'], 'a namesake''s export holds only their own entry');
select is((current_setting('pgtap.stranger_erased')::jsonb ->> 'activity_entries')::int, 1, 'erasing the namesake rewrites only their entry');
select results_eq(
  $$ select title, action from private.activity_log where table_name = 'job_applications' and row_id = '33000000-0000-4000-8000-00000000f001' order by id $$,
  $$ values ('Vera Victim', 'status_changed'), ('CV of Vera Victim', 'downloaded') $$,
  'her entries keep her name through the namesake''s erasure');
select ok(exists (select 1 from public.job_applications where id = '33000000-0000-4000-8000-00000000f001'), 'and her application stays');
select is((select count(*)::int from private.activity_log where table_name = 'blog_posts' and title = 'pgTAP Quarterly Outlook'), 2,
  'the post''s entries keep its title through the erasure of someone named like it');

-- Her application is deleted by staff; the entry of the deletion is hers too.
select tests.act_as('authenticated', '33000000-0000-4000-8000-000000000001');
delete from public.job_applications where id = '33000000-0000-4000-8000-00000000f001';
select is((select jsonb_array_length(public.personal_data('vera.victim@corp.example') -> 'activity')), 3,
  'after her row is deleted the look-up still finds her entries, the deletion included');
select lives_ok($$ select set_config('pgtap.vera', public.erase_personal_data(' VERA.victim@corp.example')::text, true) $$,
  'an application named =" does not break her erasure');
select tests.act_as_owner();
select is(current_setting('pgtap.vera')::jsonb -> 'cv_paths', '["f0000000-0000-4000-8000-00000000f004/cv.pdf"]'::jsonb,
  'the erasure names the CV of her remaining application for removal');
select is((select count(*)::int from private.activity_log where position('vera' in lower(coalesce(title, '') || coalesce(changes::text, ''))) > 0
             and table_name not in ('site_settings')), 0,
  'no entry about her names her any more');
select is((select count(*)::int from private.activity_log where row_id = '33000000-0000-4000-8000-00000000f001' and title = 'erased' and subject is null), 3,
  'her entries are kept, rewritten, and no longer keyed');
select is((select changes -> 'status' from private.activity_log where row_id = '33000000-0000-4000-8000-00000000f001' and action = 'status_changed'),
  '{"after": "rejected", "before": "new"}'::jsonb, 'a rewritten entry keeps its status change');
select ok(exists (select 1 from private.activity_log where table_name = 'site_settings' and changes::text like '%"press.vera.victim@corp.example"%'),
  'the settings'' history keeps the longer address as it was');

select * from finish();
rollback;
