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
    CONSTRAINT content_reviews_kind_check CHECK ((kind ~ '^[a-z_]+$'::text)),
    CONSTRAINT content_reviews_live_content_check CHECK ((jsonb_typeof(live_content) = 'object'::text)),
    CONSTRAINT content_reviews_rejection_has_note CHECK (((state <> 'rejected'::text) OR (btrim(COALESCE(decision_note, ''::text)) <> ''::text))),
    CONSTRAINT content_reviews_request_note_check CHECK ((char_length(request_note) <= 2000)),
    CONSTRAINT content_reviews_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text, 'withdrawn'::text]))),
    CONSTRAINT content_reviews_title_check CHECK ((char_length(title) <= 300))
);

COMMENT ON TABLE public.content_reviews IS 'Review requests of items of a reviewable kind (private.reviewable_kinds) and of releases: the proposed visitor-visible content (a release: each item''s), its sha256 fingerprint, what was live then, and the decision (approved / rejected with a note / withdrawn by a later change). Written only by request_review() and review_content().';

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

CREATE FUNCTION private.current_fingerprint(kind text, item_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case when kind = 'release' then private.release_fingerprint(item_id)
              else private.content_fingerprint(kind, private.proposed_content(kind, item_id)) end
$$;

COMMENT ON FUNCTION private.current_fingerprint(kind text, item_id uuid) IS 'The fingerprint a review of the item (or release) would name now: its proposed content''s, or the release''s over its items.';

REVOKE ALL ON FUNCTION private.current_fingerprint(kind text, item_id uuid) FROM PUBLIC, anon, authenticated, service_role;

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
  v_kind private.reviewable_kinds;
  v_item jsonb;
  v_live jsonb;
  v_content jsonb;
  v_title text;
  v_table text;
  v_changed_by uuid;
  v_fingerprint text;
  v_review uuid;
  v_note text := nullif(btrim(note), '');
  v_actor record;
begin
  if not private.may_edit_kind('release') or not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Only editors can ask for a review.';
  end if;
  if char_length(v_note) > 2000 then
    raise exception using errcode = '22001', message = 'The note is too long (at most 2000 characters).';
  end if;
  if kind = 'release' then
    perform private.check_release_editor(request_review.id);
    v_content := private.release_content(request_review.id);
    if jsonb_array_length(v_content -> 'items') = 0 then
      raise exception using errcode = '22023', message = 'Add something to the release first.';
    end if;
    v_title := (select l.name from public.releases as l where l.id = request_review.id);
    v_table := 'releases';
    -- Who changed its items last is checked when it is decided.
    v_changed_by := auth.uid();
  else
    select * into v_kind from private.reviewable_kinds as k where k.kind = request_review.kind;
    if v_kind.kind is null then
      raise exception using errcode = '22023', message = 'This cannot be reviewed: ask for a review of an item of the site or of a release.';
    end if;
    if not public.has_permission(v_kind.write_permission) then
      raise exception using errcode = '42501', message = pg_catalog.format('Only staff who edit a %s can ask for its review.', v_kind.label);
    end if;
    v_item := private.proposed_content(kind, request_review.id);
    if v_item is null then
      raise exception using errcode = 'P0002', message = pg_catalog.initcap(left(v_kind.label, 1)) || substr(v_kind.label, 2) || ' not found.';
    end if;
    v_content := private.visible_content(kind, v_item);
    v_title := private.item_title(kind, v_item);
    v_table := v_kind.table_name;
    v_changed_by := coalesce(private.content_last_changer(kind, request_review.id), auth.uid());
    v_live := private.item_row(kind, request_review.id);
    if not private.is_live(kind, v_live) then
      v_live := null;
    end if;
  end if;
  v_fingerprint := private.current_fingerprint(kind, request_review.id);
  if v_live is not null and private.content_fingerprint(kind, v_live) = v_fingerprint then
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
  values (kind, request_review.id, left(coalesce(nullif(v_title, ''), kind), 300), v_fingerprint, v_content,
          private.content_files(v_content), private.visible_content(kind, v_live), v_changed_by,
          auth.uid(), v_actor.actor_name, v_note)
  returning content_reviews.id into v_review;

  perform private.write_activity('review_requested', 'content', v_table, request_review.id::text, v_title,
    jsonb_build_object('fingerprint', v_fingerprint, 'note', v_note));
  perform private.queue_review_mail(v_review, 'requested', array(
    select r.user_id from public.staff_roles as r
      join public.role_permissions as p on p.role = r.role and p.permission = 'content.approve'));
  return v_review;
end;
$$;

COMMENT ON FUNCTION public.request_review(kind text, id uuid, note text) IS 'Asks for a review of an item''s current version (its pending change applied; kind: a reviewable kind, for which the caller holds the write permission) or of a release as a whole (kind release: every item''s version): records the content, the stored files it shows and its fingerprint, logs "review_requested" and e-mails every reviewer. Replaces a request still waiting. Returns the review id.';

REVOKE ALL ON FUNCTION public.request_review(kind text, id uuid, note text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.request_review(kind text, id uuid, note text) TO authenticated;
GRANT ALL ON FUNCTION public.request_review(kind text, id uuid, note text) TO service_role;

CREATE FUNCTION public.review_content(kind text, id uuid, decision text, note text DEFAULT NULL::text, fingerprint text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_review public.content_reviews;
  v_note text := nullif(btrim(note), '');
  v_actor record;
  v_table text;
begin
  if not public.has_permission('content.approve') or not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Only reviewers (Compliance or Admin) can approve or reject content.';
  end if;
  v_table := case when kind = 'release' then 'releases'
                  else (select k.table_name from private.reviewable_kinds as k where k.kind = review_content.kind) end;
  if v_table is null then
    raise exception using errcode = '22023', message = 'This cannot be reviewed: ask for a review of an item of the site or of a release.';
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
  -- The approver is never the last editor: of the item, or of any item of a release.
  if decision = 'approve' and (
       v_review.changed_by = auth.uid()
       or (kind = 'release' and auth.uid() in (
             select private.content_last_changer(i.kind, i.item_id) from public.release_items as i where i.release_id = review_content.id))) then
    raise exception using errcode = '42501', message = 'You made the last change to this version: another reviewer must approve it.';
  end if;
  -- A change since the request withdraws it; this guards a change made in this transaction.
  if private.current_fingerprint(kind, review_content.id) is distinct from v_review.fingerprint then
    raise exception using errcode = '40001', message = 'This changed after you opened it; review the new version';
  end if;

  select * into v_actor from private.current_actor();
  update public.content_reviews as r
     set state = case decision when 'approve' then 'approved' else 'rejected' end,
         decided_by = auth.uid(), decided_by_name = v_actor.actor_name, decided_at = now(), decision_note = v_note
   where r.id = v_review.id;

  perform private.write_activity(case decision when 'approve' then 'approved' else 'rejected' end, 'content', v_table,
    review_content.id::text, v_review.title, jsonb_build_object('fingerprint', v_review.fingerprint, 'note', v_note));

  -- An approved item goes live now; an approved release when it is published or its time comes.
  if decision = 'approve' and kind <> 'release' then
    perform private.publish_item(kind, review_content.id);
  end if;

  perform private.queue_review_mail(v_review.id, case decision when 'approve' then 'approved' else 'rejected' end,
    array[v_review.requested_by, v_review.changed_by]);
end;
$$;

COMMENT ON FUNCTION public.review_content(kind text, id uuid, decision text, note text, fingerprint text) IS 'Decides the review waiting on an item or a release, naming the version decided by its fingerprint (as the reviewer''s screen showed it; another version is refused with 40001): approve (not by the person who made the last change, to the item or to any item of the release; an item goes live at once with its pending change applied, a release when published or at its time) or reject (with a note; nothing goes live). Logged with the fingerprint; the author is e-mailed. content.approve only.';

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
    USING (((select public.has_permission('content.approve')) OR private.may_edit_kind(kind)));

CREATE POLICY "Two-factor for reading reviews" ON public.content_reviews
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));
