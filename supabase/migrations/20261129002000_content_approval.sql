-- Compliance sign-off: while the site setting content_requires_approval is 'true', a blog post or a
-- solution reaches visitors (published, or scheduled through publish_at) only in a version that a
-- reviewer approved, and the reviewer is never the person who made the last change to it.
--
--   1. The setting (default 'false': nothing changes until an admin turns it on; the change is
--      logged as every site setting is), the permission content.approve (admin, and the new role
--      compliance, which reviews and writes nothing else).
--   2. public.content_reviews: one row per request, holding the proposed content (every field a
--      visitor can see), its fingerprint (sha256), what visitors saw then, and the decision. Rows
--      are written only by request_review() and review_content(); any later change of the content
--      withdraws a pending or approved review of another version.
--   3. A trigger on blog_posts and solutions refuses, while the setting is on, a row that is (or
--      stays) published unless its visitor-visible content is unchanged or has an approved review
--      of exactly that fingerprint. Every write path meets it: the API, bulk updates, scheduling,
--      restore_revision(), publish_post_draft(). A live item's edits wait in its draft copy
--      (blog_post_drafts; solution_drafts for solutions).
--   4. Approving publishes the approved version (applies the draft copy, sets published); each
--      request and decision is in the activity log with its fingerprint, and is e-mailed through
--      lead_mail_outbox: to reviewers on a request, to the author on a decision.

-- 1. Setting, permission, role -----------------------------------------------------------------------

insert into public.site_settings (key, value) values ('content_requires_approval', 'false')
on conflict (key) do nothing;
alter table public.site_settings
  add constraint site_settings_content_requires_approval_fits
  check (key <> 'content_requires_approval' or value in ('true', 'false'));

insert into public.permissions (name, description) values
  ('content.approve', 'Read what waits for review; approve or reject blog posts and solutions before they go live.');
insert into public.roles (name, label, description) values
  ('compliance', 'Compliance', 'Reviews blog posts and solutions before they go live: reads what waits, approves or requests changes. Writes nothing else.');
insert into public.role_permissions (role, permission) values
  ('admin', 'content.approve'),
  ('compliance', 'content.approve');

create function private.content_requires_approval()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.site_settings as s where s.key = 'content_requires_approval' and s.value = 'true')
$$;
comment on function private.content_requires_approval() is
  'True while the site setting content_requires_approval is on.';
revoke execute on function private.content_requires_approval() from public, anon, authenticated, service_role;

-- 2. Fingerprints --------------------------------------------------------------------------------------

-- Every column is content a visitor may see except identity, bookkeeping and the publication state;
-- a column added later counts as content without a change here.
create function private.visible_content(item jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select item - array['id', 'created_at', 'updated_at', 'updated_by', 'published', 'publish_at']
$$;
comment on function private.visible_content(jsonb) is
  'The visitor-visible fields of a post or solution row (as JSON): every column but id, created_at, updated_at, updated_by, published and publish_at.';
revoke execute on function private.visible_content(jsonb) from public, anon, authenticated, service_role;

create function private.content_fingerprint(item jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  -- jsonb prints its keys in one fixed order, so equal content gives equal text.
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(private.visible_content(item)::text, 'UTF8')), 'hex')
$$;
comment on function private.content_fingerprint(jsonb) is
  'sha256 (hex) of the visitor-visible fields of a post or solution row: what an approval names.';
revoke execute on function private.content_fingerprint(jsonb) from public, anon, authenticated, service_role;

-- Draft copies of solutions, as posts have: a live solution's edits wait here for approval.
create table public.solution_drafts (
  id uuid primary key references public.solutions (id) on delete cascade,
  solution_values jsonb not null
    check (jsonb_typeof(solution_values) = 'object' and pg_column_size(solution_values) <= 400000),
  title text generated always as ('Draft copy of ' || left(solution_values ->> 'title', 200)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.solution_drafts is
  'The unpublished edit of a live solution (one per solution, id = the solution''s id): its fields as JSON. Content editors read and write it; approving a review applies it.';

alter table public.solution_drafts enable row level security;
revoke all on table public.solution_drafts from public, anon, authenticated;
grant select, insert, update, delete on table public.solution_drafts to authenticated;
grant all on table public.solution_drafts to service_role;

create policy "Content editors read solution draft copies"
  on public.solution_drafts for select to authenticated
  using ((select public.has_permission('content.write')));
create policy "Content editors start solution draft copies"
  on public.solution_drafts for insert to authenticated
  with check ((select public.has_permission('content.write')));
create policy "Content editors change solution draft copies"
  on public.solution_drafts for update to authenticated
  using ((select public.has_permission('content.write')))
  with check ((select public.has_permission('content.write')));
create policy "Content editors discard solution draft copies"
  on public.solution_drafts for delete to authenticated
  using ((select public.has_permission('content.write')));
create policy "Two-factor for reading solution draft copies"
  on public.solution_drafts as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Two-factor for starting solution draft copies"
  on public.solution_drafts as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Two-factor for changing solution draft copies"
  on public.solution_drafts as restrictive for update to authenticated
  using ((select public.has_required_aal()))
  with check ((select public.has_required_aal()));
create policy "Two-factor for discarding solution draft copies"
  on public.solution_drafts as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

create trigger solution_drafts_updated_at
  before update on public.solution_drafts
  for each row execute function public.set_updated_at();
create trigger solution_drafts_log
  after insert or delete on public.solution_drafts
  for each row execute function private.log_change('content');

-- Solutions can be unpublished: a new one waits, hidden, for its approval.
alter table public.solutions add column published boolean not null default true;
comment on column public.solutions.published is
  'False: hidden from visitors (content editors and reviewers still see it). New solutions wait unpublished while publishing needs approval.';

drop policy "Solutions are readable by everyone" on public.solutions;
create policy "Visitors can read published solutions"
  on public.solutions for select to anon
  using (published);
create policy "Signed-in users can read published solutions, content editors every solution"
  on public.solutions for select to authenticated
  using (published or (select public.has_permission('content.write')));
create policy "Two-factor for reading unpublished solutions"
  on public.solutions as restrictive for select to authenticated
  using (published or (select public.has_required_aal()));

-- The row a post or solution would be with its draft copy applied, as JSON: what a review approves.
create function private.proposed_content(kind text, item_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_item jsonb;
begin
  -- Applying the copy through the row type gives exactly the values an update would store.
  if kind = 'post' then
    select pg_catalog.to_jsonb(case when d.id is null then p else pg_catalog.jsonb_populate_record(p, d.post_values - 'id') end)
      into v_item
      from public.blog_posts as p
      left join public.blog_post_drafts as d on d.id = p.id
     where p.id = item_id;
  else
    select pg_catalog.to_jsonb(case when d.id is null then s else pg_catalog.jsonb_populate_record(s, d.solution_values - 'id') end)
      into v_item
      from public.solutions as s
      left join public.solution_drafts as d on d.id = s.id
     where s.id = item_id;
  end if;
  return v_item;
end;
$$;
comment on function private.proposed_content(text, uuid) is
  'A post''s or solution''s row as JSON with its draft copy applied (the row itself when it has none); null when it does not exist.';
revoke execute on function private.proposed_content(text, uuid) from public, anon, authenticated, service_role;

-- 3. Reviews -----------------------------------------------------------------------------------------

create table public.content_reviews (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('post', 'solution')),
  item_id uuid not null,
  title text not null check (char_length(title) <= 300),
  fingerprint text not null check (fingerprint ~ '^[0-9a-f]{64}$'),
  content jsonb not null check (jsonb_typeof(content) = 'object'),
  live_content jsonb check (jsonb_typeof(live_content) = 'object'),
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected', 'withdrawn')),
  changed_by uuid,
  requested_by uuid,
  requested_by_name text,
  requested_at timestamptz not null default now(),
  request_note text check (char_length(request_note) <= 2000),
  decided_by uuid,
  decided_by_name text,
  decided_at timestamptz,
  decision_note text check (char_length(decision_note) <= 2000),
  constraint content_reviews_decided check ((state in ('pending', 'withdrawn')) or (decided_at is not null)),
  constraint content_reviews_rejection_has_note check (state <> 'rejected' or btrim(coalesce(decision_note, '')) <> '')
);
comment on table public.content_reviews is
  'Review requests of blog posts and solutions: the proposed visitor-visible content, its sha256 fingerprint, what was live then, and the decision (approved / rejected with a note / withdrawn by a later change). Written only by request_review() and review_content().';
comment on column public.content_reviews.changed_by is
  'Who made the last change to the proposed content: the one person who may not approve it.';
comment on column public.content_reviews.live_content is
  'The visitor-visible fields live when the review was asked for; null when the item was not live.';

create unique index content_reviews_one_pending_idx on public.content_reviews (kind, item_id) where state = 'pending';
create index content_reviews_item_idx on public.content_reviews (kind, item_id, requested_at desc);
create index content_reviews_waiting_idx on public.content_reviews (requested_at) where state = 'pending';

alter table public.content_reviews enable row level security;
revoke all on table public.content_reviews from public, anon, authenticated;
grant select on table public.content_reviews to authenticated;
grant all on table public.content_reviews to service_role;

create policy "Reviewers read every review, editors those of what they edit"
  on public.content_reviews for select to authenticated
  using (
    (select public.has_permission('content.approve'))
    or (kind = 'post' and (select public.has_permission('posts.write')))
    or (kind = 'solution' and (select public.has_permission('content.write')))
  );
create policy "Two-factor for reading reviews"
  on public.content_reviews as restrictive for select to authenticated
  using ((select public.has_required_aal()));

-- Any change to an item's content withdraws the reviews of any other version of it.
create function private.withdraw_stale_reviews()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := case when tg_table_name in ('blog_posts', 'blog_post_drafts') then 'post' else 'solution' end;
  v_id uuid := case when tg_op = 'DELETE' then old.id else new.id end;
  v_current jsonb := private.proposed_content(v_kind, v_id);
begin
  update public.content_reviews as r
     set state = 'withdrawn'
   where r.kind = v_kind
     and r.item_id = v_id
     and r.state in ('pending', 'approved')
     and (v_current is null or r.fingerprint <> private.content_fingerprint(v_current));
  return null;
end;
$$;
comment on function private.withdraw_stale_reviews() is
  'AFTER a write on blog_posts, solutions or their draft copies: a pending or approved review of a version other than the item''s current proposed content (or of a deleted item) becomes withdrawn.';
revoke execute on function private.withdraw_stale_reviews() from public, anon, authenticated, service_role;

create trigger blog_posts_withdraw_stale_reviews
  after insert or update or delete on public.blog_posts
  for each row execute function private.withdraw_stale_reviews();
create trigger blog_post_drafts_withdraw_stale_reviews
  after insert or update or delete on public.blog_post_drafts
  for each row execute function private.withdraw_stale_reviews();
create trigger solutions_withdraw_stale_reviews
  after insert or update or delete on public.solutions
  for each row execute function private.withdraw_stale_reviews();
create trigger solution_drafts_withdraw_stale_reviews
  after insert or update or delete on public.solution_drafts
  for each row execute function private.withdraw_stale_reviews();

-- The gate --------------------------------------------------------------------------------------------

create function private.require_approval_to_publish()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := case when tg_table_name = 'blog_posts' then 'post' else 'solution' end;
  v_fingerprint text;
begin
  if not new.published or not private.content_requires_approval() then
    return new;
  end if;
  v_fingerprint := private.content_fingerprint(pg_catalog.to_jsonb(new));
  -- What is already live may move in time or be saved unchanged.
  if tg_op = 'UPDATE' and old.published and private.content_fingerprint(pg_catalog.to_jsonb(old)) = v_fingerprint then
    return new;
  end if;
  if not exists (
    select 1 from public.content_reviews as r
     where r.kind = v_kind and r.item_id = new.id and r.state = 'approved' and r.fingerprint = v_fingerprint
  ) then
    raise exception using
      errcode = '42501',
      message = case
        when tg_op = 'UPDATE' and old.published
          then 'Publishing needs approval: save your changes in the draft copy and ask for a review; visitors keep the approved version.'
        else 'Publishing needs approval: save it unpublished and ask for a review; it goes live when a reviewer approves it.'
      end,
      hint = 'A reviewer (Compliance or Admin) who did not make the last change approves it under Reviews.';
  end if;
  return new;
end;
$$;
comment on function private.require_approval_to_publish() is
  'BEFORE INSERT/UPDATE on blog_posts and solutions: while content_requires_approval is on, a published (or scheduled) row must carry visitor-visible content that is unchanged from what was live or has an approved review of exactly its fingerprint; otherwise 42501.';
revoke execute on function private.require_approval_to_publish() from public, anon, authenticated, service_role;

create trigger blog_posts_require_approval
  before insert or update on public.blog_posts
  for each row execute function private.require_approval_to_publish();
create trigger solutions_require_approval
  before insert or update on public.solutions
  for each row execute function private.require_approval_to_publish();

-- 4. The record and the e-mails ----------------------------------------------------------------------

-- The actions already allowed stay (another migration may have added its own); these three join them.
do $$
declare
  v_actions text[];
begin
  select array_agg(distinct m[1]) into v_actions
    from pg_catalog.pg_constraint as c,
         regexp_matches(pg_catalog.pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') as m
   where c.conrelid = 'private.activity_log'::regclass and c.conname = 'activity_log_action_check';
  alter table private.activity_log drop constraint activity_log_action_check;
  execute format('alter table private.activity_log add constraint activity_log_action_check check (action = any (%L::text[]))',
    v_actions || array['review_requested', 'approved', 'rejected']);
end
$$;

alter table public.lead_mail_outbox
  add column content_review_id uuid references public.content_reviews (id) on delete cascade,
  add column review_event text check (review_event in ('requested', 'approved', 'rejected'));
alter table public.lead_mail_outbox drop constraint lead_mail_outbox_check;
alter table public.lead_mail_outbox add constraint lead_mail_outbox_one_subject
  check (num_nonnulls(contact_message_id, job_application_id, content_review_id) = 1
         and ((content_review_id is null) = (review_event is null)));
create index lead_mail_outbox_review_idx on public.lead_mail_outbox (content_review_id);
comment on table public.lead_mail_outbox is
  'E-mails owed to staff: one per new lead (written by a trigger with the lead) and one per reviewer or author of a content review event. The web server (service role) claims due rows with claim_lead_mail() and ends each with finish_lead_mail(). A row goes with its lead or review. No API role but service_role can touch it.';

drop function public.claim_lead_mail(integer, integer);
create function public.claim_lead_mail(max_rows integer default 10, lease_seconds integer default 120)
returns table (
  id uuid,
  recipient text,
  attempts integer,
  kind text,
  lead_id uuid,
  lead_name text,
  lead_email text,
  topic text,
  job_opening_id uuid,
  received_at timestamptz,
  review_event text,
  review_kind text,
  review_note text
)
language sql
volatile
set search_path = ''
as $$
  -- Rows being sent by another process (a lease not yet run out) are skipped, not waited for.
  with due as (
    select o.id
    from public.lead_mail_outbox as o
    where o.next_attempt_at <= now()
      and (o.locked_until is null or o.locked_until < now())
      and o.attempts < public.lead_mail_max_attempts()
    order by o.next_attempt_at
    limit least(greatest(max_rows, 1), 100)
    for update skip locked
  ),
  claimed as (
    update public.lead_mail_outbox as o
    set attempts = o.attempts + 1,
        locked_until = now() + make_interval(secs => least(greatest(lease_seconds, 10), 3600))
    from due
    where o.id = due.id
    returning o.*
  )
  -- For a review: lead_id is the item, lead_name who acted, topic the item's title.
  select c.id, c.recipient, c.attempts,
    case when c.contact_message_id is not null then 'contact_message'
         when c.job_application_id is not null then 'job_application'
         else 'content_review' end,
    coalesce(c.contact_message_id, c.job_application_id, r.item_id),
    coalesce(m.first_name || ' ' || m.last_name, a.name,
             case when c.review_event = 'requested' then r.requested_by_name else r.decided_by_name end),
    coalesce(m.email, a.email),
    coalesce(m.interested_in, j.title, r.title),
    a.job_opening_id,
    coalesce(m.created_at, a.created_at, case when c.review_event = 'requested' then r.requested_at else r.decided_at end),
    c.review_event,
    r.kind,
    case when c.review_event = 'requested' then r.request_note else r.decision_note end
  from claimed as c
  left join public.contact_messages as m on m.id = c.contact_message_id
  left join public.job_applications as a on a.id = c.job_application_id
  left join public.job_openings as j on j.id = a.job_opening_id
  left join public.content_reviews as r on r.id = c.content_review_id
$$;
comment on function public.claim_lead_mail(integer, integer) is
  'Claims up to max_rows (1-100) staff e-mails that are due, for lease_seconds (10-3600): each claim counts as an attempt and hides the row from other senders until the lease ends. Returns what the e-mail says about the lead, or about the review (review_event, review_kind, review_note; lead_name is who acted, topic the item). Service role only.';
revoke execute on function public.claim_lead_mail(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_lead_mail(integer, integer) to service_role;

-- 5. The functions -----------------------------------------------------------------------------------

-- Who made the last change to an item's proposed content: its draft copy's or its own last editor,
-- else the actor of its latest logged change.
create function private.content_last_changer(kind text, item_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case kind
      when 'post' then (select d.updated_by from public.blog_post_drafts as d where d.id = item_id)
      else (select d.updated_by from public.solution_drafts as d where d.id = item_id)
    end,
    (select l.actor_id from private.activity_log as l
      where l.table_name = case kind when 'post' then 'blog_post_drafts' else 'solution_drafts' end
        and l.row_id = item_id::text and l.action = 'created' and l.actor_id is not null
        and exists (select 1 from public.blog_post_drafts as d where d.id = item_id
                    union all select 1 from public.solution_drafts as d where d.id = item_id)
      order by l.occurred_at desc, l.id desc limit 1),
    case kind
      when 'post' then (select p.updated_by from public.blog_posts as p where p.id = item_id)
      else (select s.updated_by from public.solutions as s where s.id = item_id)
    end,
    (select l.actor_id from private.activity_log as l
      where l.table_name = case kind when 'post' then 'blog_posts' else 'solutions' end
        and l.row_id = item_id::text and l.actor_id is not null
      order by l.occurred_at desc, l.id desc limit 1)
  )
$$;
comment on function private.content_last_changer(text, uuid) is
  'The staff member who made the last change to a post''s or solution''s proposed content (draft copy first), or null when only scripts changed it.';
revoke execute on function private.content_last_changer(text, uuid) from public, anon, authenticated, service_role;

create function private.queue_review_mail(review_id uuid, event text, recipients uuid[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.lead_mail_outbox (content_review_id, review_event, recipient)
  select distinct queue_review_mail.review_id, queue_review_mail.event, u.email::text
    from auth.users as u
   where u.id = any (recipients)
     and u.id is distinct from (select auth.uid())
     and private.is_live_account(u.id)
     and coalesce(public.is_email(u.email::text), false)
$$;
comment on function private.queue_review_mail(uuid, text, uuid[]) is
  'Queues one review e-mail per live staff account among recipients (not the caller) in lead_mail_outbox.';
revoke execute on function private.queue_review_mail(uuid, text, uuid[]) from public, anon, authenticated, service_role;

create function public.request_review(kind text, id uuid, note text default null)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_item jsonb;
  v_live jsonb;
  v_fingerprint text;
  v_review uuid;
  v_note text := nullif(btrim(note), '');
  v_actor record;
begin
  if not (public.has_permission('posts.write') or public.has_permission('content.write')) or not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Only post and content editors can ask for a review.';
  end if;
  if kind is null or kind not in ('post', 'solution') then
    raise exception using errcode = '22023', message = 'Only a post or a solution can be reviewed.';
  end if;
  if not public.has_permission(case kind when 'post' then 'posts.write' else 'content.write' end) then
    raise exception using errcode = '42501',
      message = case kind when 'post' then 'Only post editors can ask for a review of a post.'
                else 'Only content editors can ask for a review of a solution.' end;
  end if;
  if char_length(v_note) > 2000 then
    raise exception using errcode = '22001', message = 'The note is too long (at most 2000 characters).';
  end if;
  v_item := private.proposed_content(kind, request_review.id);
  if v_item is null then
    raise exception using errcode = 'P0002', message = case kind when 'post' then 'Post not found.' else 'Solution not found.' end;
  end if;
  v_fingerprint := private.content_fingerprint(v_item);

  if kind = 'post' then
    select case when p.published then pg_catalog.to_jsonb(p) end into v_live from public.blog_posts as p where p.id = request_review.id;
  else
    select case when s.published then pg_catalog.to_jsonb(s) end into v_live from public.solutions as s where s.id = request_review.id;
  end if;
  if v_live is not null and private.content_fingerprint(v_live) = v_fingerprint then
    raise exception using errcode = '22023', message = 'Nothing to review: this version is already live.';
  end if;
  if exists (select 1 from public.content_reviews as r
              where r.kind = request_review.kind and r.item_id = request_review.id
                and r.state = 'approved' and r.fingerprint = v_fingerprint) then
    raise exception using errcode = '22023', message = 'This version is already approved.';
  end if;

  -- A new request replaces one still waiting.
  update public.content_reviews as r set state = 'withdrawn'
   where r.kind = request_review.kind and r.item_id = request_review.id and r.state = 'pending';

  select * into v_actor from private.current_actor();
  insert into public.content_reviews (kind, item_id, title, fingerprint, content, live_content, changed_by,
                                      requested_by, requested_by_name, request_note)
  values (kind, request_review.id, left(v_item ->> 'title', 300), v_fingerprint, private.visible_content(v_item),
          private.visible_content(v_live), coalesce(private.content_last_changer(kind, request_review.id), auth.uid()),
          auth.uid(), v_actor.actor_name, v_note)
  returning content_reviews.id into v_review;

  perform private.write_activity('review_requested', 'content', case kind when 'post' then 'blog_posts' else 'solutions' end,
    request_review.id::text, v_item ->> 'title', jsonb_build_object('fingerprint', v_fingerprint, 'note', v_note));
  perform private.queue_review_mail(v_review, 'requested', array(
    select r.user_id from public.staff_roles as r
      join public.role_permissions as p on p.role = r.role and p.permission = 'content.approve'));
  return v_review;
end;
$$;
comment on function public.request_review(text, uuid, text) is
  'Asks for a review of a post''s or solution''s current version (its draft copy applied): records the content and its fingerprint, logs "review_requested" and e-mails every reviewer. kind: post (posts.write) or solution (content.write). Replaces a request still waiting. Returns the review id.';
revoke execute on function public.request_review(text, uuid, text) from public, anon;
grant execute on function public.request_review(text, uuid, text) to authenticated, service_role;

create function public.review_content(kind text, id uuid, decision text, note text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_review public.content_reviews;
  v_note text := nullif(btrim(note), '');
  v_actor record;
  v_values jsonb;
  v_columns text;
  v_table text := case kind when 'post' then 'blog_posts' else 'solutions' end;
begin
  if not public.has_permission('content.approve') or not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Only reviewers (Compliance or Admin) can approve or reject content.';
  end if;
  if kind is null or kind not in ('post', 'solution') then
    raise exception using errcode = '22023', message = 'Only a post or a solution can be reviewed.';
  end if;
  if decision is null or decision not in ('approve', 'reject') then
    raise exception using errcode = '22023', message = 'The decision is approve or reject.';
  end if;
  if decision = 'reject' and v_note is null then
    raise exception using errcode = '22023', message = 'Say what needs to change: a rejection needs a note.';
  end if;
  if char_length(v_note) > 2000 then
    raise exception using errcode = '22001', message = 'The note is too long (at most 2000 characters).';
  end if;

  select * into v_review from public.content_reviews as r
   where r.kind = review_content.kind and r.item_id = review_content.id and r.state = 'pending'
   for update;
  if v_review.id is null then
    raise exception using errcode = 'P0002', message = 'Nothing waits for review here: it was decided, withdrawn by a change, or never asked for.';
  end if;
  if decision = 'approve' and v_review.changed_by = auth.uid() then
    raise exception using errcode = '42501', message = 'You made the last change to this version: another reviewer must approve it.';
  end if;
  -- A change since the request withdraws it; this only guards a change made in this transaction.
  if private.content_fingerprint(private.proposed_content(kind, review_content.id)) is distinct from v_review.fingerprint then
    raise exception using errcode = '40001', message = 'This item changed after the review was asked for; ask for a new review.';
  end if;

  select * into v_actor from private.current_actor();
  update public.content_reviews as r
     set state = case decision when 'approve' then 'approved' else 'rejected' end,
         decided_by = auth.uid(), decided_by_name = v_actor.actor_name, decided_at = now(), decision_note = v_note
   where r.id = v_review.id;

  perform private.write_activity(case decision when 'approve' then 'approved' else 'rejected' end, 'content', v_table,
    review_content.id::text, v_review.title, jsonb_build_object('fingerprint', v_review.fingerprint, 'note', v_note));

  if decision = 'approve' then
    -- The approved version goes live: the draft copy becomes the item, which is published (or
    -- scheduled, when its publish_at is ahead). The gate lets it through: its fingerprint is approved.
    if kind = 'post' then
      select d.post_values - 'id' into v_values from public.blog_post_drafts as d where d.id = review_content.id;
    else
      select d.solution_values - 'id' into v_values from public.solution_drafts as d where d.id = review_content.id;
    end if;
    v_values := coalesce(v_values, '{}'::jsonb) || jsonb_build_object('published', true);
    select string_agg(pg_catalog.format('%I = r.%I', a.attname, a.attname), ', ')
      into v_columns
      from pg_catalog.pg_attribute as a
     where a.attrelid = pg_catalog.format('public.%I', v_table)::pg_catalog.regclass
       and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
       and a.attname not in ('id', 'created_at', 'updated_at', 'updated_by')
       and v_values ? a.attname;
    execute pg_catalog.format(
      'update public.%1$I as t set %2$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $1) as r where t.id = $2',
      v_table, v_columns) using v_values, review_content.id;
    if kind = 'post' then
      delete from public.blog_post_drafts as d where d.id = review_content.id;
    else
      delete from public.solution_drafts as d where d.id = review_content.id;
    end if;
  end if;

  perform private.queue_review_mail(v_review.id, case decision when 'approve' then 'approved' else 'rejected' end,
    array[v_review.requested_by, v_review.changed_by]);
end;
$$;
comment on function public.review_content(text, uuid, text, text) is
  'Decides the review waiting on a post or solution: approve (not by the person who made the last change; publishes the approved version, applying its draft copy) or reject (with a note; nothing goes live). Logged with the fingerprint; the author is e-mailed. content.approve only.';
revoke execute on function public.review_content(text, uuid, text, text) from public, anon;
grant execute on function public.review_content(text, uuid, text, text) to authenticated, service_role;
