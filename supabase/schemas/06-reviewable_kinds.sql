-- private.reviewable_kinds: the registry of what visitors read and sign-off covers, and the one
-- mechanism that reads it: the fingerprint, an item's proposed version (its pending change applied),
-- the gate every registered table's writes meet, the withdrawal of reviews a change makes stale and
-- the application of an approved change. A kind is a row here, the two trigger lines on its table
-- (require_approval, withdraw_stale_reviews) and a test; nothing below names a kind.

CREATE TABLE private.reviewable_kinds (
    kind text NOT NULL,
    label text NOT NULL,
    table_name text NOT NULL,
    write_permission text NOT NULL,
    visible_columns text[] NOT NULL,
    title_columns text[] NOT NULL,
    live_column text,
    scope jsonpath,
    admin_path text NOT NULL,
    CONSTRAINT reviewable_kinds_kind_check CHECK (((kind ~ '^[a-z_]+$'::text) AND (kind <> 'release'::text))),
    CONSTRAINT reviewable_kinds_visible_columns_check CHECK ((cardinality(visible_columns) > 0)),
    CONSTRAINT reviewable_kinds_title_columns_check CHECK ((cardinality(title_columns) > 0))
);

COMMENT ON TABLE private.reviewable_kinds IS 'What visitors read, kind by kind: the table, the permission that writes it, the columns visitors see (what a fingerprint covers and the publication record keeps), the columns that name an item, the column that makes a row live (null: every row in scope is live) and, where two kinds share a table, the jsonpath on the row that says which kind it is.';

COMMENT ON COLUMN private.reviewable_kinds.visible_columns IS 'The columns a visitor can see. Every other column of the table is bookkeeping (id, times, authorship, the live column, scheduling); a catalogue test fails on a column in neither list.';

COMMENT ON COLUMN private.reviewable_kinds.scope IS 'A jsonpath that matches the rows (as JSON) of this kind when another kind shares the table; null: every row.';

ALTER TABLE ONLY private.reviewable_kinds
    ADD CONSTRAINT reviewable_kinds_pkey PRIMARY KEY (kind);

ALTER TABLE ONLY private.reviewable_kinds
    ADD CONSTRAINT reviewable_kinds_write_permission_fkey FOREIGN KEY (write_permission) REFERENCES public.permissions(name);

ALTER TABLE private.reviewable_kinds ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE private.reviewable_kinds FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE private.reviewable_kinds TO service_role;

INSERT INTO private.reviewable_kinds (kind, label, table_name, write_permission, visible_columns, title_columns, live_column, scope, admin_path) VALUES
    ('post', 'post', 'blog_posts', 'posts.write',
     '{slug,title,excerpt,content,category,featured_image,author_name,author_avatar,tags,seo_title,seo_description,social_image,hide_from_search}', '{title}', 'published', NULL, '/admin/blog'),
    ('solution', 'solution', 'solutions', 'content.write',
     '{slug,title,category,shortdescription,longdescription,icon,url,features,targetaudience,status,metadescription,seo_title,social_image,hide_from_search}', '{title}', 'published', NULL, '/admin/solutions'),
    ('copy', 'website copy', 'website_content', 'content.write',
     '{section,key,content}', '{section,key}', NULL, '$ ? (@.section != "legal")', '/admin/content'),
    ('legal', 'legal page', 'website_content', 'content.write',
     '{section,key,content}', '{section,key}', NULL, '$ ? (@.section == "legal")', '/admin/content'),
    ('testimonial', 'testimonial', 'testimonials', 'content.write',
     '{quote,name,title,avatar,rating}', '{name}', 'published', NULL, '/admin/testimonials'),
    ('client', 'client', 'clients', 'content.write',
     '{name,icon,logo_url}', '{name}', 'published', NULL, '/admin/clients'),
    ('team_member', 'team member', 'team_members', 'content.write',
     '{name,position,bio,avatar,linkedin_url,twitter_url}', '{name}', 'published', NULL, '/admin/team'),
    ('job', 'job opening', 'job_openings', 'jobs.write',
     '{slug,title,location,department,type,description,requirements,closes_at,country,remote,salary_min,salary_max,salary_currency,salary_unit,street_address,region}', '{title}', 'active', NULL, '/admin/jobs'),
    ('setting', 'site setting', 'site_settings', 'settings.write',
     '{key,value}', '{key}', NULL, '$ ? (!(@.key like_regex "^(staff_|lead_notify_|content_requires_approval$)"))', '/admin/settings');

CREATE FUNCTION private.kind_of(table_name text, item jsonb) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select k.kind from private.reviewable_kinds as k
   where k.table_name = kind_of.table_name and (k.scope is null or pg_catalog.jsonb_path_exists(item, k.scope))
   order by k.kind limit 1
$$;

COMMENT ON FUNCTION private.kind_of(table_name text, item jsonb) IS 'The reviewable kind a row of a table is (the registry row whose scope matches it), or null when sign-off does not cover it.';

REVOKE ALL ON FUNCTION private.kind_of(table_name text, item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.may_edit_kind(kind text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- A release holds items of any kind: whoever edits some kind may read and build releases.
  select exists (
    select 1 from private.reviewable_kinds as k
     where (k.kind = may_edit_kind.kind or may_edit_kind.kind = 'release')
       and public.has_permission(k.write_permission))
$$;

COMMENT ON FUNCTION private.may_edit_kind(kind text) IS 'True when the caller holds the write permission of the kind (for a release: of any kind).';

REVOKE ALL ON FUNCTION private.may_edit_kind(kind text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.may_edit_kind(kind text) TO authenticated;

CREATE FUNCTION private.visible_content(kind text, item jsonb) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select pg_catalog.jsonb_object_agg(c.name, item -> c.name)
    from private.reviewable_kinds as k, unnest(k.visible_columns) as c (name)
   where k.kind = visible_content.kind and item ? c.name
$$;

COMMENT ON FUNCTION private.visible_content(kind text, item jsonb) IS 'The visitor-visible fields of a row of the kind (as JSON): its registry''s visible_columns. Null for no row.';

REVOKE ALL ON FUNCTION private.visible_content(kind text, item jsonb) FROM PUBLIC, anon, authenticated, service_role;

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

CREATE FUNCTION private.content_files(visible jsonb) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- A file that is not stored (yet) counts as null: storing it later changes the fingerprint.
  select coalesce(pg_catalog.jsonb_object_agg(f.name, coalesce(o.metadata ->> 'eTag', o.version)), '{}'::jsonb)
    from private.media_objects_in(visible::text) as f (name)
    left join storage.objects as o on o.bucket_id = 'media' and o.name = f.name
$$;

COMMENT ON FUNCTION private.content_files(visible jsonb) IS 'The stored files visitor-visible fields show: {media object name: its content hash (the object''s ETag), or null when no such file is stored}.';

REVOKE ALL ON FUNCTION private.content_files(visible jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.content_fingerprint(kind text, item jsonb) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- jsonb prints its keys in one fixed order, so equal content gives equal text. The files' hashes
  -- follow the fields, so replacing a picture under the same name is a change; content that shows
  -- no stored file hashes its fields alone.
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
           v.visible::text || coalesce(nullif(private.content_files(v.visible), '{}'::jsonb)::text, ''), 'UTF8')), 'hex')
    from (select private.visible_content(content_fingerprint.kind, item) as visible) as v
   where item is not null
$$;

COMMENT ON FUNCTION private.content_fingerprint(kind text, item jsonb) IS 'sha256 (hex) of the visitor-visible fields of a row of the kind and the content hashes of the stored files they show: what an approval names. Null for no row.';

REVOKE ALL ON FUNCTION private.content_fingerprint(kind text, item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.item_title(kind text, item jsonb) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select left(array_to_string(array(select item ->> c.name from unnest(k.title_columns) with ordinality as c (name, n) order by c.n), ' / '), 300)
    from private.reviewable_kinds as k where k.kind = item_title.kind
$$;

COMMENT ON FUNCTION private.item_title(kind text, item jsonb) IS 'What names an item of the kind: its title columns joined by " / ".';

REVOKE ALL ON FUNCTION private.item_title(kind text, item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.is_live(kind text, item jsonb) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Published or active rows are live (a post scheduled ahead too: it goes live without a write).
  select item is not null and coalesce((item ->> k.live_column)::boolean, k.live_column is null)
    from private.reviewable_kinds as k where k.kind = is_live.kind
$$;

COMMENT ON FUNCTION private.is_live(kind text, item jsonb) IS 'True when a row of the kind is (or is scheduled to be) shown to visitors: its live column is true, or the kind has none.';

REVOKE ALL ON FUNCTION private.is_live(kind text, item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.item_row(kind text, item_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_kind private.reviewable_kinds;
  v_item jsonb;
begin
  select * into v_kind from private.reviewable_kinds as k where k.kind = item_row.kind;
  if v_kind.kind is null then
    return null;
  end if;
  execute pg_catalog.format('select pg_catalog.to_jsonb(t) from public.%I as t where t.id = $1', v_kind.table_name)
    into v_item using item_id;
  -- A row of the table that is another kind (a legal page asked for as website copy) is not this item.
  if v_kind.scope is not null and not pg_catalog.jsonb_path_exists(v_item, v_kind.scope) then
    return null;
  end if;
  return v_item;
end;
$$;

COMMENT ON FUNCTION private.item_row(kind text, item_id uuid) IS 'An item''s row as JSON, or null when the kind''s table holds no such row of that kind.';

REVOKE ALL ON FUNCTION private.item_row(kind text, item_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.as_row(kind text, item jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row jsonb;
begin
  -- Through the row type, fields read exactly as the row would store them (dates, numbers, arrays).
  execute pg_catalog.format('select pg_catalog.to_jsonb(pg_catalog.jsonb_populate_record(null::public.%I, $1))',
                            (select k.table_name from private.reviewable_kinds as k where k.kind = as_row.kind))
    into v_row using item;
  return v_row;
end;
$$;

COMMENT ON FUNCTION private.as_row(kind text, item jsonb) IS 'Fields (JSON) as a row of the kind''s table would hold them.';

REVOKE ALL ON FUNCTION private.as_row(kind text, item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.proposed_content(kind text, item_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case when d.change is null then r.item
              else private.as_row(kind, r.item || (d.change - array['id', 'created_at', 'updated_at', 'updated_by', 'created_by'])) end
    from (select private.item_row(proposed_content.kind, proposed_content.item_id) as item) as r
    left join public.content_drafts as d on d.kind = proposed_content.kind and d.id = proposed_content.item_id
   where r.item is not null
$$;

COMMENT ON FUNCTION private.proposed_content(kind text, item_id uuid) IS 'An item''s row as JSON with its pending change (content_drafts) applied; the row itself when it has none; null when it does not exist.';

REVOKE ALL ON FUNCTION private.proposed_content(kind text, item_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.content_last_changer(kind text, item_id uuid) RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- updated_by is stamped from the session on every insert and update (set_updated_at), so it
  -- cannot name someone else. The pending change's editor made the proposed version when there is one.
  select coalesce(
    (select d.updated_by from public.content_drafts as d where d.kind = content_last_changer.kind and d.id = item_id),
    (private.item_row(kind, item_id) ->> 'updated_by')::uuid)
$$;

COMMENT ON FUNCTION private.content_last_changer(kind text, item_id uuid) IS 'The staff member who made the last change to an item''s proposed content: its pending change''s updated_by, else the row''s; null when only scripts changed it.';

REVOKE ALL ON FUNCTION private.content_last_changer(kind text, item_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.is_approved(kind text, item_id uuid, fingerprint text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Approved on its own, or as an item of an approved release; or the version a release being
  -- rolled back had live before it, which was approved then.
  select exists (
           select 1 from public.content_reviews as r
            where r.kind = is_approved.kind and r.item_id = is_approved.item_id
              and r.state = 'approved' and r.fingerprint = is_approved.fingerprint)
      or exists (
           select 1 from public.content_reviews as r
            where r.kind = 'release' and r.state = 'approved'
              and r.content -> 'items' @> pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object(
                    'kind', is_approved.kind, 'id', is_approved.item_id, 'fingerprint', is_approved.fingerprint)))
      or exists (
           select 1 from public.release_items as i join public.releases as l on l.id = i.release_id
            where l.state = 'rolling_back' and i.kind = is_approved.kind and i.item_id = is_approved.item_id
              and i.before_fingerprint = is_approved.fingerprint)
$$;

COMMENT ON FUNCTION private.is_approved(kind text, item_id uuid, fingerprint text) IS 'True when this exact version of the item (its fingerprint) may go live: an approved review of it, an approved release holding it, or a release roll-back restoring it as it was live.';

REVOKE ALL ON FUNCTION private.is_approved(kind text, item_id uuid, fingerprint text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.require_approval() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_new jsonb := pg_catalog.to_jsonb(new);
  v_old jsonb := case when tg_op = 'UPDATE' then pg_catalog.to_jsonb(old) end;
  v_kind text;
  v_fingerprint text;
begin
  if not private.content_requires_approval() then
    return new;
  end if;
  v_kind := private.kind_of(tg_table_name, v_new);
  if v_kind is null or not private.is_live(v_kind, v_new) then
    return new;
  end if;
  v_fingerprint := private.content_fingerprint(v_kind, v_new);
  -- What is already live may move in time or be saved unchanged.
  if private.is_live(v_kind, v_old) and private.kind_of(tg_table_name, v_old) = v_kind
     and private.content_fingerprint(v_kind, v_old) = v_fingerprint then
    return new;
  end if;
  if not private.is_approved(v_kind, (v_new ->> 'id')::uuid, v_fingerprint) then
    raise exception using
      errcode = '42501',
      message = case
        when private.is_live(v_kind, v_old)
          then 'Publishing needs approval: save your changes in the draft copy and ask for a review; visitors keep the approved version.'
        else 'Publishing needs approval: save it unpublished and ask for a review; it goes live when a reviewer approves it.'
      end,
      hint = 'A reviewer (Compliance or Admin) who did not make the last change approves it under Reviews.';
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.require_approval() IS 'BEFORE INSERT/UPDATE on every table of a reviewable kind: while content_requires_approval is on, a live row (published, active, or of a kind always live) must carry visitor-visible content that is unchanged from what was live or approved in exactly that version (private.is_approved); otherwise 42501.';

REVOKE ALL ON FUNCTION private.require_approval() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.withdraw_reviews_of_other_versions(kind text, item_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_current jsonb;
  v_fingerprint text;
  v_release uuid;
begin
  if exists (select 1 from public.content_reviews as r
              where r.kind = withdraw_reviews_of_other_versions.kind and r.item_id = withdraw_reviews_of_other_versions.item_id
                and r.state in ('pending', 'approved')) then
    v_current := private.proposed_content(kind, item_id);
    v_fingerprint := private.content_fingerprint(kind, v_current);
    update public.content_reviews as r
       set state = 'withdrawn'
     where r.kind = withdraw_reviews_of_other_versions.kind
       and r.item_id = withdraw_reviews_of_other_versions.item_id
       and r.state in ('pending', 'approved')
       and (v_current is null or r.fingerprint <> v_fingerprint);
  end if;
  -- A release not yet out is reviewed as a whole: a change to one of its items is a change to it.
  for v_release in
    select i.release_id from public.release_items as i join public.releases as l on l.id = i.release_id
     where i.kind = withdraw_reviews_of_other_versions.kind and i.item_id = withdraw_reviews_of_other_versions.item_id
       and l.state = 'open'
  loop
    perform private.withdraw_reviews_of_other_versions('release', v_release);
  end loop;
end;
$$;

COMMENT ON FUNCTION private.withdraw_reviews_of_other_versions(kind text, item_id uuid) IS 'Withdraws the pending or approved reviews of an item (or release) that name another version than its current proposed content (fields and stored files), or all of them when it is gone; and those of the open releases that hold the item.';

REVOKE ALL ON FUNCTION private.withdraw_reviews_of_other_versions(kind text, item_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.withdraw_stale_reviews() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row jsonb := pg_catalog.to_jsonb(case when tg_op = 'DELETE' then old else new end);
  v_kind text := case when tg_table_name = 'content_drafts' then v_row ->> 'kind' else private.kind_of(tg_table_name, v_row) end;
begin
  if v_kind is null then
    return null;
  end if;
  -- A removed item takes its pending change and its places in releases not yet out with it.
  if tg_op = 'DELETE' and tg_table_name <> 'content_drafts' then
    delete from public.content_drafts as d where d.kind = v_kind and d.id = (v_row ->> 'id')::uuid;
    delete from public.release_items as i
     using public.releases as l
     where l.id = i.release_id and l.state = 'open' and i.kind = v_kind and i.item_id = (v_row ->> 'id')::uuid;
  end if;
  perform private.withdraw_reviews_of_other_versions(v_kind, (v_row ->> 'id')::uuid);
  return null;
end;
$$;

COMMENT ON FUNCTION private.withdraw_stale_reviews() IS 'AFTER a write on a table of a reviewable kind or on content_drafts: the item''s pending or approved reviews of another version (and those of open releases holding it) become withdrawn; a removed item''s pending change and release places go with it.';

REVOKE ALL ON FUNCTION private.withdraw_stale_reviews() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.apply_change(table_name text, item_id uuid, change jsonb, version timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_columns text;
  v_updated bigint;
begin
  -- Every column the change holds; identity and bookkeeping never come from it.
  select string_agg(pg_catalog.format('%I = r.%I', a.attname, a.attname), ', ')
    into v_columns
    from pg_catalog.pg_attribute as a
   where a.attrelid = pg_catalog.format('public.%I', table_name)::pg_catalog.regclass
     and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     and a.attname not in ('id', 'created_at', 'updated_at', 'updated_by', 'created_by')
     and change ? a.attname;
  if v_columns is null then
    raise exception using errcode = '22023', message = 'The change holds no field of the item.';
  end if;
  -- Naming the version the editor opened refuses the change (40001) when someone saved the row since.
  execute pg_catalog.format(
    'update public.%1$I as t set %2$s, updated_at = coalesce($3, t.updated_at)
       from pg_catalog.jsonb_populate_record(null::public.%1$I, $1) as r where t.id = $2',
    table_name, v_columns) using change, item_id, version;
  get diagnostics v_updated = row_count;
  return v_updated;
end;
$_$;

COMMENT ON FUNCTION private.apply_change(table_name text, item_id uuid, change jsonb, version timestamp with time zone) IS 'Writes the columns a change (JSON) holds onto a row of a public table, with the rights of whoever runs it (row-level security for a staff caller), naming the version it was based on when given; identity and bookkeeping columns are never taken from it. Returns the rows changed (0: none visible). The gate and the history see an ordinary update.';

REVOKE ALL ON FUNCTION private.apply_change(table_name text, item_id uuid, change jsonb, version timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.apply_change(table_name text, item_id uuid, change jsonb, version timestamp with time zone) TO authenticated;

CREATE FUNCTION private.publish_item(kind text, item_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_kind private.reviewable_kinds;
  v_change jsonb;
begin
  select * into v_kind from private.reviewable_kinds as k where k.kind = publish_item.kind;
  -- The pending change becomes the item, which goes live (a post scheduled ahead stays scheduled).
  select d.change into v_change from public.content_drafts as d where d.kind = publish_item.kind and d.id = item_id;
  v_change := coalesce(v_change, '{}'::jsonb)
           || case when v_kind.live_column is null then '{}'::jsonb else pg_catalog.jsonb_build_object(v_kind.live_column, true) end;
  if v_change <> '{}'::jsonb then
    perform private.apply_change(v_kind.table_name, item_id, v_change);
  end if;
  delete from public.content_drafts as d where d.kind = publish_item.kind and d.id = item_id;
end;
$$;

COMMENT ON FUNCTION private.publish_item(kind text, item_id uuid) IS 'Applies an item''s pending change to its row, sets its live column, and removes the change: one update, so one version and one activity entry.';

REVOKE ALL ON FUNCTION private.publish_item(kind text, item_id uuid) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.items_showing_files(object_names text[]) RETURNS TABLE(kind text, item_id uuid, live boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_kind private.reviewable_kinds;
begin
  -- live: the item's own row shows one of the files to visitors (or is scheduled to); otherwise
  -- only its pending change shows one. A plain text search narrows the rows the URLs are read from.
  for v_kind in select * from private.reviewable_kinds as k order by k.kind loop
    return query execute pg_catalog.format($q$
      select %1$L::text, t.id,
             private.is_live(%1$L, t.item)
             and exists (select 1 from private.media_objects_in(private.visible_content(%1$L, t.item)::text) as n (name)
                          where n.name = any ($1))
        from (select r.id, pg_catalog.to_jsonb(r) as item, d.change from public.%2$I as r
                left join public.content_drafts as d on d.kind = %1$L and d.id = r.id) as t
       where exists (select 1 from unnest($1) as n (name)
                      where strpos(concat_ws(' ', t.item::text, t.change::text), n.name) > 0)
         and private.kind_of(%2$L, t.item) = %1$L
         and exists (select 1 from private.media_objects_in(concat_ws(' ', private.visible_content(%1$L, t.item)::text, t.change::text)) as n (name)
                      where n.name = any ($1))$q$, v_kind.kind, v_kind.table_name)
      using object_names;
  end loop;
end;
$_$;

COMMENT ON FUNCTION private.items_showing_files(object_names text[]) IS 'The items of every reviewable kind whose visitor-visible fields or pending change show one of the media files, and whether their live row shows it (live).';

REVOKE ALL ON FUNCTION private.items_showing_files(object_names text[]) FROM PUBLIC, anon, authenticated, service_role;
