-- Flood limits that hold: the client is the rightmost X-Forwarded-For address that is not a trusted
-- proxy (private.trusted_proxies, loopback by default); the e-mail limit ignores +tags; anonymous CV
-- uploads are limited per client by the applications bucket's insert policy.
begin;
select plan(22);

select tests.create_identities();

-- The client address ----------------------------------------------------------------------------------
select is(private.client_address('203.0.113.7'), '203.0.113.7', 'a lone address is the client');
select is(private.client_address('203.0.113.7, 127.0.0.1'), '203.0.113.7', 'the loopback web server is believed about its visitor');
select is(private.client_address('1.1.1.1, 9.9.9.9, 203.0.113.7, 127.0.0.1'), '203.0.113.7',
  'entries the client wrote to the left of the first untrusted address change nothing');
select is(private.client_address('not-an-ip, 203.0.113.7'), '203.0.113.7', 'a forged entry is ignored when an untrusted hop follows');
select is(private.client_address('203.0.113.7, ::1'), '203.0.113.7', 'IPv6 loopback is trusted');
select is(private.client_address('203.0.113.7, ::ffff:127.0.0.1'), '203.0.113.7', 'IPv4-mapped loopback is trusted');
select is(private.client_address('127.0.0.1'), '127.0.0.1', 'a request from the machine itself is keyed on loopback');
select is(private.client_address('203.0.113.7, 10.0.0.5, 127.0.0.1'), '10.0.0.5', 'an unlisted proxy is not believed');
insert into private.trusted_proxies (network, description) values ('10.0.0.0/8', 'pgtap: a hosted web server');
select is(private.client_address('203.0.113.7, 10.0.0.5, 127.0.0.1'), '203.0.113.7', 'a listed proxy is believed');
select is(private.client_address(null), null, 'no header, no address');

select tests.act_as_anon();
select throws_ok($$ select * from private.trusted_proxies $$, '42501', null, 'anon cannot read the trusted proxies');
select throws_ok($$ select private.client_address('1.2.3.4') $$, '42501', null, 'anon cannot call client_address');

-- Contact messages keyed on the visitor behind the web server -----------------------------------------------
select tests.from_address('198.51.100.1, 203.0.113.50, 127.0.0.1');
select lives_ok(
  $$ do $do$ begin
       for i in 1..20 loop
         perform tests.from_address(format('198.51.100.%s, 203.0.113.50, 127.0.0.1', i));
         insert into public.contact_messages (first_name, last_name, email, message)
         values ('Bot', 'Net', 'bot' || i || '@example.com', 'spam');
       end loop;
     end $do$ $$,
  'twenty messages from one visitor with a different forged first entry each are accepted');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Bot', 'Net', 'bot21@example.com', 'spam') $$,
  'PT429', 'Too many submissions, please try again later.', 'and the 21st is refused: a random first entry does not make a new client');
select tests.from_address('203.0.113.51, 127.0.0.1');
select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Other', 'Visitor', 'other@example.com', 'hi') $$,
  'another visitor behind the same web server is not limited by the first');

-- +tags ---------------------------------------------------------------------------------------------------
select tests.from_address('203.0.113.60, 127.0.0.1');
select lives_ok(
  $$ do $do$ begin
       for i in 1..5 loop
         insert into public.contact_messages (first_name, last_name, email, message)
         values ('Tag', 'Ger', 'name+' || i || '@example.com', 'tagged');
       end loop;
     end $do$ $$,
  'five messages from name+N@ in an hour are accepted');
select tests.from_address('203.0.113.61, 127.0.0.1');
select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Tag', 'Ger', 'Name+six@Example.com', 'tagged') $$,
  'PT429', 'Too many submissions, please try again later.', 'the sixth, with yet another +tag, is refused: the e-mail limit ignores tags');
select tests.act_as_owner();
select results_eq(
  $$ select count(*)::int from public.contact_messages where email like 'name+%@example.com' $$,
  array[5], 'tagged addresses are stored as typed');

-- CV uploads ------------------------------------------------------------------------------------------
select tests.act_as_anon();
select tests.from_address('203.0.113.70, 127.0.0.1');
select lives_ok(
  $$ do $do$ begin
       for i in 1..10 loop
         insert into storage.objects (bucket_id, name, metadata) values ('applications', gen_random_uuid() || '/cv.pdf', '{}');
       end loop;
     end $do$ $$,
  'ten CV uploads from one client in an hour are accepted');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('applications', gen_random_uuid() || '/cv.pdf', '{}') $$,
  'PT429', 'Too many submissions, please try again later.', 'the 11th CV upload from one client in an hour is refused');
select tests.from_address('203.0.113.71, 127.0.0.1');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('applications', gen_random_uuid() || '/cv.pdf', '{}') $$,
  'another client may still upload a CV');
select tests.act_as_admin();
select tests.from_address('203.0.113.70, 127.0.0.1');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('media', 'pgtap/limit-free.png', '{}') $$,
  'an admin''s media upload from that client is not counted or limited');

select * from finish();
rollback;
