-- is_safe_url: web addresses and paths on this site only; never an address that a browser reads as
-- another site (//host, /\host, a tab or newline between the slashes).
begin;
select plan(14);

select ok(public.is_safe_url('/'), 'the home page is a site path');
select ok(public.is_safe_url('/images/hero.svg'), 'an image under /images is a site path');
select ok(public.is_safe_url('/resources/blog/a\b'), 'a backslash later in a path is fine');
select ok(public.is_safe_url('https://cdn.example/a.png'), 'an https address is accepted');
select ok(public.is_safe_url('HTTP://cdn.example/a.png'), 'the scheme is case-insensitive');
select ok(not public.is_safe_url('//evil.example/a.png'), '//host is refused');
select ok(not public.is_safe_url('/\evil.example/'), '/\host is refused');
select ok(not public.is_safe_url('\/evil.example/'), '\/host is refused');
select ok(not public.is_safe_url(E'/\t/evil.example/'), 'a tab between the slashes is refused');
select ok(not public.is_safe_url(E'/\n\\evil.example/'), 'a newline between slash and backslash is refused');
select ok(not public.is_safe_url(E'/a\u0001b'), 'a control character is refused');
select ok(not public.is_safe_url('javascript:alert(1)'), 'javascript: is still refused');

-- Where the rule guards stored data: a link column, and the hero image inside website_content.
insert into public.team_members (name, position, bio, avatar, order_index)
values ('pgTAP', 'Tester', 'Bio', '/images/a.png', 9001);
select throws_ok(
  $$ update public.team_members set linkedin_url = '/\evil.example/' where order_index = 9001 $$,
  '23514', null, 'a team member''s link to /\host is refused'
);
select throws_ok(
  $$ insert into public.website_content (section, key, content) values ('hero', 'pgtap', '{"image": "//evil.example/x.png"}') $$,
  '23514', null, 'a hero image at //host is refused'
);

select * from finish();
rollback;
