-- The purge outbox: a change to anything a public page shows queues its surrogate keys in the
-- writing transaction, whoever writes (here the admin as the API would, and the owner as a script
-- would); a change no visitor can see queues nothing; scheduled changes are queued when their time
-- comes; web instances read keys by transaction id; the sender's claim / finish cycle retries and
-- ends in a dead letter; no API role but service_role touches any of it.
begin;
select plan(32);
select tests.create_identities();

create function tests.purged() returns text[] language sql as $$
  select coalesce((select e.keys from public.edge_purges as e where e.txid = pg_current_xact_id()::text::bigint), '{}')
$$;
create function tests.set_clock(at timestamptz) returns void language sql as $$
  select set_config('app.clock', at::text, true)
$$;

insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published, publish_at) values
  ('32000000-0000-4000-8000-000000000001', 'pgtap-live', 'Live', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A', true, '2020-01-01'),
  ('32000000-0000-4000-8000-000000000002', 'pgtap-draft', 'Draft', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A', false, '2020-01-01');
insert into public.job_openings (id, title, location, department, active, description) values
  ('32000000-0000-4000-8000-0000000000a1', 'PGTAP inactive', 'Lagos', 'Engineering', false, '<p>Role.</p>');
-- What the arrangement queued is not what the assertions look at.
delete from public.edge_purges;

-- Nobody but the service role.
select tests.act_as_anon();
select throws_ok($$ select * from public.edge_purges $$, '42501', null, 'visitors cannot read the purges');
select throws_ok($$ select public.edge_purges_since(0) $$, '42501', null, 'nor poll them');
select tests.act_as_admin();
select throws_ok($$ select * from public.edge_purges $$, '42501', null, 'nor can staff read them');
select throws_ok($$ select * from public.claim_edge_purges() $$, '42501', null, 'or claim them');
select throws_ok($$ insert into public.edge_purges (keys) values ('{posts}') $$, '42501', null, 'or queue their own');

-- Changes no visitor sees.
update public.blog_posts set title = 'Still a draft' where id = '32000000-0000-4000-8000-000000000002';
update public.job_openings set title = 'Still inactive' where id = '32000000-0000-4000-8000-0000000000a1';
update public.site_settings set value = 'false' where key = 'lead_notify_sales';
select tests.act_as_owner();
select is(tests.purged(), '{}', 'editing a draft post, an inactive opening or a staff-only setting purges nothing');

-- Changes visitors see, by the admin through the API's role.
select tests.act_as_admin();
update public.blog_posts set title = 'Live, edited' where id = '32000000-0000-4000-8000-000000000001';
select tests.act_as_owner();
select is(tests.purged(), '{post:32000000-0000-4000-8000-000000000001,posts}', 'editing a live post purges the post and the lists of posts');
select tests.act_as_admin();
update public.blog_posts set published = true where id = '32000000-0000-4000-8000-000000000002';
update public.blog_posts set published = false where id = '32000000-0000-4000-8000-000000000001';
select tests.act_as_owner();
select ok(tests.purged() @> '{post:32000000-0000-4000-8000-000000000002}', 'publishing a draft purges its page (a redirect to the list until now)');
select ok(tests.purged() @> '{post:32000000-0000-4000-8000-000000000001}', 'unpublishing a post purges its page');
select is((select count(*)::int from public.edge_purges), 1, 'one transaction is one purge, however many rows it changed');

select tests.act_as_admin();
update public.site_settings set value = 'Renamed Ltd' where key = 'company_name';
insert into public.clients (name) values ('PGTAP Bank');
update public.testimonials set quote = 'Changed' where id = (select id from public.testimonials limit 1);
update public.team_members set bio = 'Changed' where id = (select id from public.team_members limit 1);
update public.website_content set content = content where id = (select id from public.website_content limit 1);
update public.solutions set title = 'Changed' where id = (select id from public.solutions where published limit 1);
update public.job_openings set active = true where id = '32000000-0000-4000-8000-0000000000a1';
insert into public.redirects (from_path, to_path) values ('/pgtap-old', '/about');
select tests.act_as_owner();
select ok(tests.purged() @> '{settings}', 'a public setting purges settings (every page)');
select ok(tests.purged() @> '{clients,testimonials,team,site-copy}', 'clients, testimonials, team members and site copy purge their keys');
select ok(tests.purged() @> array['solutions', 'solution:' || (select id from public.solutions where title = 'Changed' limit 1)], 'a solution purges its page and the lists');
select ok(tests.purged() @> '{jobs,job:32000000-0000-4000-8000-0000000000a1}', 'opening a job purges its page and the lists');
select ok(tests.purged() @> array['path:' || md5('/pgtap-old')], 'a new redirect purges the page at its path');
select is(public.edge_path_key('/pgtap-old'), 'path:' || md5('/pgtap-old'), 'the path key is the md5 of the path as redirects store it');

-- A script writing as the owner (no API role) is no exception.
delete from public.edge_purges;
delete from public.clients where name = 'PGTAP Bank';
select is(tests.purged(), '{clients}', 'a write outside the API queues the same purge');

-- Time: a scheduled post going live and a job opening closing are queued when their time comes.
delete from public.edge_purges;
select tests.set_clock('2030-01-01 09:00:00+00');
update private.edge_purge_state set scheduled_until = null;
select is(public.queue_due_edge_purges(), 0, 'the first call only starts the window');
update public.blog_posts set publish_at = '2030-01-01 09:01:00+00', published = true where id = '32000000-0000-4000-8000-000000000001';
update public.job_openings set closes_at = '2030-01-01 09:01:30+00' where id = '32000000-0000-4000-8000-0000000000a1';
delete from public.edge_purges;
select is(public.queue_due_edge_purges(), 0, 'nothing is due a minute early');
select tests.set_clock('2030-01-01 09:02:00+00');
select ok(public.queue_due_edge_purges() > 0, 'two minutes on, the post went live and the opening closed');
select ok(tests.purged() @> '{posts,post:32000000-0000-4000-8000-000000000001,jobs,job:32000000-0000-4000-8000-0000000000a1}', 'and their pages are purged');
delete from public.edge_purges;
select is(public.queue_due_edge_purges(), 0, 'once only');

-- Web instances: keys of transactions from the cursor up to the oldest one still running.
delete from public.edge_purges;
insert into public.edge_purges (keys, txid) values ('{posts}', 10), ('{clients}', 11), ('{team}', 12);
select is(public.edge_purges_since(11) -> 'keys', '["clients", "team"]'::jsonb, 'an instance gets the keys from its cursor on');
select ok((public.edge_purges_since(11) ->> 'cursor')::bigint > 12, 'and the cursor to ask with next');
select is(public.edge_purges_since(null) -> 'keys', '[]'::jsonb, 'a new instance gets only a cursor to start from');
update private.edge_purge_state set kept_from_txid = 11;
select is(public.edge_purges_since(10) -> 'all', 'true'::jsonb, 'an instance behind what was pruned is told to drop everything');
update private.edge_purge_state set kept_from_txid = 0;
select is(public.edge_purges_since(pg_current_xact_id()::text::bigint + 1000) -> 'all', 'true'::jsonb, 'and so is one whose cursor is ahead of the database (a replaced one)');

-- The sender: claim, retry, dead letter.
select is((select count(*)::int from public.claim_edge_purges(10, 60)), 3, 'the sender claims what is undelivered');
select is((select count(*)::int from public.claim_edge_purges(10, 60)), 0, 'a claimed purge is hidden from other senders while its lease runs');
select public.finish_edge_purges(array[(select id from public.edge_purges where txid = 10)], null);
select public.finish_edge_purges(array[(select id from public.edge_purges where txid = 11)], 'varnish http://edge:8080: 503');
select ok((select delivered_at is not null from public.edge_purges where txid = 10), 'a delivered purge is marked delivered');
select ok((select next_attempt_at > now() and last_error like '%503' and failed_at is null from public.edge_purges where txid = 11), 'a failed one is retried later, with its error');
update public.edge_purges set attempts = public.edge_purge_max_attempts(), locked_until = null where txid = 12;
select public.finish_edge_purges(array[(select id from public.edge_purges where txid = 12)], 'fastly: 401');
select ok((select failed_at is not null and last_error = 'fastly: 401' from public.edge_purges where txid = 12), 'after the last attempt it stays as a dead letter');

select * from finish();
rollback;
