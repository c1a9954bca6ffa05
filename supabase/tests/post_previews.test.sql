-- Preview links: only the token's hash is stored; a visitor reaches the post through post_preview()
-- for 7 days unless the link is revoked; nobody but post editors lists links, and nobody reads a hash.
-- Search fields: a hidden post stays readable but says so; bad social image addresses are refused.
begin;
select plan(25);
select tests.create_identities();
create function tests.set_preview_clock(at timestamptz) returns void language sql as $$
  select set_config('app.clock', at::text, true)
$$;
create temporary table preview_token (token text) on commit drop;
grant select, insert on preview_token to anon, authenticated;

insert into auth.users (id, email) values ('26000000-0000-4000-8000-000000000001', 'pgtap-preview-sales@example.test');
insert into public.staff_roles (user_id, role) values ('26000000-0000-4000-8000-000000000001', 'sales');
insert into public.blog_posts (id, slug, title, excerpt, content, category, featured_image, author_name, published, publish_at) values
  ('26000000-0000-4000-8000-0000000000b1', 'pgtap-preview-draft', 'Preview draft', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A', false, '2030-01-01 00:00:00+00'),
  ('26000000-0000-4000-8000-0000000000b2', 'pgtap-preview-live', 'Preview live', 'E', '<p>C</p>', 'News', 'https://example.com/a.jpg', 'A', true, '2020-01-01 00:00:00+00');

select tests.set_preview_clock('2030-01-01 12:00:00+00');

-- Who may make a link.
select tests.act_as_anon();
select throws_ok($$ select public.create_post_preview('26000000-0000-4000-8000-0000000000b1') $$, '42501', null, 'a visitor cannot make a preview link');
select tests.act_as('authenticated', '26000000-0000-4000-8000-000000000001');
select throws_ok($$ select public.create_post_preview('26000000-0000-4000-8000-0000000000b1') $$, '42501', 'Only post editors can share previews.',
  'staff without posts.write cannot make a preview link');
select tests.act_as_admin();
select throws_ok($$ select public.create_post_preview('26000000-0000-4000-8000-0000000000b2') $$, '22023', 'This post is already published.',
  'a live post needs no preview link');
insert into preview_token select public.create_post_preview('26000000-0000-4000-8000-0000000000b1');
select ok((select token ~ '^[0-9a-f]{64}$' from preview_token), 'a post editor gets a 256-bit token (64 hex digits)');

-- What is stored.
select tests.act_as_owner();
select is((select count(*)::int from public.post_previews where post_id = '26000000-0000-4000-8000-0000000000b1'), 1, 'one link is stored');
select is((select token_hash from public.post_previews where post_id = '26000000-0000-4000-8000-0000000000b1'),
  (select sha256(convert_to(token, 'UTF8')) from preview_token), 'the link is stored as the sha256 of its token');
select is_empty($$ select 1 from public.post_previews as v, preview_token as t
  where position(convert_to(t.token, 'UTF8') in v.token_hash) > 0 or to_jsonb(v)::text like '%' || t.token || '%' $$,
  'the token itself is stored nowhere in the row');
select is((select expires_at from public.post_previews where post_id = '26000000-0000-4000-8000-0000000000b1'),
  '2030-01-08 12:00:00+00'::timestamptz, 'the link expires 7 days after it was made');
select is((select action || ' ' || title from private.activity_log where table_name = 'post_previews' order by id desc limit 1),
  'created Preview of Preview draft', 'making a link is in the activity log');

-- A visitor with the token sees the draft; with anything else, nothing.
select tests.act_as_anon();
select is((select slug from public.post_preview((select token from preview_token))), 'pgtap-preview-draft', 'the token opens the draft for a visitor');
select is_empty($$ select 1 from public.post_preview(repeat('0', 64)) $$, 'an unknown token opens nothing');
select is_empty($$ select 1 from public.post_preview(upper((select token from preview_token))) $$, 'a token is matched exactly');
select is_empty($$ select 1 from public.blog_posts where slug = 'pgtap-preview-draft' $$, 'the draft stays hidden from the table itself');

-- Nobody lists links or reads a hash except as allowed.
select throws_ok($$ select id from public.post_previews $$, '42501', null, 'a visitor cannot list preview links');
select tests.act_as_member();
select is_empty($$ select 1 from public.post_previews $$, 'a signed-in non-staff account lists no preview links');
select tests.act_as_admin();
select isnt_empty($$ select id, expires_at, revoked_at from public.post_previews $$, 'a post editor lists the links');
select throws_ok($$ select token_hash from public.post_previews $$, '42501', null, 'not even a post editor reads a token hash');
select throws_ok($$ insert into public.post_previews (post_id, token_hash, title, expires_at)
  values ('26000000-0000-4000-8000-0000000000b1', sha256('guess'), 'x', '2031-01-01') $$, '42501', null,
  'links are made only by create_post_preview, never inserted by hand');

-- Expiry.
select tests.set_preview_clock('2030-01-08 11:59:00+00');
select tests.act_as_anon();
select isnt_empty($$ select 1 from public.post_preview((select token from preview_token)) $$, 'a minute before expiry the link still opens');
select tests.set_preview_clock('2030-01-08 12:00:00+00');
select is_empty($$ select 1 from public.post_preview((select token from preview_token)) $$, 'at expiry the link opens nothing');

-- Revocation.
select tests.set_preview_clock('2030-01-02 12:00:00+00');
select tests.act_as('authenticated', '26000000-0000-4000-8000-000000000001');
select ok(not tests.allowed($$ update public.post_previews set revoked_at = now() $$), 'staff without posts.write cannot revoke a link');
select tests.act_as_admin();
update public.post_previews set revoked_at = now() where post_id = '26000000-0000-4000-8000-0000000000b1';
select tests.act_as_anon();
select is_empty($$ select 1 from public.post_preview((select token from preview_token)) $$, 'a revoked link opens nothing');
select tests.act_as_admin();
select ok(not tests.allowed($$ update public.post_previews set revoked_at = null $$), 'a revoked link cannot be brought back');
select tests.act_as_owner();
select is((select action from private.activity_log where table_name = 'post_previews' order by id desc limit 1), 'updated', 'revoking is in the activity log');

-- Search fields keep the same address rules as every other image.
select throws_ok($$ update public.blog_posts set social_image = 'javascript:alert(1)' where id = '26000000-0000-4000-8000-0000000000b1' $$,
  '23514', null, 'a social image must be an http(s) or site address');

select * from finish();
rollback;
