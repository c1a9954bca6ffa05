-- Guards for Supabase's database advisor (splinter): at most one permissive policy per table, role
-- and action (multiple_permissive_policies), and the public media bucket cannot be listed by
-- visitors (public_bucket_allows_listing), with the merged policies meaning what the pairs meant.
begin;
select plan(11);

select tests.create_identities();
insert into public.staff_roles (user_id, role) values (tests.member_id(), 'sales');
insert into storage.objects (bucket_id, name, metadata) values ('media', 'pgtap/listed.png', '{}');
insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, published)
values ('pgtap-draft', 'Draft', 'x', '<p>x</p>', 'Test', '/images/x.png', 'Tester', false);

-- One permissive policy per table, role and action ---------------------------------------------------
select is_empty(
  $$ select p.schemaname || '.' || p.tablename || ' ' || r.role || ' ' || a.action
       from pg_policies as p
       cross join lateral unnest(p.roles) as r(role)
       cross join lateral unnest(case when p.cmd = 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[p.cmd] end) as a(action)
      where p.permissive = 'PERMISSIVE' and p.schemaname in ('public', 'storage', 'private')
      group by p.schemaname, p.tablename, r.role, a.action
     having count(*) > 1 $$,
  'at most one permissive policy per table, role and action (splinter: multiple_permissive_policies)');
-- A visitor may see an object of a private bucket through a narrow policy (an uploader's own
-- unclaimed CV); what splinter flags is a SELECT policy that lets anon list a public bucket.
select is_empty(
  $$ select p.policyname from pg_policies as p
      where p.schemaname = 'storage' and p.tablename = 'objects' and p.cmd in ('SELECT', 'ALL')
        and ('anon' = any(p.roles) or 'public' = any(p.roles))
        and not exists (select 1 from storage.buckets as b
                         where not b.public and p.qual like '%bucket_id = ' || quote_literal(b.id) || '%') $$,
  'no SELECT policy on storage.objects lets anon list a public bucket (splinter: public_bucket_allows_listing)');

-- Media: listed by admins only ----------------------------------------------------------------------------
select tests.act_as_anon();
select is_empty($$ select name from storage.objects where bucket_id = 'media' $$, 'anon cannot list media');
select tests.act_as_member();
select is_empty($$ select name from storage.objects where bucket_id = 'media' $$, 'a staff member without media.write cannot list media');
select tests.act_as_admin();
select results_eq($$ select name from storage.objects where bucket_id = 'media' and name like 'pgtap/%' $$,
  array['pgtap/listed.png'], 'an admin lists media');

-- The merged policies mean what the pairs meant --------------------------------------------------------------
select tests.act_as_anon();
select is_empty($$ select slug from public.blog_posts where not published $$, 'anon sees no drafts');
select isnt_empty($$ select slug from public.blog_posts where published $$, 'anon sees published posts');
select tests.act_as_admin();
select results_eq($$ select slug from public.blog_posts where slug = 'pgtap-draft' $$, array['pgtap-draft'], 'an admin sees drafts');
select tests.act_as_member();
select results_eq($$ select role from public.staff_roles $$, array['sales'], 'a staff member reads only its own role');
select is_empty($$ select slug from public.blog_posts where slug = 'pgtap-draft' $$, 'a staff member without posts.write sees no drafts');
select tests.act_as_admin();
select results_eq($$ select count(*)::int from public.staff_roles where user_id in (
    '11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222') $$,
  array[2], 'an admin reads every staff role');

select * from finish();
rollback;
