-- Visitors' reads of posts and job openings, planned on the visibility test alone.
--
-- One policy for anon and authenticated made every visitor's read also evaluate the staff
-- permission check: Postgres planned it as InitPlans and a filter over every row, and could not use
-- the partial index on live posts. Visitors (anon) now get a policy with the visibility test only;
-- signed-in users keep the combined one (staff with the permission read every row).

drop policy "Live posts are readable by everyone, every post by post editors" on public.blog_posts;
create policy "Visitors can read live posts"
  on public.blog_posts for select to anon
  using (published and publish_at <= (select private.clock()));
create policy "Signed-in users can read live posts, post editors every post"
  on public.blog_posts for select to authenticated
  using ((published and publish_at <= (select private.clock())) or (select public.has_permission('posts.write')));

drop policy "Open job openings are readable by everyone, all by job editors" on public.job_openings;
create policy "Visitors can read open job openings"
  on public.job_openings for select to anon
  using (active and (closes_at is null or closes_at > (select private.clock())));
create policy "Signed-in users can read open job openings, job editors every opening"
  on public.job_openings for select to authenticated
  using (
    (active and (closes_at is null or closes_at > (select private.clock())))
    or (select public.has_permission('jobs.write'))
  );
