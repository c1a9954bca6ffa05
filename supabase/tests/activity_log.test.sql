-- The activity log: every staff-writable table has its trigger; the actor, action, client address
-- and changed fields are recorded; no role can change or delete a row; retention removes only old
-- rows; exports and CV downloads are logged, and a CV can be read only after its download is.
begin;
select plan(33);

-- Ada (admin) and Ed (editor, no admin rights yet) call from a visitor address behind the web server.
create function tests.act_as_ada() returns void language sql as $$
  select tests.act_as('authenticated', '20000000-0000-4000-8000-000000000001');
  select tests.from_address('203.0.113.20, 127.0.0.1');
$$;
create function tests.act_as_ed() returns void language sql as $$
  select tests.act_as('authenticated', '20000000-0000-4000-8000-000000000002');
  select tests.from_address('203.0.113.20, 127.0.0.1');
$$;
create function tests.last_activity() returns setof private.activity_log language sql security definer
  as $$ select * from private.activity_log order by id desc limit 1 $$;
create function tests.cv_visible() returns boolean language sql
  as $$ select exists (select 1 from storage.objects where bucket_id = 'applications' and name = '20000000-0000-4000-8000-0000000000c0/cv.pdf') $$;
grant execute on all functions in schema tests to anon, authenticated, service_role;

insert into auth.users (id, email, raw_user_meta_data) values
  ('20000000-0000-4000-8000-000000000001', 'pgtap-ada@example.test', '{"full_name": "Ada Admin"}'),
  ('20000000-0000-4000-8000-000000000002', 'pgtap-ed@example.test', '{}');
insert into public.staff_roles (user_id, role) values
  ('20000000-0000-4000-8000-000000000001', 'admin'),
  ('20000000-0000-4000-8000-000000000002', 'editor');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published)
values ('20000000-0000-4000-8000-0000000000b1', 'pgtap-log', 'Log me', 'x', '<p>short</p>', 'Test', '/images/x.png', 'Tester', false);
insert into public.job_applications (id, job_opening_id, name, email, cv_path)
select '20000000-0000-4000-8000-0000000000a1', id, 'Chidi Applicant', 'chidi@example.com', '20000000-0000-4000-8000-0000000000c0/cv.pdf'
from public.job_openings where active limit 1;
insert into storage.objects (bucket_id, name, metadata) values
  ('applications', '20000000-0000-4000-8000-0000000000c0/cv.pdf', '{"mimetype": "application/pdf", "size": 10}');

-- The catalogue ----------------------------------------------------------------------------------------
select is_empty(
  $$ select c.relname::text from pg_class as c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        and (has_any_column_privilege('authenticated', c.oid, 'INSERT') or has_any_column_privilege('authenticated', c.oid, 'UPDATE')
             or has_table_privilege('authenticated', c.oid, 'DELETE'))
        and not exists (select 1 from pg_trigger as t where t.tgrelid = c.oid and t.tgfoid = 'private.log_change'::regproc) $$,
  'every table that staff can write has the activity log trigger');

-- What a change records -----------------------------------------------------------------------------------
select tests.act_as_ada();
update public.blog_posts set title = 'Log me, edited', content = '<p>' || repeat('long words ', 40) || '</p>'
 where id = '20000000-0000-4000-8000-0000000000b1';
select tests.act_as_owner();
select results_eq(
  $$ select actor_id::text, actor_email, actor_name, actor_role, client_address, action, area, table_name, row_id, title from tests.last_activity() $$,
  $$ values ('20000000-0000-4000-8000-000000000001', 'pgtap-ada@example.test', 'Ada Admin', 'admin', '203.0.113.20', 'updated', 'content',
             'blog_posts', '20000000-0000-4000-8000-0000000000b1', 'Log me, edited') $$,
  'an update records the actor as they are, the client behind the web server, the area, the row and its title');
select is((select changes -> 'title' from tests.last_activity()), '{"before": "Log me", "after": "Log me, edited"}'::jsonb,
  'a changed field is recorded before and after');
select ok((select changes -> 'content' ->> 'after' from tests.last_activity()) like 'long words long words%… (447 characters)',
  'long text is recorded as a summary without tags, with its length');
select ok(not ((select changes from tests.last_activity()) ? 'updated_at'), 'updated_at is not a change');

select tests.act_as_ada();
update public.blog_posts set published = true where id = '20000000-0000-4000-8000-0000000000b1';
select is((select action from tests.last_activity()), 'published', 'publishing a post is recorded as published');
update public.blog_posts set published = false where id = '20000000-0000-4000-8000-0000000000b1';
select is((select action from tests.last_activity()), 'unpublished', 'and unpublishing as unpublished');
select tests.act_as_owner();
select is((select count(*)::int from private.activity_log where row_id = '20000000-0000-4000-8000-0000000000b1' and action = 'updated'), 1,
  'a save that changes nothing is not recorded');
select tests.act_as_ada();
update public.blog_posts set published = false where id = '20000000-0000-4000-8000-0000000000b1';
select tests.act_as_owner();
select is((select count(*)::int from private.activity_log where row_id = '20000000-0000-4000-8000-0000000000b1'), 4,
  'the post has its creation, edit, publication and unpublication, and nothing for the empty save');

select tests.act_as_ada();
update public.job_applications set status = 'reviewing' where id = '20000000-0000-4000-8000-0000000000a1';
select is((select action || ' ' || area || ' ' || title from tests.last_activity()), 'status_changed leads Chidi Applicant',
  'a lead''s status change is recorded as status changed');
update public.site_settings set value = 'Log Test Ltd' where key = 'company_name';
select is((select action || ' ' || area || ' ' || title from tests.last_activity()), 'settings_changed staff_settings company_name',
  'a settings change is recorded as settings changed');
delete from public.blog_posts where id = '20000000-0000-4000-8000-0000000000b1';
select is((select action || ' ' || title from tests.last_activity()), 'deleted Log me, edited', 'a deletion keeps the title as it was');

select tests.act_as_owner();
update public.staff_roles set role = 'admin' where user_id = '20000000-0000-4000-8000-000000000002';
select is((select action || ' ' || actor_role || ' ' || title from tests.last_activity()), 'role_changed system pgtap-ed@example.test',
  'a role granted from the database is recorded as role changed by the system');
update public.staff_roles set role = 'editor' where user_id = '20000000-0000-4000-8000-000000000002';

select tests.act_as('service_role');
update public.clients set name = name || ' (svc)' where id = (select id from public.clients limit 1);
select is((select actor_role from tests.last_activity()), 'service_role', 'a write with the service-role key is recorded as the service role');

-- Immutable -------------------------------------------------------------------------------------------------
select tests.act_as_ada();
select throws_ok($$ select * from private.activity_log $$, '42501', null, 'an admin cannot read the log table directly');
select throws_ok($$ update private.activity_log set title = 'x' $$, '42501', null, 'an admin cannot change the log');
select throws_ok($$ delete from private.activity_log $$, '42501', null, 'an admin cannot delete from the log');
select tests.act_as('service_role');
select throws_ok($$ update private.activity_log set title = 'x' $$, '42501', null, 'the service role cannot change the log');
select throws_ok($$ delete from private.activity_log $$, '42501', null, 'the service role cannot delete from the log');
select tests.act_as('anon');
select throws_ok($$ select * from public.activity_feed() $$, '42501', null, 'a visitor cannot read the activity');
select tests.act_as_ed();
select throws_ok($$ select * from public.activity_feed() $$, '42501', 'Only admins can read the activity log.', 'a non-admin cannot read the activity');
select tests.act_as_owner();
select throws_ok($$ update private.activity_log set title = 'x' $$, '42501', 'The activity log cannot be changed.', 'not even the owner can change a row');
select throws_ok($$ delete from private.activity_log $$, '42501', 'The activity log cannot be changed.', 'nor delete a recent one');
select throws_ok($$ truncate private.activity_log $$, '42501', 'The activity log cannot be changed.', 'nor empty the log');

-- Retention ------------------------------------------------------------------------------------------------------
insert into private.activity_log (occurred_at, actor_role, action, area, table_name, title) values
  (now() - interval '401 days', 'system', 'updated', 'content', 'blog_posts', 'pgtap old'),
  (now() - interval '399 days', 'system', 'updated', 'content', 'blog_posts', 'pgtap kept');
select private.apply_history_retention();
select results_eq($$ select title from private.activity_log where title like 'pgtap %' $$, array['pgtap kept'],
  'retention removes rows past 400 days and keeps the younger ones');

-- Reads of personal data ------------------------------------------------------------------------------------------
insert into private.activity_log (occurred_at, actor_id, actor_role, action, area, table_name, row_id, title) values
  (now() - interval '6 minutes', '20000000-0000-4000-8000-000000000001', 'admin', 'downloaded', 'leads', 'job_applications',
   '20000000-0000-4000-8000-0000000000a1', 'CV of Chidi Applicant');
select tests.act_as_ada();
select ok(not tests.cv_visible(), 'an admin cannot read a CV whose download was not logged in the last five minutes');
select lives_ok($$ select public.log_personal_data_read('cv_download', '20000000-0000-4000-8000-0000000000a1') $$, 'the screen logs the download first');
select ok(not tests.cv_visible(), 'the record opens no CV to a staff token: the web server signs the link with the service role');
select tests.act_as_owner();
select is((select action || ' ' || title || ' ' || actor_email from tests.last_activity()), 'downloaded CV of Chidi Applicant pgtap-ada@example.test',
  'the download is recorded with the applicant and the reader');
select tests.act_as_ed();
select throws_ok($$ select public.log_personal_data_read('cv_download', '20000000-0000-4000-8000-0000000000a1') $$, '42501', 'Only staff can read personal data.',
  'a non-admin cannot log (and so read) a CV');
select ok(not tests.cv_visible(), 'nor read it');
select tests.act_as_ada();
select public.log_personal_data_read('messages_export');
select tests.act_as_owner();
select is((select action || ' ' || table_name from tests.last_activity()), 'exported contact_messages', 'an inbox export is recorded');
-- Sign-ins --------------------------------------------------------------------------------------------------------
insert into auth.audit_log_entries (id, payload, created_at, ip_address) values
  (gen_random_uuid(), '{"actor_id": "20000000-0000-4000-8000-000000000001", "actor_username": "pgtap-ada@example.test", "action": "login"}', now(), '203.0.113.20');
select tests.act_as_ada();
select results_eq(
  $$ select actor_name || ' ' || action || ' ' || client_address from public.activity_feed(in_area => 'sign_ins') limit 1 $$,
  array['Ada Admin signed_in 203.0.113.20'], 'sign-ins come from Auth''s audit log');

select * from finish();
rollback;
