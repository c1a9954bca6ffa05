-- public.content_reviews: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.content_reviews (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    item_id uuid NOT NULL,
    title text NOT NULL,
    fingerprint text NOT NULL,
    content jsonb NOT NULL,
    live_content jsonb,
    state text DEFAULT 'pending'::text NOT NULL,
    changed_by uuid,
    requested_by uuid,
    requested_by_name text,
    requested_at timestamp with time zone DEFAULT now() NOT NULL,
    request_note text,
    decided_by uuid,
    decided_by_name text,
    decided_at timestamp with time zone,
    decision_note text,
    files jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT content_reviews_content_check CHECK ((jsonb_typeof(content) = 'object'::text)),
    CONSTRAINT content_reviews_decided CHECK (((state = ANY (ARRAY['pending'::text, 'withdrawn'::text])) OR (decided_at IS NOT NULL))),
    CONSTRAINT content_reviews_decision_note_check CHECK ((char_length(decision_note) <= 2000)),
    CONSTRAINT content_reviews_files_check CHECK ((jsonb_typeof(files) = 'object'::text)),
    CONSTRAINT content_reviews_fingerprint_check CHECK ((fingerprint ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT content_reviews_kind_check CHECK ((kind = ANY (ARRAY['post'::text, 'solution'::text]))),
    CONSTRAINT content_reviews_live_content_check CHECK ((jsonb_typeof(live_content) = 'object'::text)),
    CONSTRAINT content_reviews_rejection_has_note CHECK (((state <> 'rejected'::text) OR (btrim(COALESCE(decision_note, ''::text)) <> ''::text))),
    CONSTRAINT content_reviews_request_note_check CHECK ((char_length(request_note) <= 2000)),
    CONSTRAINT content_reviews_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text, 'withdrawn'::text]))),
    CONSTRAINT content_reviews_title_check CHECK ((char_length(title) <= 300))
);

COMMENT ON TABLE public.content_reviews IS 'Review requests of blog posts and solutions: the proposed visitor-visible content, its sha256 fingerprint, what was live then, and the decision (approved / rejected with a note / withdrawn by a later change). Written only by request_review() and review_content().';

COMMENT ON COLUMN public.content_reviews.live_content IS 'The visitor-visible fields live when the review was asked for; null when the item was not live.';

COMMENT ON COLUMN public.content_reviews.files IS 'The stored files the proposed content shows, by media object name, with the content hash (ETag) each had when the review was asked for; the fingerprint covers them.';

COMMENT ON COLUMN public.content_reviews.changed_by IS 'Who made the last change to the proposed content: the one person who may not approve it.';

ALTER TABLE ONLY public.content_reviews
    ADD CONSTRAINT content_reviews_pkey PRIMARY KEY (id);

CREATE INDEX content_reviews_item_idx ON public.content_reviews USING btree (kind, item_id, requested_at DESC);

CREATE UNIQUE INDEX content_reviews_one_pending_idx ON public.content_reviews USING btree (kind, item_id) WHERE (state = 'pending'::text);

CREATE INDEX content_reviews_waiting_idx ON public.content_reviews USING btree (requested_at) WHERE (state = 'pending'::text);

ALTER TABLE public.content_reviews ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.content_reviews FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.content_reviews TO service_role;
GRANT SELECT ON TABLE public.content_reviews TO authenticated;

CREATE FUNCTION private.visible_content(item jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select item - array['id', 'created_at', 'updated_at', 'updated_by', 'published', 'publish_at']
$$;

COMMENT ON FUNCTION private.visible_content(item jsonb) IS 'The visitor-visible fields of a post or solution row (as JSON): every column but id, created_at, updated_at, updated_by, published and publish_at.';

REVOKE ALL ON FUNCTION private.visible_content(item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.media_objects_in(content text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The public and image-transformation URLs of the media bucket, on any host.
  select distinct m[1]
    from pg_catalog.regexp_matches(content, '/storage/v1/(?:object|render/image)/public/media/([A-Za-z0-9._~%/-]+)', 'g') as m
$$;

COMMENT ON FUNCTION private.media_objects_in(content text) IS 'The names of the media files whose URLs (public or image-transformation, any host) appear in a text.';

REVOKE ALL ON FUNCTION private.media_objects_in(content text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.content_files(item jsonb) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- A file that is not stored (yet) counts as null: storing it later changes the fingerprint.
  select coalesce(pg_catalog.jsonb_object_agg(f.name, coalesce(o.metadata ->> 'eTag', o.version)), '{}'::jsonb)
    from private.media_objects_in(private.visible_content(item)::text) as f (name)
    left join storage.objects as o on o.bucket_id = 'media' and o.name = f.name
$$;

COMMENT ON FUNCTION private.content_files(item jsonb) IS 'The stored files a post''s or solution''s visitor-visible fields show: {media object name: its content hash (the object''s ETag), or null when no such file is stored}.';

REVOKE ALL ON FUNCTION private.content_files(item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.content_fingerprint(item jsonb) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- jsonb prints its keys in one fixed order, so equal content gives equal text. The files' hashes
  -- follow the fields, so replacing a picture under the same name is a change; content that shows
  -- no stored file hashes its fields alone.
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
           private.visible_content(item)::text || coalesce(nullif(private.content_files(item), '{}'::jsonb)::text, ''),
           'UTF8')), 'hex')
$$;

COMMENT ON FUNCTION private.content_fingerprint(item jsonb) IS 'sha256 (hex) of the visitor-visible fields of a post or solution row and the content hashes of the stored files they show: what an approval names.';

REVOKE ALL ON FUNCTION private.content_fingerprint(item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.proposed_content(kind text, item_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.proposed_content(kind text, item_id uuid) IS 'A post''s or solution''s row as JSON with its draft copy applied (the row itself when it has none); null when it does not exist.';

REVOKE ALL ON FUNCTION private.proposed_content(kind text, item_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.content_last_changer(kind text, item_id uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- updated_by is stamped from the session on every insert and update (set_updated_at), so it
  -- cannot name someone else. The draft copy's editor made the proposed change when there is one.
  select case kind
    when 'post' then (select coalesce(d.updated_by, p.updated_by)
                        from public.blog_posts as p left join public.blog_post_drafts as d on d.id = p.id
                       where p.id = item_id)
    else (select coalesce(d.updated_by, s.updated_by)
            from public.solutions as s left join public.solution_drafts as d on d.id = s.id
           where s.id = item_id)
  end
$$;

COMMENT ON FUNCTION private.content_last_changer(kind text, item_id uuid) IS 'The staff member who made the last change to a post''s or solution''s proposed content: its draft copy''s updated_by, else the item''s; null when only scripts changed it.';

REVOKE ALL ON FUNCTION private.content_last_changer(kind text, item_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.require_approval_to_publish() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.require_approval_to_publish() IS 'BEFORE INSERT/UPDATE on blog_posts and solutions: while content_requires_approval is on, a published (or scheduled) row must carry visitor-visible content that is unchanged from what was live or has an approved review of exactly its fingerprint; otherwise 42501.';

REVOKE ALL ON FUNCTION private.require_approval_to_publish() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.withdraw_reviews_of_other_versions(kind text, item_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_current jsonb := private.proposed_content(kind, item_id);
  v_fingerprint text := private.content_fingerprint(v_current);
begin
  update public.content_reviews as r
     set state = 'withdrawn'
   where r.kind = withdraw_reviews_of_other_versions.kind
     and r.item_id = withdraw_reviews_of_other_versions.item_id
     and r.state in ('pending', 'approved')
     and (v_current is null or r.fingerprint <> v_fingerprint);
end;
$$;

COMMENT ON FUNCTION private.withdraw_reviews_of_other_versions(kind text, item_id uuid) IS 'Withdraws the pending or approved reviews of an item that name another version than its current proposed content (fields and stored files), or all of them when the item is gone.';

REVOKE ALL ON FUNCTION private.withdraw_reviews_of_other_versions(kind text, item_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.items_showing_files(object_names text[]) RETURNS TABLE(kind text, item_id uuid, live boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- live: the item's own row shows one of the files to visitors (published, or scheduled to be);
  -- otherwise only its draft copy shows one.
  select 'post'::text, p.id, p.published and exists (
           select 1 from private.media_objects_in(private.visible_content(pg_catalog.to_jsonb(p))::text) as n (name)
            where n.name = any (object_names))
    from public.blog_posts as p
    left join public.blog_post_drafts as d on d.id = p.id
   where exists (select 1 from private.media_objects_in(concat_ws(' ', private.visible_content(pg_catalog.to_jsonb(p))::text, d.post_values::text)) as n (name)
                  where n.name = any (object_names))
  union all
  select 'solution'::text, s.id, s.published and exists (
           select 1 from private.media_objects_in(private.visible_content(pg_catalog.to_jsonb(s))::text) as n (name)
            where n.name = any (object_names))
    from public.solutions as s
    left join public.solution_drafts as d on d.id = s.id
   where exists (select 1 from private.media_objects_in(concat_ws(' ', private.visible_content(pg_catalog.to_jsonb(s))::text, d.solution_values::text)) as n (name)
                  where n.name = any (object_names))
$$;

COMMENT ON FUNCTION private.items_showing_files(object_names text[]) IS 'The posts and solutions whose visitor-visible fields or draft copy show one of the media files, and whether their live row shows it (live).';

REVOKE ALL ON FUNCTION private.items_showing_files(object_names text[]) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.withdraw_stale_reviews() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.withdraw_reviews_of_other_versions(
    case when tg_table_name in ('blog_posts', 'blog_post_drafts') then 'post' else 'solution' end,
    case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end;
$$;

COMMENT ON FUNCTION private.withdraw_stale_reviews() IS 'AFTER a write on blog_posts, solutions or their draft copies: a pending or approved review of a version other than the item''s current proposed content (or of a deleted item) becomes withdrawn.';

REVOKE ALL ON FUNCTION private.withdraw_stale_reviews() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.end_previews_of_undecided_versions() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Text a reviewer turned down, or a version a change replaced, is no longer shown to anyone.
  update public.post_previews as v
     set revoked_at = pg_catalog.now()
   where v.post_id = new.item_id and v.revoked_at is null;
  return null;
end;
$$;

COMMENT ON FUNCTION private.end_previews_of_undecided_versions() IS 'AFTER a post''s review becomes rejected or withdrawn: every preview link of the post stops working (revoked now).';

REVOKE ALL ON FUNCTION private.end_previews_of_undecided_versions() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER content_reviews_end_previews AFTER UPDATE OF state ON public.content_reviews FOR EACH ROW WHEN (((new.kind = 'post'::text) AND (new.state = ANY (ARRAY['rejected'::text, 'withdrawn'::text])) AND (old.state IS DISTINCT FROM new.state))) EXECUTE FUNCTION private.end_previews_of_undecided_versions();

CREATE FUNCTION public.request_review(kind text, id uuid, note text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  insert into public.content_reviews (kind, item_id, title, fingerprint, content, files, live_content, changed_by,
                                      requested_by, requested_by_name, request_note)
  values (kind, request_review.id, left(v_item ->> 'title', 300), v_fingerprint, private.visible_content(v_item),
          private.content_files(v_item),
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

COMMENT ON FUNCTION public.request_review(kind text, id uuid, note text) IS 'Asks for a review of a post''s or solution''s current version (its draft copy applied): records the content and its fingerprint, logs "review_requested" and e-mails every reviewer. kind: post (posts.write) or solution (content.write). Replaces a request still waiting. Returns the review id.';

REVOKE ALL ON FUNCTION public.request_review(kind text, id uuid, note text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.request_review(kind text, id uuid, note text) TO authenticated;
GRANT ALL ON FUNCTION public.request_review(kind text, id uuid, note text) TO service_role;

CREATE FUNCTION public.review_content(kind text, id uuid, decision text, note text DEFAULT NULL::text, fingerprint text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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

  if fingerprint is null or fingerprint !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = '22023', message = 'Name the version you reviewed: its fingerprint is required.';
  end if;

  select * into v_review from public.content_reviews as r
   where r.kind = review_content.kind and r.item_id = review_content.id and r.state = 'pending'
   for update;
  -- The decision is about the version the reviewer's screen showed: a newer request, or a change
  -- that withdrew the one on screen, means they have not seen what would go live.
  if v_review.id is null or v_review.fingerprint <> review_content.fingerprint then
    if v_review.id is not null or exists (
      select 1 from public.content_reviews as r
       where r.kind = review_content.kind and r.item_id = review_content.id
         and r.fingerprint = review_content.fingerprint and r.state = 'withdrawn') then
      raise exception using errcode = '40001', message = 'This changed after you opened it; review the new version';
    end if;
    raise exception using errcode = 'P0002', message = 'Nothing waits for review here: it was decided, withdrawn by a change, or never asked for.';
  end if;
  if decision = 'approve' and v_review.changed_by = auth.uid() then
    raise exception using errcode = '42501', message = 'You made the last change to this version: another reviewer must approve it.';
  end if;
  -- A change since the request withdraws it; this guards a change made in this transaction.
  if private.content_fingerprint(private.proposed_content(kind, review_content.id)) is distinct from v_review.fingerprint then
    raise exception using errcode = '40001', message = 'This changed after you opened it; review the new version';
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
$_$;

COMMENT ON FUNCTION public.review_content(kind text, id uuid, decision text, note text, fingerprint text) IS 'Decides the review waiting on a post or solution, naming the version decided by its fingerprint (as the reviewer''s screen showed it; another version is refused with 40001): approve (not by the person who made the last change; publishes the approved version, applying its draft copy) or reject (with a note; nothing goes live). Logged with the fingerprint; the author is e-mailed. content.approve only.';

REVOKE ALL ON FUNCTION public.review_content(kind text, id uuid, decision text, note text, fingerprint text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.review_content(kind text, id uuid, decision text, note text, fingerprint text) TO authenticated;
GRANT ALL ON FUNCTION public.review_content(kind text, id uuid, decision text, note text, fingerprint text) TO service_role;

CREATE FUNCTION private.queue_review_mail(review_id uuid, event text, recipients uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.queue_mail('content_review', queue_review_mail.review_id, r.email, jsonb_build_object('event', queue_review_mail.event))
     from (select distinct u.email::text as email
             from auth.users as u
            where u.id = any (recipients)
              and u.id is distinct from (select auth.uid())
              and private.is_live_account(u.id)
              and coalesce(public.is_email(u.email::text), false)) as r;
end;
$$;

COMMENT ON FUNCTION private.queue_review_mail(review_id uuid, event text, recipients uuid[]) IS 'Queues one review e-mail (event requested, approved or rejected) per live staff account among recipients, not the caller.';

REVOKE ALL ON FUNCTION private.queue_review_mail(review_id uuid, event text, recipients uuid[]) FROM PUBLIC, anon, authenticated, service_role;

CREATE POLICY "Reviewers read every review, editors those of what they edit" ON public.content_reviews
    FOR SELECT TO authenticated
    USING (((select public.has_permission('content.approve')) OR ((kind = 'post') AND (select public.has_permission('posts.write'))) OR ((kind = 'solution') AND (select public.has_permission('content.write')))));

CREATE POLICY "Two-factor for reading reviews" ON public.content_reviews
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));
