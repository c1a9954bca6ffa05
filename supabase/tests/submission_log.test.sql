-- Flood limit, enforced in the database: per e-mail and per client (the rightmost X-Forwarded-For
-- address that is not a trusted proxy; loopback is trusted by default, as the local web server is),
-- per hour, for contact messages, job applications and newsletter sign-ups. The refusal is SQLSTATE
-- PT429 (PostgREST answers HTTP 429) with 'Too many submissions, please try again later.'.
-- Admins, service_role and direct database sessions are not limited.
begin;
select plan(25);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.job_openings (id, title, location, department, description) values
  ('f6000000-0000-4000-8000-000000000001', 'PGTAP Open', 'Lagos', 'Engineering', '<p>Role.</p>');
-- The CVs the applications below name, uploaded first: tests.cv(1) … tests.cv(12).
create function tests.cv(n integer) returns text language sql immutable
  as $$ select 'f5c00000-0000-4000-8000-' || lpad(n::text, 12, '0') || '/cv.pdf' $$;
insert into storage.objects (bucket_id, name) select 'applications', tests.cv(n) from generate_series(1, 12) as n;

-- Contact messages: 5 per e-mail per hour ---------------------------------------------------------------
select tests.act_as_anon();

select lives_ok(
  $$ do $do$ begin
       for i in 1..5 loop
         insert into public.contact_messages (first_name, last_name, email, message)
         values ('Flood', 'Er', 'flood@example.com', 'message ' || i);
       end loop;
     end $do$ $$,
  'five contact messages from one e-mail in an hour are accepted');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Flood', 'Er', 'flood@example.com', 'sixth') $$,
  'PT429', 'Too many submissions, please try again later.', 'the sixth contact message from one e-mail in an hour is refused');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Flood', 'Er', ' FLOOD@Example.com', 'sixth') $$,
  'PT429', 'Too many submissions, please try again later.', 'the e-mail limit ignores case and spaces');
select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Calm', 'Person', 'calm@example.com', 'first') $$,
  'another e-mail can still send');

-- Contact messages: 20 per client per hour ----------------------------------------------------------------
-- A visitor at 203.0.113.7 relayed by the web server on loopback.
select tests.from_address('203.0.113.7, 127.0.0.1');
select lives_ok(
  $$ do $do$ begin
       for i in 1..20 loop
         insert into public.contact_messages (first_name, last_name, email, message)
         values ('Bot', 'Net', 'bot' || i || '@example.com', 'spam');
       end loop;
     end $do$ $$,
  'twenty contact messages from one client in an hour are accepted');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Bot', 'Net', 'bot21@example.com', 'spam') $$,
  'PT429', 'Too many submissions, please try again later.', 'the 21st contact message from one client in an hour is refused');
-- The visitor writes its own first entry: the web server still relays its real address after it.
select tests.from_address('198.51.100.200, 203.0.113.7, 127.0.0.1');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Bot', 'Net', 'bot22@example.com', 'spam') $$,
  'PT429', 'Too many submissions, please try again later.', 'a first X-Forwarded-For entry written by the client changes nothing');
select tests.from_address('198.51.100.23');
select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Other', 'Client', 'other-client@example.com', 'hello') $$,
  'another client can still send');

select tests.act_as_member();
select tests.from_address('203.0.113.7');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Bot', 'Net', 'signed-in@example.com', 'spam') $$,
  'PT429', 'Too many submissions, please try again later.', 'signing in (without the admin role) does not lift the limit');

select tests.act_as_owner();
select results_eq(
  $$ select count(*)::int from public.contact_messages where client_key = encode(sha256(convert_to('client:203.0.113.7', 'UTF8')), 'hex') $$,
  array[20], 'each message carries the hashed client address');
select is_empty(
  $$ select 1 from public.contact_messages where client_key like '%203.0.113.7%' or message like '%203.0.113.7%'
     union all select 1 from public.submission_log where client_key like '%203.0.113.7%' $$,
  'the raw address is stored nowhere');

-- Admins and the service role are not limited ---------------------------------------------------------------
select tests.act_as_admin();
select tests.from_address('203.0.113.7');
select lives_ok(
  $$ do $do$ begin
       for i in 1..7 loop
         insert into public.contact_messages (first_name, last_name, email, message)
         values ('Flood', 'Er', 'flood@example.com', 'admin test ' || i);
       end loop;
     end $do$ $$,
  'an admin is not limited');
select tests.act_as('service_role');
select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Flood', 'Er', 'flood@example.com', 'service') $$,
  'the service role is not limited');

-- Job applications: 5 per e-mail, 10 per client per hour ----------------------------------------------------
select tests.act_as_anon();
select tests.from_address('192.0.2.50');
select lives_ok(
  $$ do $do$ begin
       for i in 1..5 loop
         insert into public.job_applications (job_opening_id, name, email, cv_path)
         values ('f6000000-0000-4000-8000-000000000001', 'Eager', 'eager@example.com', tests.cv(i));
       end loop;
     end $do$ $$,
  'five applications from one e-mail in an hour are accepted');
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('f6000000-0000-4000-8000-000000000001', 'Eager', 'eager@example.com', tests.cv(6)) $$,
  'PT429', 'Too many submissions, please try again later.', 'the sixth application from one e-mail in an hour is refused');
select lives_ok(
  $$ do $do$ begin
       for i in 1..5 loop
         insert into public.job_applications (job_opening_id, name, email, cv_path)
         values ('f6000000-0000-4000-8000-000000000001', 'Other', 'other' || i || '@example.com', tests.cv(6 + i));
       end loop;
     end $do$ $$,
  'up to ten applications from one client in an hour are accepted');
select throws_ok(
  $$ insert into public.job_applications (job_opening_id, name, email, cv_path)
     values ('f6000000-0000-4000-8000-000000000001', 'Other', 'other11@example.com', tests.cv(12)) $$,
  'PT429', 'Too many submissions, please try again later.', 'the 11th application from one client in an hour is refused');

-- Newsletter: 5 per e-mail, 10 per client per hour -------------------------------------------------------------
select tests.from_address('192.0.2.60');
select lives_ok(
  $$ do $do$ begin
       for i in 1..5 loop
         perform public.subscribe_newsletter('repeat@example.com');
       end loop;
     end $do$ $$,
  'five sign-ups of one address in an hour are accepted');
select throws_ok($$ select public.subscribe_newsletter('repeat@example.com') $$,
  'PT429', 'Too many submissions, please try again later.', 'the sixth sign-up of one address in an hour is refused');
select lives_ok(
  $$ do $do$ begin
       for i in 1..5 loop
         perform public.subscribe_newsletter('reader' || i || '@example.com');
       end loop;
     end $do$ $$,
  'up to ten sign-ups from one client in an hour are accepted');
select throws_ok($$ select public.subscribe_newsletter('reader11@example.com') $$,
  'PT429', 'Too many submissions, please try again later.', 'the 11th sign-up from one client in an hour is refused');

-- The limits are per kind: a client that hit the newsletter limit can still write -----------------------------
select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('New', 'Reader', 'reader1@example.com', 'hello') $$,
  'limits are counted per kind of submission');

-- Entries older than an hour no longer count -------------------------------------------------------------------
select tests.act_as_owner();
update public.submission_log set created_at = now() - interval '61 minutes';
select tests.act_as_anon();
select tests.from_address('203.0.113.7');
select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Flood', 'Er', 'flood@example.com', 'next hour') $$,
  'an hour later the same e-mail and client may send again');

-- The log and the limit are the database's own: visitors reach neither.
select tests.act_as_anon();
select throws_ok($$ select * from public.submission_log $$,
  '42501', 'permission denied for table submission_log', 'anon cannot read the flood-limit log');

select throws_ok($$ select public.enforce_submission_limit('contact', 'x@example.com', 1000, 1000) $$,
  '42501', 'permission denied for function enforce_submission_limit', 'anon cannot call the flood-limit function directly');

select * from finish();
rollback;
