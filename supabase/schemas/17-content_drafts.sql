-- public.content_drafts: the pending change of an item of any reviewable kind (a post's autosaved
-- draft copy, a live solution's or testimonial's edit waiting for approval, …): the table, its
-- grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.content_drafts (
    kind text NOT NULL,
    id uuid NOT NULL,
    change jsonb NOT NULL,
    title text DEFAULT ''::text NOT NULL,
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

CREATE FUNCTION public.save_change(kind text, change jsonb, id uuid DEFAULT NULL::uuid, version timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_kind private.reviewable_kinds;
  v_id uuid := save_change.id;
  v_item jsonb;
  v_columns text;
begin
  if not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to save changes.';
  end if;
  select * into v_kind from private.reviewable_kinds as k where k.kind = save_change.kind;
  if v_kind.kind is null then
    raise exception using errcode = '22023', message = 'This cannot be saved for review: save an item of the site.';
  end if;
  if not public.has_permission(v_kind.write_permission) then
    raise exception using errcode = '42501', message = pg_catalog.format('Only staff who edit a %s can save one.', v_kind.label);
  end if;
  if change is null or pg_catalog.jsonb_typeof(change) <> 'object' then
    raise exception using errcode = '22023', message = 'The change is a JSON object of the item''s fields.';
  end if;
  change := change - array['id', 'created_at', 'updated_at', 'updated_by', 'created_by'];

  if v_id is null then
    -- A new item is saved hidden; it goes live when approved, or with its release.
    if v_kind.live_column is null then
      raise exception using errcode = '22023',
        message = pg_catalog.format('A new %s cannot wait for approval: ask an admin to turn approval off to add one.', v_kind.label);
    end if;
    change := change || pg_catalog.jsonb_build_object(v_kind.live_column, false);
    -- Only the columns given: the others take their defaults.
    select string_agg(pg_catalog.quote_ident(a.attname), ', ' order by a.attnum) into v_columns
      from pg_catalog.pg_attribute as a
     where a.attrelid = pg_catalog.format('public.%I', v_kind.table_name)::pg_catalog.regclass
       and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and change ? a.attname;
    execute pg_catalog.format('insert into public.%1$I (%2$s) select %2$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $1) returning id',
                              v_kind.table_name, v_columns)
      into v_id using change;
    return pg_catalog.jsonb_build_object('id', v_id, 'version', private.item_row(kind, v_id) -> 'updated_at');
  end if;

  v_item := private.item_row(kind, v_id);
  if v_item is null then
    raise exception using errcode = 'P0002', message = pg_catalog.initcap(left(v_kind.label, 1)) || substr(v_kind.label, 2) || ' not found.';
  end if;
  -- A change adds to the one already waiting (a form sends every field, so it replaces it).
  change := coalesce((select d.change from public.content_drafts as d where d.kind = save_change.kind and d.id = v_id), '{}'::jsonb) || change;
  if private.is_live(kind, v_item)
     and private.content_fingerprint(kind, private.as_row(kind, v_item || change)) is distinct from private.content_fingerprint(kind, v_item) then
    -- Visitors keep the live version; the change waits for approval.
    insert into public.content_drafts as d (kind, id, change) values (kind, v_id, change)
    on conflict on constraint content_drafts_pkey do update set change = excluded.change;
  else
    -- Not live, or nothing a visitor sees changes: saved as it is, and no older change is left waiting.
    perform private.apply_change(v_kind.table_name, v_id, change, version);
    delete from public.content_drafts as d where d.kind = save_change.kind and d.id = v_id;
  end if;
  -- The row's version after the save (unchanged when the change waits): what an open editor names next.
  return pg_catalog.jsonb_build_object('id', v_id, 'version', private.item_row(kind, v_id) -> 'updated_at');
end;
$_$;

COMMENT ON FUNCTION public.save_change(kind text, change jsonb, id uuid, version timestamp with time zone) IS 'How the back office saves an item while publishing needs approval: a new one (id null) is stored hidden (its live column false); a change to a live item that visitors would see waits as its pending change (content_drafts, added to the one already waiting), visitors keeping the live version; anything else is saved on the row (naming the version it was based on). Answers {id, version}: the item''s id and its row''s updated_at after the save. Staff who write the kind.';

REVOKE ALL ON FUNCTION public.save_change(kind text, change jsonb, id uuid, version timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.save_change(kind text, change jsonb, id uuid, version timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.save_change(kind text, change jsonb, id uuid, version timestamp with time zone) TO service_role;

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
