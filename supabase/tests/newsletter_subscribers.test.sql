-- public.newsletter_subscribers: visitors sign up only through subscribe_newsletter() and never read,
-- change or delete a row; staff read and unsubscribe; addresses are stored lower-cased and once.
begin;
select plan(21);

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

select * from finish();
rollback;
