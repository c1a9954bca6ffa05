-- Redirects: a change of slug records a 301 from the old path, whoever makes it; renaming again
-- keeps one hop; staff add their own; loops and chains are refused; visitors read but never write.
begin;
select plan(23);

insert into auth.users (id, email) values ('25000000-0000-4000-8000-000000000001', 'pgtap-redirects@example.test');
insert into public.staff_roles (user_id, role) values ('25000000-0000-4000-8000-000000000001', 'admin');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name) values
  ('25000000-0000-4000-8000-0000000000b1', 'pgtap-first-name', 'T', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A');

-- A rename by a script (the table owner) records the redirect too.
update public.blog_posts set slug = 'pgtap-second-name' where id = '25000000-0000-4000-8000-0000000000b1';
select results_eq(
  $$ select from_path, to_path, status_code, automatic from public.redirects where from_path like '/resources/blog/pgtap-%' $$,
  $$ values ('/resources/blog/pgtap-first-name', '/resources/blog/pgtap-second-name', 301, true) $$,
  'renaming a post records a permanent redirect from its old path');

select tests.act_as('authenticated', '25000000-0000-4000-8000-000000000001');
update public.blog_posts set slug = 'pgtap-third-name' where id = '25000000-0000-4000-8000-0000000000b1';
select results_eq(
  $$ select from_path, to_path from public.redirects where from_path like '/resources/blog/pgtap-%' order by from_path $$,
  $$ values ('/resources/blog/pgtap-first-name', '/resources/blog/pgtap-third-name'), ('/resources/blog/pgtap-second-name', '/resources/blog/pgtap-third-name') $$,
  'renaming again sends every old path straight to the newest (one hop)');

update public.blog_posts set slug = 'pgtap-first-name' where id = '25000000-0000-4000-8000-0000000000b1';
select results_eq(
  $$ select from_path, to_path from public.redirects where from_path like '/resources/blog/pgtap-%' order by from_path $$,
  $$ values ('/resources/blog/pgtap-second-name', '/resources/blog/pgtap-first-name'), ('/resources/blog/pgtap-third-name', '/resources/blog/pgtap-first-name') $$,
  'going back to an old slug takes that path back from its redirect');

update public.solutions set slug = 'pgtap-renamed-solution' where slug = (select slug from public.solutions order by slug limit 1);
select is((select count(*)::int from public.redirects where to_path = '/solutions/pgtap-renamed-solution' and automatic), 1, 'renaming a solution records a redirect');

-- Staff's own redirects.
select lives_ok($$ insert into public.redirects (from_path, to_path, status_code) values ('/Old-Page/', '/about', 302) $$, 'an admin adds a redirect');
select is((select from_path from public.redirects where to_path = '/about'), '/old-page', 'the source path is stored as the router matches it');
select lives_ok($$ insert into public.redirects (from_path, to_path) values ('/go/partner', 'https://partner.example.com/offer') $$, 'a redirect may go to another site');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/loop', '/loop/') $$, '23514', 'A redirect cannot point to its own path.', 'a loop is refused');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/chain', '/old-page') $$, '23514', '/old-page is itself redirected: point to its destination instead.', 'a target that is redirected is refused');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/about', '/contact') $$, '23514', 'Another redirect points to /about: that would make a chain.', 'a source that another redirect targets is refused');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/admin/blog', '/') $$, '23514', null, 'the back office cannot be redirected');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/x', 'javascript:alert(1)') $$, '23514', null, 'a target must be a path or an http(s) URL');
select throws_ok($$ insert into public.redirects (from_path, to_path, status_code) values ('/y', '/about', 307) $$, '23514', null, 'only 301 and 302 are taken');

-- Targets a Location header can carry and a browser reads as meant: printable ASCII.
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/ctl', E'/about\u0001') $$, '23514',
  'The target cannot hold control characters or characters that look like / . ? # or @: type them on an ordinary keyboard.',
  'a target with a control character is refused');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/dot', E'https://evil\u3002example/') $$, '23514', null,
  'a target with an ideographic full stop (a dot to a browser''s host parser) is refused');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/slash', E'/\uFF0Fevil.example') $$, '23514', null,
  'a target with a fullwidth solidus is refused');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/zw', E'/ab\u200Bout') $$, '23514', null,
  'a target with an invisible character is refused');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/pct', 'https://evil%E3%80%82example/') $$, '23514', null,
  'an external host may not hide a separator in percent-encoding');
select lives_ok($$ insert into public.redirects (from_path, to_path) values ('/cafe', '/Café-Menü') $$, 'a target with accented letters is taken');
select is((select to_path from public.redirects where from_path = '/cafe'), '/caf%c3%a9-men%c3%bc', 'and stored percent-encoded');
select is_empty($$ select to_path from public.redirects where to_path !~ '^[!-~]+$' $$, 'every stored target is printable ASCII');

-- Visitors.
select tests.act_as('anon');
select isnt_empty($$ select 1 from public.redirects $$, 'visitors (and the web server) read redirects');
select throws_ok($$ insert into public.redirects (from_path, to_path) values ('/z', '/about') $$, '42501', null, 'visitors cannot add one');

select * from finish();
rollback;
