-- public.testimonials: visitors and members read and write nothing; content editors add, change and
-- delete; the database refuses what the form would.
begin;
select plan(12);

-- Identities for this file, created inside its transaction and gone at rollback -------------------
select tests.create_identities();

insert into public.testimonials (id, quote, name, title, avatar) values
  ('c2000000-0000-4000-8000-000000000001', 'Great.', 'Ada', 'CTO', 'https://example.test/ada.png');

-- anon ------------------------------------------------------------------------------------------------
select tests.act_as_anon();

select results_eq($$ select name from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' $$,
  array['Ada'], 'anon reads testimonials');

select throws_ok($$ insert into public.testimonials (quote, name, title, avatar) values ('q', 'n', 't', '/a.png') $$,
  '42501', 'permission denied for table testimonials', 'anon cannot add testimonials');

select throws_ok($$ update public.testimonials set quote = 'Hacked' $$,
  '42501', 'permission denied for table testimonials', 'anon cannot update testimonials');

select throws_ok($$ delete from public.testimonials $$,
  '42501', 'permission denied for table testimonials', 'anon cannot delete testimonials');

-- signed in, not an admin -----------------------------------------------------------------------------
select tests.act_as_member();

select throws_ok($$ insert into public.testimonials (quote, name, title, avatar) values ('q', 'n', 't', '/a.png') $$,
  '42501', 'new row violates row-level security policy for table "testimonials"', 'a non-admin cannot add testimonials');

update public.testimonials set quote = 'Hacked' where id = 'c2000000-0000-4000-8000-000000000001';

delete from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001';

select tests.act_as_owner();

select results_eq($$ select quote from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' $$,
  array['Great.'], 'a non-admin can neither change nor delete testimonials');

-- admin ---------------------------------------------------------------------------------------------------
select tests.act_as_admin();

select lives_ok($$ insert into public.testimonials (quote, name, title, avatar, rating) values ('Fine.', 'PGTAP Bob', 'CFO', '/b.png', 4) $$,
  'an admin adds testimonials');

update public.testimonials set rating = 3 where id = 'c2000000-0000-4000-8000-000000000001';

select results_eq($$ select rating from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' $$,
  array[3], 'an admin updates testimonials');

delete from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' or name = 'PGTAP Bob';

select tests.act_as_owner();

select is_empty($$ select 1 from public.testimonials where id = 'c2000000-0000-4000-8000-000000000001' or name = 'PGTAP Bob' $$, 'an admin deletes testimonials');

-- What the database refuses, whoever writes (as the owner, past row-level security) --------------
select tests.act_as_owner();

select throws_ok($$ insert into public.testimonials (quote, name, title, avatar, rating) values ('q', 'n', 't', '/a.png', 6) $$,
  '23514', 'new row for relation "testimonials" violates check constraint "testimonials_rating_check"', 'rating 6 is refused');

select throws_ok($$ insert into public.testimonials (quote, name, title, avatar, rating) values ('q', 'n', 't', '/a.png', 0) $$,
  '23514', 'new row for relation "testimonials" violates check constraint "testimonials_rating_check"', 'rating 0 is refused');

select throws_ok($$ insert into public.testimonials (quote, name, title, avatar) values (repeat('q', 2001), 'n', 't', '/a.png') $$,
  '23514', 'new row for relation "testimonials" violates check constraint "testimonials_quote_check"', 'a quote over 2000 characters is refused');

select * from finish();
rollback;
