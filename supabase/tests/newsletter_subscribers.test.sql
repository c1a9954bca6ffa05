-- public.newsletter_subscribers: visitors sign up only through subscribe_newsletter() and never read,
-- change or delete a row; staff read and unsubscribe, never subscribe; addresses are stored lower-cased
-- and once; the status moves only along the double opt-in's steps.
begin;
select plan(30);

insert into public.newsletter_subscribers (email) values ('  PGTAP.Mixed@Example.COM ');

select results_eq($$ select email from public.newsletter_subscribers where email like 'pgtap.mixed@%' $$,
  array['pgtap.mixed@example.com'], 'subscriber e-mails are stored trimmed and lower-cased');

select throws_ok($$ insert into public.newsletter_subscribers (email) values ('pgtap.MIXED@example.com') $$,
  '23505', 'duplicate key value violates unique constraint "newsletter_subscribers_email_key"', 'the same address in other case is a duplicate');

select throws_ok($$ insert into public.newsletter_subscribers (email, status) values ('pgtap.other@example.com', 'confirmed') $$,
  '23514', 'new row for relation "newsletter_subscribers" violates check constraint "newsletter_subscribers_status_check"', 'a subscriber status outside pending/subscribed/unsubscribed is refused');

select tests.act_as_owner();

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.newsletter_subscribers (id, email, status) values
  ('e2000000-0000-4000-8000-000000000001', 'pgtap-reader@example.com', 'subscribed');

select tests.act_as_anon();

-- anon: newsletter_subscribers -------------------------------------------------------------------------
select throws_ok($$ insert into public.newsletter_subscribers (email) values ('direct@example.com') $$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon subscribes only through subscribe_newsletter()');

select throws_ok($$ select email from public.newsletter_subscribers $$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon cannot read subscribers');

select throws_ok($$ update public.newsletter_subscribers set status = 'unsubscribed' $$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon cannot unsubscribe anyone');

select throws_ok($$ delete from public.newsletter_subscribers $$,
  '42501', 'permission denied for table newsletter_subscribers', 'anon cannot delete subscribers');

-- signed in, not an admin ----------------------------------------------------------------------------------
select tests.act_as_member();

select is_empty($$ select 1 from public.newsletter_subscribers $$, 'a non-admin reads no subscribers');

update public.newsletter_subscribers set status = 'unsubscribed';

delete from public.newsletter_subscribers;

select tests.act_as_owner();

select results_eq($$ select status from public.newsletter_subscribers where id = 'e2000000-0000-4000-8000-000000000001' $$,
  array['subscribed'], 'a non-admin can neither unsubscribe nor delete subscribers');

-- admin ------------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select results_eq($$ select email from public.newsletter_subscribers where email = 'pgtap-reader@example.com' $$,
  array['pgtap-reader@example.com'], 'an admin reads subscribers');

update public.newsletter_subscribers set status = 'unsubscribed' where id = 'e2000000-0000-4000-8000-000000000001';

select results_eq($$ select status from public.newsletter_subscribers where id = 'e2000000-0000-4000-8000-000000000001' $$,
  array['unsubscribed'], 'an admin unsubscribes an address');

select throws_ok($$ update public.newsletter_subscribers set email = 'other@example.com' $$,
  '42501', 'permission denied for table newsletter_subscribers', 'even an admin cannot rewrite a subscriber''s address');

delete from public.newsletter_subscribers where id = 'e2000000-0000-4000-8000-000000000001';

select is_empty($$ select 1 from public.newsletter_subscribers where id = 'e2000000-0000-4000-8000-000000000001' $$, 'an admin deletes a subscriber');

select tests.act_as_owner();

-- subscribe_newsletter --------------------------------------------------------------------------------------
select tests.act_as_anon();

select lives_ok($$ select public.subscribe_newsletter('  PGTAP.New@Example.COM ') $$, 'anon subscribes');

select lives_ok($$ select public.subscribe_newsletter('pgtap.new@example.com') $$, 'subscribing again is not an error');

select is(public.subscribe_newsletter('pgtap.NEW@example.com')::text, '', 'the answer reveals nothing (no row, no flag)');

select throws_ok($$ select public.subscribe_newsletter('not-an-email') $$,
  '22023', 'Please enter a valid e-mail address.', 'a malformed address is refused with a clear message');

select throws_ok($$ select public.subscribe_newsletter(null) $$,
  '22023', 'Please enter a valid e-mail address.', 'a missing address is refused with a clear message');

select tests.act_as_owner();

select results_eq($$ select email || ':' || status from public.newsletter_subscribers where email like 'pgtap.new@%' $$,
  array['pgtap.new@example.com:pending'], 'one lower-cased row, pending until its link is opened');

update public.newsletter_subscribers set status = 'unsubscribed' where email = 'pgtap.new@example.com';

select tests.act_as_member();

select lives_ok($$ select public.subscribe_newsletter('PGTAP.new@example.com') $$, 'a signed-in user subscribes too');

select tests.act_as_owner();

select results_eq($$ select status from public.newsletter_subscribers where email = 'pgtap.new@example.com' $$,
  array['pending'], 'signing up again after unsubscribing asks for confirmation again');

-- Status steps: consent only from the person ------------------------------------------------------------------
-- Only confirm_newsletter subscribes (the person's link used up), only subscribe_newsletter brings an
-- unsubscribed address back (as pending); everyone else, staff and the service role included, only
-- unsubscribes.
insert into auth.users (id, email) values ('e2000000-0000-4000-8000-0000000000a5', 'pgtap-subscribers-sales@example.test');
insert into public.staff_roles (user_id, role) values ('e2000000-0000-4000-8000-0000000000a5', 'sales');
insert into public.newsletter_subscribers (email) values ('steps.pending@example.test');
insert into public.newsletter_subscribers (email, status, unsubscribed_at) values ('steps.gone@example.test', 'unsubscribed', now());
select tests.act_as('authenticated', 'e2000000-0000-4000-8000-0000000000a5');
select throws_ok($$ update public.newsletter_subscribers set status = 'subscribed' where email = 'steps.pending@example.test' $$,
  '42501', 'An address is subscribed only when its owner confirms the link e-mailed to it.', 'sales cannot mark a never-confirmed sign-up subscribed');
select throws_ok($$ update public.newsletter_subscribers set status = 'subscribed' where email = 'steps.gone@example.test' $$,
  '42501', 'An address is subscribed only when its owner confirms the link e-mailed to it.', 'nor re-subscribe an address that unsubscribed');
select throws_ok($$ update public.newsletter_subscribers set status = 'pending' where email = 'steps.gone@example.test' $$,
  '42501', 'A subscriber can only be unsubscribed or deleted.', 'nor put it back to pending');
select lives_ok($$ update public.newsletter_subscribers set status = 'unsubscribed' where email = 'steps.pending@example.test' $$,
  'sales may unsubscribe');
select tests.act_as('service_role');
select throws_ok($$ update public.newsletter_subscribers set status = 'subscribed' where email = 'steps.gone@example.test' $$,
  '42501', null, 'the service role cannot subscribe anyone either');
select tests.act_as_owner();
select throws_ok($$ update public.newsletter_subscribers set status = 'subscribed' where email = 'steps.gone@example.test' $$,
  '42501', null, 'nor the owner');
select tests.act_as_anon();
select public.subscribe_newsletter('steps.gone@example.test');
select tests.act_as_owner();
select is((select status || ' ' || (confirmation_sent_at is null) from public.newsletter_subscribers where email = 'steps.gone@example.test'), 'pending true',
  'an unsubscribed address signing up again is pending and owed a new link: a new double opt-in');
-- The link its confirmation e-mail carries (claiming and mailing it: personal_data.test.sql).
update public.newsletter_subscribers set confirmation_token_hash = encode(sha256('pgtap-again'::bytea), 'hex'), confirmation_sent_at = now()
 where email = 'steps.gone@example.test';
select tests.act_as_anon();
select is(public.confirm_newsletter('pgtap-again'), true, 'whose confirmation');
select tests.act_as_owner();
select is((select status from public.newsletter_subscribers where email = 'steps.gone@example.test'), 'subscribed', 'subscribes it again');

select * from finish();
rollback;
