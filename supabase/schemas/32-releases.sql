-- public.releases and public.release_items: several pending changes launched as one. A release is
-- reviewed as a whole (request_review('release', …), review_content('release', …), whose
-- fingerprint covers every item's version); publish_release() (or its publish_at arriving, through
-- publish_due_releases()) applies every item in one transaction; roll_back_release() restores each
-- item's version from before it, as a new change.

CREATE TABLE public.releases (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    publish_at timestamp with time zone,
    state text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    created_by uuid,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    published_at timestamp with time zone,
    published_by uuid,
    rolled_back_at timestamp with time zone,
    rolled_back_by uuid,
    CONSTRAINT releases_name_check CHECK (((btrim(name) <> ''::text) AND (char_length(name) <= 200))),
    CONSTRAINT releases_state_check CHECK ((state = ANY (ARRAY['open'::text, 'rolling_back'::text, 'published'::text, 'rolled_back'::text]))),
    CONSTRAINT releases_published CHECK (((state = 'open'::text) OR (published_at IS NOT NULL))),
    CONSTRAINT releases_rolled_back CHECK (((state <> 'rolled_back'::text) OR (rolled_back_at IS NOT NULL)))
);

COMMENT ON TABLE public.releases IS 'A named set of pending changes that go live together, at once or at publish_at: open (being built and reviewed), published, rolled_back (rolling_back only inside roll_back_release()). Changed only through create_release(), schedule_release(), add_to_release(), remove_from_release(), publish_release() and roll_back_release().';

COMMENT ON COLUMN public.releases.publish_at IS 'When an approved release goes live by itself (publish_due_releases(), run every few seconds by the scheduler); null: when someone publishes it.';

ALTER TABLE ONLY public.releases
    ADD CONSTRAINT releases_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.releases
    ADD CONSTRAINT releases_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.releases
    ADD CONSTRAINT releases_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX releases_due_idx ON public.releases USING btree (publish_at) WHERE (state = 'open'::text);

ALTER TABLE public.releases ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.releases FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.releases TO service_role;
GRANT SELECT ON TABLE public.releases TO authenticated;

CREATE TABLE public.release_items (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    release_id uuid NOT NULL,
    kind text NOT NULL,
    item_id uuid NOT NULL,
    title text NOT NULL,
    added_at timestamp with time zone DEFAULT now() NOT NULL,
    added_by uuid,
    before jsonb,
    before_fingerprint text,
    published_fingerprint text,
    CONSTRAINT release_items_title_check CHECK ((char_length(title) <= 300))
);

COMMENT ON TABLE public.release_items IS 'The items of a release (kind and id: their pending change, or the item itself when it is not live yet). When the release is published each keeps the row it replaced (before, null when the item was not live) and the fingerprints of both versions, for the roll-back.';

ALTER TABLE ONLY public.release_items
    ADD CONSTRAINT release_items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.release_items
    ADD CONSTRAINT release_items_release_id_kind_item_id_key UNIQUE (release_id, kind, item_id);

ALTER TABLE ONLY public.release_items
    ADD CONSTRAINT release_items_release_id_fkey FOREIGN KEY (release_id) REFERENCES public.releases(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.release_items
    ADD CONSTRAINT release_items_kind_fkey FOREIGN KEY (kind) REFERENCES private.reviewable_kinds(kind);

ALTER TABLE ONLY public.release_items
    ADD CONSTRAINT release_items_added_by_fkey FOREIGN KEY (added_by) REFERENCES auth.users(id) ON DELETE SET NULL;

CREATE INDEX release_items_item_idx ON public.release_items USING btree (kind, item_id);

ALTER TABLE public.release_items ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.release_items FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.release_items TO service_role;
GRANT SELECT ON TABLE public.release_items TO authenticated;

CREATE FUNCTION private.check_release_editor(release_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_label text;
begin
  -- The scheduler (service role) publishes what was approved; staff act within their permissions.
  if coalesce((select auth.role()), '') not in ('anon', 'authenticated') then
    return;
  end if;
  if not public.has_required_aal() or not private.may_edit_kind('release') then
    raise exception using errcode = '42501', message = 'Only editors can build and publish releases.';
  end if;
  select k.label into v_label
    from public.release_items as i join private.reviewable_kinds as k on k.kind = i.kind
   where i.release_id = check_release_editor.release_id and not public.has_permission(k.write_permission)
   limit 1;
  if v_label is not null then
    raise exception using errcode = '42501',
      message = pg_catalog.format('This release holds a %s, which you cannot edit: someone who can must do this.', v_label);
  end if;
end;
$$;

COMMENT ON FUNCTION private.check_release_editor(release_id uuid) IS 'Refuses (42501) a staff caller who may not write every kind the release holds (or any kind), or is below the assurance level the account needs. The service role (the scheduler) passes.';

REVOKE ALL ON FUNCTION private.check_release_editor(release_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.open_release(release_id uuid) RETURNS public.releases
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_release public.releases;
begin
  perform private.check_release_editor(release_id);
  select * into v_release from public.releases as l where l.id = open_release.release_id for update;
  if v_release.id is null then
    raise exception using errcode = 'P0002', message = 'Release not found.';
  end if;
  if v_release.state <> 'open' then
    raise exception using errcode = '22023', message = 'This release is already out: start a new one.';
  end if;
  return v_release;
end;
$$;

COMMENT ON FUNCTION private.open_release(release_id uuid) IS 'The release, locked, after checking that it exists, is still open and the caller may change it.';

REVOKE ALL ON FUNCTION private.open_release(release_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.release_content(release_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select pg_catalog.jsonb_build_object('items', coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'kind', i.kind, 'id', i.item_id, 'label', k.label, 'title', private.item_title(i.kind, p.proposed),
           'fingerprint', private.content_fingerprint(i.kind, p.proposed),
           'content', private.visible_content(i.kind, p.proposed),
           'files', private.content_files(private.visible_content(i.kind, p.proposed)),
           'live_content', case when private.is_live(i.kind, p.live) then private.visible_content(i.kind, p.live) end)
         order by i.kind, i.item_id), '[]'::jsonb))
    from public.release_items as i
    join private.reviewable_kinds as k on k.kind = i.kind
    cross join lateral (select private.proposed_content(i.kind, i.item_id) as proposed, private.item_row(i.kind, i.item_id) as live) as p
   where i.release_id = release_content.release_id
$$;

COMMENT ON FUNCTION private.release_content(release_id uuid) IS 'What a release would put live, item by item: {items: [{kind, id, label, title, fingerprint, content, files, live_content}]}, in a fixed order.';

REVOKE ALL ON FUNCTION private.release_content(release_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.release_fingerprint(release_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(coalesce(pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object('kind', i.kind, 'id', i.item_id,
             'fingerprint', private.content_fingerprint(i.kind, private.proposed_content(i.kind, i.item_id)))
           order by i.kind, i.item_id), '[]'::jsonb)::text, 'UTF8')), 'hex')
    from public.release_items as i
   where i.release_id = release_fingerprint.release_id
$$;

COMMENT ON FUNCTION private.release_fingerprint(release_id uuid) IS 'sha256 (hex) over every item of a release with its version''s fingerprint: what an approval of the release names.';

REVOKE ALL ON FUNCTION private.release_fingerprint(release_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.create_release(name text, publish_at timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_id uuid;
begin
  if not public.has_required_aal() or not private.may_edit_kind('release') then
    raise exception using errcode = '42501', message = 'Only editors can build and publish releases.';
  end if;
  if nullif(btrim(name), '') is null then
    raise exception using errcode = '22023', message = 'Name the release.';
  end if;
  insert into public.releases (name, publish_at) values (btrim(name), create_release.publish_at) returning id into v_id;
  return v_id;
end;
$$;

COMMENT ON FUNCTION public.create_release(name text, publish_at timestamp with time zone) IS 'Starts an open release (editors of any kind), to go live at publish_at once approved, or when published. Returns its id.';

REVOKE ALL ON FUNCTION public.create_release(name text, publish_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.create_release(name text, publish_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.create_release(name text, publish_at timestamp with time zone) TO service_role;

CREATE FUNCTION public.schedule_release(release uuid, publish_at timestamp with time zone) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.open_release(release);
  update public.releases as l set publish_at = schedule_release.publish_at where l.id = schedule_release.release;
end;
$$;

COMMENT ON FUNCTION public.schedule_release(release uuid, publish_at timestamp with time zone) IS 'Sets (or, with null, clears) when an open release goes live by itself once approved. The schedule is not part of what a reviewer approves.';

REVOKE ALL ON FUNCTION public.schedule_release(release uuid, publish_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.schedule_release(release uuid, publish_at timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.schedule_release(release uuid, publish_at timestamp with time zone) TO service_role;

CREATE FUNCTION public.add_to_release(release uuid, kind text, id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_kind private.reviewable_kinds;
  v_item jsonb;
  v_other text;
begin
  perform private.open_release(release);
  select * into v_kind from private.reviewable_kinds as k where k.kind = add_to_release.kind;
  if v_kind.kind is null then
    raise exception using errcode = '22023', message = 'This cannot be released: add an item of the site.';
  end if;
  if not public.has_permission(v_kind.write_permission) then
    raise exception using errcode = '42501', message = pg_catalog.format('Only staff who edit a %s can add one to a release.', v_kind.label);
  end if;
  v_item := private.item_row(kind, id);
  if v_item is null then
    raise exception using errcode = 'P0002', message = pg_catalog.initcap(left(v_kind.label, 1)) || substr(v_kind.label, 2) || ' not found.';
  end if;
  if private.is_live(kind, v_item)
     and not exists (select 1 from public.content_drafts as d where d.kind = add_to_release.kind and d.id = add_to_release.id) then
    raise exception using errcode = '22023', message = 'Nothing to release: it is live and no change of it waits.';
  end if;
  select l.name into v_other from public.release_items as i join public.releases as l on l.id = i.release_id
   where i.kind = add_to_release.kind and i.item_id = add_to_release.id and l.state = 'open' and l.id <> add_to_release.release;
  if v_other is not null then
    raise exception using errcode = '23505', message = pg_catalog.format('It is already in the release "%s".', v_other);
  end if;
  insert into public.release_items (release_id, kind, item_id, title, added_by)
  values (release, kind, id, coalesce(nullif(private.item_title(kind, private.proposed_content(kind, id)), ''), v_kind.label), auth.uid())
  on conflict on constraint release_items_release_id_kind_item_id_key do nothing;
end;
$$;

COMMENT ON FUNCTION public.add_to_release(release uuid, kind text, id uuid) IS 'Adds an item to an open release: its pending change, or the item itself when it is not live yet (it goes live with the release). The caller writes the kind; an item is in one open release at a time. Changes the release''s fingerprint, so a review of it is withdrawn.';

REVOKE ALL ON FUNCTION public.add_to_release(release uuid, kind text, id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.add_to_release(release uuid, kind text, id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.add_to_release(release uuid, kind text, id uuid) TO service_role;

CREATE FUNCTION public.remove_from_release(release uuid, kind text, id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.open_release(release);
  delete from public.release_items as i
   where i.release_id = remove_from_release.release and i.kind = remove_from_release.kind and i.item_id = remove_from_release.id;
end;
$$;

COMMENT ON FUNCTION public.remove_from_release(release uuid, kind text, id uuid) IS 'Takes an item out of an open release (its pending change stays).';

REVOKE ALL ON FUNCTION public.remove_from_release(release uuid, kind text, id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.remove_from_release(release uuid, kind text, id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.remove_from_release(release uuid, kind text, id uuid) TO service_role;

CREATE FUNCTION public.publish_release(release uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_release public.releases := private.open_release(release);
  v_item public.release_items;
  v_row jsonb;
begin
  if not exists (select 1 from public.release_items as i where i.release_id = publish_release.release) then
    raise exception using errcode = '22023', message = 'Add something to the release first.';
  end if;
  if private.content_requires_approval() and not exists (
    select 1 from public.content_reviews as r
     where r.kind = 'release' and r.item_id = publish_release.release and r.state = 'approved'
       and r.fingerprint = private.release_fingerprint(publish_release.release)) then
    raise exception using
      errcode = '42501',
      message = 'Publishing needs approval: ask for a review of the release; it can go live once a reviewer approves it as it is.',
      hint = 'A reviewer (Compliance or Admin) who did not make the last change to any of its items approves it under Reviews.';
  end if;
  -- Out first: its items' writes below are not changes to a release still being reviewed.
  update public.releases as l set state = 'published', published_at = private.clock(), published_by = auth.uid()
   where l.id = publish_release.release;
  -- One transaction: visitors see every item or none. Each keeps the version it replaces.
  for v_item in select * from public.release_items as i where i.release_id = publish_release.release order by i.kind, i.item_id loop
    v_row := private.item_row(v_item.kind, v_item.item_id);
    perform private.publish_item(v_item.kind, v_item.item_id);
    update public.release_items as i
       set before = case when private.is_live(v_item.kind, v_row) then v_row end,
           before_fingerprint = case when private.is_live(v_item.kind, v_row) then private.content_fingerprint(v_item.kind, v_row) end,
           published_fingerprint = private.content_fingerprint(v_item.kind, private.item_row(v_item.kind, v_item.item_id))
     where i.id = v_item.id;
  end loop;
  perform private.write_activity('published', 'content', 'releases', release::text, v_release.name,
    jsonb_build_object('items', (select count(*) from public.release_items as i where i.release_id = publish_release.release)));
end;
$$;

COMMENT ON FUNCTION public.publish_release(release uuid) IS 'Applies every item of an open release in one transaction (visitors see all of it or none): each pending change becomes its item, which goes live. While publishing needs approval the release must carry an approval of exactly its current version. Editors of every kind it holds, or the scheduler.';

REVOKE ALL ON FUNCTION public.publish_release(release uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publish_release(release uuid) TO authenticated;
GRANT ALL ON FUNCTION public.publish_release(release uuid) TO service_role;

CREATE FUNCTION public.roll_back_release(release uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_release public.releases;
  v_item record;
begin
  perform private.check_release_editor(release);
  select * into v_release from public.releases as l where l.id = roll_back_release.release for update;
  if v_release.id is null then
    raise exception using errcode = 'P0002', message = 'Release not found.';
  end if;
  if v_release.state <> 'published' then
    raise exception using errcode = '22023', message = 'Only a published release can be rolled back.';
  end if;
  -- While rolling back, the gate lets each item return to exactly the version it had live before.
  update public.releases as l set state = 'rolling_back' where l.id = roll_back_release.release;
  for v_item in
    select i.*, k.table_name, k.live_column from public.release_items as i join private.reviewable_kinds as k on k.kind = i.kind
     where i.release_id = roll_back_release.release order by i.kind desc, i.item_id desc
  loop
    if v_item.before is not null then
      perform private.apply_change(v_item.table_name, v_item.item_id, v_item.before);
    elsif v_item.live_column is not null then
      -- It was not live before the release: it is taken down, which needs no approval.
      perform private.apply_change(v_item.table_name, v_item.item_id, pg_catalog.jsonb_build_object(v_item.live_column, false));
    end if;
  end loop;
  update public.releases as l set state = 'rolled_back', rolled_back_at = private.clock(), rolled_back_by = auth.uid()
   where l.id = roll_back_release.release;
  perform private.write_activity('rolled_back', 'content', 'releases', release::text, v_release.name, null);
end;
$$;

COMMENT ON FUNCTION public.roll_back_release(release uuid) IS 'Restores each item of a published release to the version it had before (an item that was not live is taken down), as new changes in one transaction. Returning to exactly a version that was live (approved) before needs no new approval; an item whose files changed since does. Editors of every kind it holds.';

REVOKE ALL ON FUNCTION public.roll_back_release(release uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.roll_back_release(release uuid) TO authenticated;
GRANT ALL ON FUNCTION public.roll_back_release(release uuid) TO service_role;

CREATE FUNCTION public.publish_due_releases() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_release uuid;
  v_published integer := 0;
begin
  for v_release in
    select l.id from public.releases as l where l.state = 'open' and l.publish_at <= private.clock() order by l.publish_at, l.id
  loop
    -- One that cannot go live yet (not approved as it is now) stays open for a later run.
    begin
      perform public.publish_release(v_release);
      v_published := v_published + 1;
    exception when insufficient_privilege or invalid_parameter_value then
      null;
    end;
  end loop;
  return v_published;
end;
$$;

COMMENT ON FUNCTION public.publish_due_releases() IS 'Publishes every open release whose publish_at has come and that may go live (approved as it is, while approval is needed); returns how many. Run by the scheduler (the local backend every few seconds and when the test clock moves; on a hosted project a pg_cron job each minute). Service role only.';

REVOKE ALL ON FUNCTION public.publish_due_releases() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publish_due_releases() TO service_role;

CREATE FUNCTION public.release_overview(release uuid) RETURNS TABLE(kind text, item_id uuid, label text, title text, admin_path text, proposed jsonb, live jsonb, files jsonb, fingerprint text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_required_aal() or not (private.may_edit_kind('release') or public.has_permission('content.approve')) then
    raise exception using errcode = '42501', message = 'Only editors and reviewers can open releases.';
  end if;
  return query
    select i.kind, i.item_id, k.label, private.item_title(i.kind, p.proposed), k.admin_path,
           private.visible_content(i.kind, p.proposed),
           case when private.is_live(i.kind, p.live) then private.visible_content(i.kind, p.live) end,
           private.content_files(private.visible_content(i.kind, p.proposed)),
           private.content_fingerprint(i.kind, p.proposed)
      from public.release_items as i
      join private.reviewable_kinds as k on k.kind = i.kind
      cross join lateral (select private.proposed_content(i.kind, i.item_id) as proposed, private.item_row(i.kind, i.item_id) as live) as p
     where i.release_id = release_overview.release
     order by k.label, 4;
end;
$$;

COMMENT ON FUNCTION public.release_overview(release uuid) IS 'The items of a release as the releases screen shows them: kind, label, title, where it is edited, its proposed and live visitor-visible fields (live null: not live), the files it shows and its fingerprint. Editors and reviewers.';

REVOKE ALL ON FUNCTION public.release_overview(release uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.release_overview(release uuid) TO authenticated;
GRANT ALL ON FUNCTION public.release_overview(release uuid) TO service_role;

CREATE FUNCTION public.pending_changes() RETURNS TABLE(kind text, item_id uuid, label text, title text, admin_path text, live boolean, release_id uuid)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_kind private.reviewable_kinds;
begin
  if not public.has_required_aal() then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to see pending changes.';
  end if;
  -- What could go into a release: each change waiting, and each item not live yet, of the kinds
  -- the caller edits, with the open release that already holds it.
  for v_kind in select * from private.reviewable_kinds as k where public.has_permission(k.write_permission) order by k.kind loop
    return query execute pg_catalog.format($q$
      select %1$L::text, t.id, %3$L::text, private.item_title(%1$L, private.proposed_content(%1$L, t.id)), %4$L::text,
             private.is_live(%1$L, to_jsonb(t)),
             (select i.release_id from public.release_items as i join public.releases as l on l.id = i.release_id
               where i.kind = %1$L and i.item_id = t.id and l.state = 'open')
        from public.%2$I as t
       where private.kind_of(%2$L, to_jsonb(t)) = %1$L
         and (not private.is_live(%1$L, to_jsonb(t))
              or exists (select 1 from public.content_drafts as d where d.kind = %1$L and d.id = t.id))$q$,
      v_kind.kind, v_kind.table_name, v_kind.label, v_kind.admin_path);
  end loop;
end;
$_$;

COMMENT ON FUNCTION public.pending_changes() IS 'Every change waiting (a pending change, or an item not live yet) of the kinds the caller edits, with the open release holding it, if any: what "Add to release" offers.';

REVOKE ALL ON FUNCTION public.pending_changes() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.pending_changes() TO authenticated;
GRANT ALL ON FUNCTION public.pending_changes() TO service_role;

CREATE TABLE public.release_previews (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    release_id uuid NOT NULL,
    token_hash bytea NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    created_by uuid,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT release_previews_token_hash_check CHECK ((octet_length(token_hash) = 32))
);

COMMENT ON TABLE public.release_previews IS 'Preview links of the whole site as an open release would make it: the sha256 of each link''s token and its expiry. Made by create_release_preview(), read by visitors only through release_preview(token); a link works while its release is open.';

ALTER TABLE ONLY public.release_previews
    ADD CONSTRAINT release_previews_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.release_previews
    ADD CONSTRAINT release_previews_token_hash_key UNIQUE (token_hash);

ALTER TABLE ONLY public.release_previews
    ADD CONSTRAINT release_previews_release_id_fkey FOREIGN KEY (release_id) REFERENCES public.releases(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.release_previews
    ADD CONSTRAINT release_previews_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE public.release_previews ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.release_previews FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.release_previews TO service_role;

CREATE FUNCTION public.create_release_preview(release uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  -- Two version-4 UUIDs: 244 random bits from the server's secure generator.
  v_token text := pg_catalog.encode(pg_catalog.uuid_send(gen_random_uuid()) || pg_catalog.uuid_send(gen_random_uuid()), 'hex');
begin
  if not public.has_required_aal() or not (private.may_edit_kind('release') or public.has_permission('content.approve')) then
    raise exception using errcode = '42501', message = 'Only editors and reviewers can preview a release.';
  end if;
  if not exists (select 1 from public.releases as l where l.id = create_release_preview.release and l.state = 'open') then
    raise exception using errcode = 'P0002', message = 'Only a release not yet out can be previewed.';
  end if;
  insert into public.release_previews (release_id, token_hash, created_by, expires_at)
  values (release, pg_catalog.sha256(pg_catalog.convert_to(v_token, 'UTF8')), auth.uid(), private.clock() + interval '7 days');
  return v_token;
end;
$$;

COMMENT ON FUNCTION public.create_release_preview(release uuid) IS 'Makes a 7-day link to the whole site as an open release would make it, and returns its token (shown once; only its sha256 is kept). Editors and reviewers.';

REVOKE ALL ON FUNCTION public.create_release_preview(release uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.create_release_preview(release uuid) TO authenticated;
GRANT ALL ON FUNCTION public.create_release_preview(release uuid) TO service_role;

CREATE FUNCTION public.release_preview(token text) RETURNS TABLE(table_name text, item jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Each item as it will be live: its pending change applied and its live column set; nothing of
  -- who edited it. Only for a known, unexpired link of a release still open.
  select k.table_name,
         (private.proposed_content(i.kind, i.item_id)
           || case when k.live_column is null then '{}'::jsonb else pg_catalog.jsonb_build_object(k.live_column, true) end)
           - array['updated_by', 'created_by']
    from public.release_previews as v
    join public.releases as l on l.id = v.release_id and l.state = 'open'
    join public.release_items as i on i.release_id = l.id
    join private.reviewable_kinds as k on k.kind = i.kind
   where char_length(release_preview.token) between 32 and 128
     and v.token_hash = pg_catalog.sha256(pg_catalog.convert_to(release_preview.token, 'UTF8'))
     and v.expires_at > private.clock()
$$;

COMMENT ON FUNCTION public.release_preview(token text) IS 'What a release preview link shows: each item of its release as it will be live (table and row as JSON, without who edited it); no row for an unknown or expired token or a release no longer open. Callable by visitors.';

REVOKE ALL ON FUNCTION public.release_preview(token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.release_preview(token text) TO anon;
GRANT ALL ON FUNCTION public.release_preview(token text) TO authenticated;
GRANT ALL ON FUNCTION public.release_preview(token text) TO service_role;

CREATE FUNCTION private.withdraw_release_reviews() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.withdraw_reviews_of_other_versions('release', case when tg_op = 'DELETE' then old.release_id else new.release_id end);
  return null;
end;
$$;

COMMENT ON FUNCTION private.withdraw_release_reviews() IS 'AFTER an item is added to or taken out of a release: a review of another version of the release is withdrawn.';

REVOKE ALL ON FUNCTION private.withdraw_release_reviews() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER release_items_log AFTER INSERT OR DELETE ON public.release_items FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE TRIGGER release_items_withdraw_reviews AFTER INSERT OR DELETE ON public.release_items FOR EACH ROW EXECUTE FUNCTION private.withdraw_release_reviews();

CREATE TRIGGER releases_log AFTER INSERT OR DELETE OR UPDATE OF name, publish_at ON public.releases FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE TRIGGER releases_set_updated_at BEFORE INSERT OR UPDATE ON public.releases FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE POLICY "Editors and reviewers read releases" ON public.releases
    FOR SELECT TO authenticated
    USING (((select private.may_edit_kind('release'::text)) OR (select public.has_permission('content.approve'))));

CREATE POLICY "Editors and reviewers read release items" ON public.release_items
    FOR SELECT TO authenticated
    USING (((select private.may_edit_kind('release'::text)) OR (select public.has_permission('content.approve'))));

CREATE POLICY "Two-factor for reading releases" ON public.releases
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

CREATE POLICY "Two-factor for reading release items" ON public.release_items
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));
