-- public.content_drafts: the pending change of an item of any reviewable kind (a post's autosaved
-- draft copy, a live solution's or testimonial's edit waiting for approval, …): the table, its
-- grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.content_drafts (
    kind text NOT NULL,
    id uuid NOT NULL,
    change jsonb NOT NULL,
    title text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    created_by uuid,
    CONSTRAINT content_drafts_change_check CHECK (((jsonb_typeof(change) = 'object'::text) AND (pg_column_size(change) <= 400000))),
    CONSTRAINT content_drafts_title_check CHECK ((char_length(title) <= 320))
);

COMMENT ON TABLE public.content_drafts IS 'The unpublished change of an item (one per item: kind and the item''s id): the fields as the editor last had them, as JSON. Visitors never see it; staff who may write the kind read and write it. Approving it (review_content), publishing its release or, for a post with approval off, publish_post_draft() makes it the item.';

COMMENT ON COLUMN public.content_drafts.change IS 'The item''s editable fields as the editor last had them ({title, slug, content, ...}); applied key by key.';

COMMENT ON COLUMN public.content_drafts.title IS 'How the activity log names it: "Draft copy of" and the item''s title (set by trigger).';

COMMENT ON COLUMN public.content_drafts.updated_by IS 'The staff member who changed it last (set by trigger): the author of the proposed version.';

ALTER TABLE ONLY public.content_drafts
    ADD CONSTRAINT content_drafts_pkey PRIMARY KEY (kind, id);

ALTER TABLE ONLY public.content_drafts
    ADD CONSTRAINT content_drafts_kind_fkey FOREIGN KEY (kind) REFERENCES private.reviewable_kinds(kind);

ALTER TABLE ONLY public.content_drafts
    ADD CONSTRAINT content_drafts_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.content_drafts
    ADD CONSTRAINT content_drafts_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE public.content_drafts ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.content_drafts FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.content_drafts TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.content_drafts TO authenticated;

CREATE FUNCTION private.name_content_draft() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_item jsonb := private.item_row(new.kind, new.id);
begin
  -- A change belongs to an item that exists: a new item is saved (unpublished) first.
  if v_item is null then
    raise exception using errcode = '23503', message = 'Save the item first: a pending change belongs to an existing item.';
  end if;
  new.title := 'Draft copy of ' || coalesce(nullif(private.item_title(new.kind, v_item || new.change), ''), new.kind);
  return new;
end;
$$;

COMMENT ON FUNCTION private.name_content_draft() IS 'BEFORE INSERT/UPDATE on content_drafts: refuses a change of an item that does not exist (23503) and names it "Draft copy of <title>".';

REVOKE ALL ON FUNCTION private.name_content_draft() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_change jsonb;
begin
  if not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to publish a draft copy.';
  end if;
  select d.change into v_change from public.content_drafts as d where d.kind = 'post' and d.id = publish_post_draft.post_id;
  if v_change is null then
    raise exception using errcode = 'P0002', message = 'This post has no draft copy.';
  end if;
  -- The copy stays when the post could not be changed (row-level security hid it).
  if private.apply_change('blog_posts', post_id, v_change, version) = 0 then
    raise exception using errcode = '42501', message = 'You cannot update this post.';
  end if;
  delete from public.content_drafts as d where d.kind = 'post' and d.id = publish_post_draft.post_id;
end;
$$;

COMMENT ON FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone) IS 'Makes a post''s draft copy the post (one update: one version, one activity entry) and removes the copy, with the caller''s rights. version: the post''s updated_at as the editor opened it; an older one is refused with 40001 like any stale save.';

REVOKE ALL ON FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.publish_post_draft(post_id uuid, version timestamp with time zone) TO service_role;

CREATE TRIGGER content_drafts_log AFTER INSERT OR DELETE ON public.content_drafts FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE TRIGGER content_drafts_name BEFORE INSERT OR UPDATE ON public.content_drafts FOR EACH ROW EXECUTE FUNCTION private.name_content_draft();

CREATE TRIGGER content_drafts_updated_at BEFORE INSERT OR UPDATE ON public.content_drafts FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER content_drafts_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.content_drafts FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Editors of the kind discard pending changes" ON public.content_drafts
    FOR DELETE TO authenticated
    USING (private.may_edit_kind(kind));

CREATE POLICY "Editors of the kind read pending changes" ON public.content_drafts
    FOR SELECT TO authenticated
    USING (private.may_edit_kind(kind));

CREATE POLICY "Editors of the kind save pending changes" ON public.content_drafts
    FOR UPDATE TO authenticated
    USING (private.may_edit_kind(kind))
    WITH CHECK (private.may_edit_kind(kind));

CREATE POLICY "Editors of the kind start pending changes" ON public.content_drafts
    FOR INSERT TO authenticated
    WITH CHECK (private.may_edit_kind(kind));

CREATE POLICY "Two-factor for discarding pending changes" ON public.content_drafts
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading pending changes" ON public.content_drafts
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for saving pending changes" ON public.content_drafts
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for starting pending changes" ON public.content_drafts
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));
