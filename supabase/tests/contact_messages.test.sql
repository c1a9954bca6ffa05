-- public.contact_messages: visitors may only add a message, through the allowed columns, and never
-- read, change or delete one; staff who handle leads read, mark and delete; the database refuses what
-- the form would.
begin;
select plan(24);

select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', 'not-an-email', 'hi') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_email_check"', 'a malformed e-mail is refused');

select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', 'a b@example.com', 'hi') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_email_check"', 'an e-mail with a space is refused');

select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', repeat('a', 243) || '@example.com', 'hi') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_email_check"', 'an e-mail over 254 characters is refused');

select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', 'a@example.com', repeat('x', 10 * 1024 * 1024)) $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_message_check"', 'a 10 MB message is refused');

select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('a', 'b', 'a@example.com', repeat('x', 5001)) $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_message_check"', 'a message over 5000 characters is refused');

select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message) values ('', 'b', 'a@example.com', 'hi') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_first_name_check"', 'an empty first name is refused');

select throws_ok($$ insert into public.contact_messages (first_name, last_name, email, message, status) values ('a', 'b', 'a@example.com', 'hi', 'spam') $$,
  '23514', 'new row for relation "contact_messages" violates check constraint "contact_messages_status_check"', 'a message status outside new/handled is refused');

select tests.act_as_owner();

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.contact_messages (id, first_name, last_name, email, message) values
  ('e1000000-0000-4000-8000-000000000001', 'Existing', 'Lead', 'existing@example.com', 'Earlier message');

-- anon: contact_messages -------------------------------------------------------------------------------
select tests.act_as_anon();

select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, interested_in, message)
     values ('Visitor', 'One', 'visitor@example.com', 'Core Banking Software', 'Please call me.') $$,
  'anon sends a contact message');

select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message, status) values ('V', 'O', 'v@example.com', 'm', 'handled') $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot choose the status of a message');

select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message, client_key) values ('V', 'O', 'v@example.com', 'm', repeat('a', 64)) $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot choose the client key');

select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message, created_at) values ('V', 'O', 'v@example.com', 'm', '2000-01-01') $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot back-date a message');

select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('V', 'O', 'v@example.com', 'm') returning id $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot read back what it sent');

select throws_ok($$ select * from public.contact_messages $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot read contact messages');

select throws_ok($$ update public.contact_messages set status = 'handled' $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot mark contact messages');

select throws_ok($$ delete from public.contact_messages $$,
  '42501', 'permission denied for table contact_messages', 'anon cannot delete contact messages');

-- signed in, not an admin ----------------------------------------------------------------------------------
select tests.act_as_member();

select lives_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message) values ('Member', 'One', 'member@example.com', 'Hello') $$,
  'a non-admin sends a contact message');

select is_empty($$ select 1 from public.contact_messages $$, 'a non-admin reads no contact messages');

select throws_ok(
  $$ insert into public.contact_messages (first_name, last_name, email, message, status) values ('M', 'O', 'm@example.com', 'm', 'handled') $$,
  '42501', 'permission denied for table contact_messages', 'a non-admin cannot choose the status of a message');

select throws_ok(
  $$ update public.contact_messages set message = 'rewritten' $$,
  '42501', 'permission denied for table contact_messages', 'nobody rewrites a message (only status may change)');

update public.contact_messages set status = 'handled';

delete from public.contact_messages;

select tests.act_as_owner();

select results_eq($$ select status from public.contact_messages where id = 'e1000000-0000-4000-8000-000000000001' $$,
  array['new'], 'a non-admin can neither mark nor delete contact messages');

select results_eq(
  $$ select status || ':' || (client_key is null) || ':' || (created_at = now()) from public.contact_messages where email = 'visitor@example.com' $$,
  array['new:true:true'], 'a visitor''s message is stored as new, stamped now, with no client key outside a request');

-- admin ------------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select results_eq($$ select email from public.contact_messages where email in ('existing@example.com', 'visitor@example.com', 'member@example.com') order by email $$,
  array['existing@example.com', 'member@example.com', 'visitor@example.com'], 'an admin reads contact messages');

update public.contact_messages set status = 'handled' where id = 'e1000000-0000-4000-8000-000000000001';

select results_eq($$ select status from public.contact_messages where id = 'e1000000-0000-4000-8000-000000000001' $$,
  array['handled'], 'an admin marks a message handled');

delete from public.contact_messages where id = 'e1000000-0000-4000-8000-000000000001';

select is_empty($$ select 1 from public.contact_messages where id = 'e1000000-0000-4000-8000-000000000001' $$, 'an admin deletes a message');

select * from finish();
rollback;
