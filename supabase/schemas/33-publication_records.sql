-- public.publication_records: what visitors could read on the live site, version by version, with
-- who made each change and who approved it. The database appends a record whenever the visible
-- state of an item of a reviewable kind (private.reviewable_kinds: the same columns and files the
-- sign-off fingerprint covers) changes, whatever made it: an edit, an approval, a release, a
-- roll-back, a restored version, or time itself (a scheduled post's minute, a job opening's closing
-- time, recorded by the scheduler). Records are never changed: each holds the sha256 of its own
-- canonical JSON, which includes the previous record's hash, so an edit or a removal breaks the
-- chain at that point (verify_publication_record()). Records are kept for the years the setting
-- staff_publication_record_years says (5 by default), apart from the history's retention; the files
-- they name are copied to the private bucket publication-archive and kept as long.

CREATE TABLE public.publication_records (
    seq bigint NOT NULL,
    kind text NOT NULL,
    table_name text NOT NULL,
    item_id uuid NOT NULL,
    title text,
    event text NOT NULL,
    via text NOT NULL,
    live_from timestamp with time zone NOT NULL,
    replaces bigint,
    content jsonb,
    placement jsonb,
    files jsonb DEFAULT '{}'::jsonb NOT NULL,
    fingerprint text,
    approval jsonb,
    approval_required boolean NOT NULL,
    release_id uuid,
    changed_by uuid,
    changed_by_name text,
    published_by uuid,
    published_by_name text,
    published_by_role text NOT NULL,
    recorded_at timestamp with time zone NOT NULL,
    prev_hash text NOT NULL,
    hash text NOT NULL,
    CONSTRAINT publication_records_event_check CHECK ((event = ANY (ARRAY['published'::text, 'changed'::text, 'withdrawn'::text]))),
    CONSTRAINT publication_records_via_check CHECK ((via = ANY (ARRAY['edit'::text, 'approval'::text, 'release'::text, 'rollback'::text, 'restore'::text, 'schedule'::text, 'baseline'::text]))),
    CONSTRAINT publication_records_content_check CHECK (((event = 'withdrawn'::text) = (content IS NULL))),
    CONSTRAINT publication_records_files_check CHECK ((jsonb_typeof(files) = 'object'::text)),
    CONSTRAINT publication_records_hash_check CHECK (((hash ~ '^[0-9a-f]{64}$'::text) AND (prev_hash ~ '^[0-9a-f]{64}$'::text)))
);

ALTER TABLE public.publication_records ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.publication_records_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

COMMENT ON TABLE public.publication_records IS 'The publication record: one row per change of what visitors could read (an item of a reviewable kind published, changed or withdrawn), appended by the database and never changed. A record''s version stays live until the next record of the same item (kind, item_id). Read by admins and content.approve holders; nobody writes it.';

COMMENT ON COLUMN public.publication_records.seq IS 'The record''s place in the chain: records are appended one at a time, in this order.';

COMMENT ON COLUMN public.publication_records.event IS 'published: the item became visible; changed: a visible version replaced another; withdrawn: visitors no longer see it (unpublished, closed, deleted, or scheduled ahead again).';

COMMENT ON COLUMN public.publication_records.via IS 'What made the change: edit (a save), approval (a reviewer''s approval applied it), release, rollback (of a release), restore (of an earlier version), schedule (its time came: a scheduled post going live, a job opening closing), baseline (live when the record began).';

COMMENT ON COLUMN public.publication_records.live_from IS 'When this version went live (for a withdrawal: when the item stopped being live). The version stops being live at the live_from of the next record of the same item; that record names it in replaces.';

COMMENT ON COLUMN public.publication_records.replaces IS 'The seq of the item''s record this one ended (the version live until now); null when nothing of the item was live.';

COMMENT ON COLUMN public.publication_records.content IS 'The visitor-visible fields (the kind''s visible_columns in the registry, what the sign-off fingerprint covers); null for a withdrawal.';

COMMENT ON COLUMN public.publication_records.placement IS 'Where and when the item shows among others, which the fingerprint leaves out: its created_at, publish_at and order_index, as its table has them.';

COMMENT ON COLUMN public.publication_records.files IS 'The stored media files the content shows: {object name: content hash (ETag)} when the version went live; each is kept in the publication-archive bucket while the record is kept.';

COMMENT ON COLUMN public.publication_records.approval IS 'The approval of exactly this version, when one exists: {review, reviewer, reviewer_name, approved_at, fingerprint, note, release, release_name}.';

COMMENT ON COLUMN public.publication_records.approval_required IS 'Whether sign-off (content_requires_approval) was on when the version went live.';

COMMENT ON COLUMN public.publication_records.changed_by IS 'Who wrote this version (the last editor of the change that went live); no foreign key, so the record outlives the account; changed_by_name is their name or e-mail then.';

COMMENT ON COLUMN public.publication_records.published_by IS 'Who made it live (the editor, the reviewer whose approval applied it, whoever published the release); null for the scheduler or a script, which published_by_role names.';

COMMENT ON COLUMN public.publication_records.hash IS 'sha256 (hex) of the record''s canonical JSON (private.publication_record_json: every column but hash, times in UTC), which holds prev_hash.';

COMMENT ON COLUMN public.publication_records.prev_hash IS 'The hash of the record before it in the chain (64 zeros for the first record ever).';

ALTER TABLE ONLY public.publication_records
    ADD CONSTRAINT publication_records_pkey PRIMARY KEY (seq);

ALTER TABLE ONLY public.publication_records
    ADD CONSTRAINT publication_records_hash_key UNIQUE (hash);

CREATE INDEX publication_records_item_idx ON public.publication_records USING btree (kind, item_id, seq DESC);

CREATE INDEX publication_records_table_idx ON public.publication_records USING btree (table_name, kind, item_id, live_from DESC, seq DESC);

CREATE INDEX publication_records_live_from_idx ON public.publication_records USING btree (live_from);

ALTER TABLE public.publication_records ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.publication_records FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.publication_records TO authenticated;
GRANT SELECT ON TABLE public.publication_records TO service_role;

CREATE POLICY "Reviewers and admins read the publication record" ON public.publication_records
    FOR SELECT TO authenticated
    USING ((select public.has_permission('content.approve')));

CREATE POLICY "Two-factor for reading the publication record" ON public.publication_records
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

-- private.publication_record_state: one row, the chain's bookkeeping -----------------------------------

CREATE TABLE private.publication_record_state (
    id boolean DEFAULT true NOT NULL,
    cut_seq bigint,
    cut_hash text,
    scheduled_through timestamp with time zone,
    checked_at timestamp with time zone,
    last_check jsonb,
    CONSTRAINT publication_record_state_id_check CHECK (id)
);

COMMENT ON TABLE private.publication_record_state IS 'One row: the last record retention removed (cut_seq, cut_hash: the oldest kept record names it as prev_hash), how far the scheduler has recorded what time changes (scheduled_through), and the last daily verification (checked_at, last_check).';

ALTER TABLE ONLY private.publication_record_state
    ADD CONSTRAINT publication_record_state_pkey PRIMARY KEY (id);

ALTER TABLE private.publication_record_state ENABLE ROW LEVEL SECURITY;

INSERT INTO private.publication_record_state DEFAULT VALUES;

-- private.publication_files: the stored files records name, and their archived copies ------------------

CREATE TABLE private.publication_files (
    object_name text NOT NULL,
    content_hash text NOT NULL,
    first_recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    archived_path text,
    archived_at timestamp with time zone,
    CONSTRAINT publication_files_archived CHECK (((archived_path IS NULL) = (archived_at IS NULL)))
);

COMMENT ON TABLE private.publication_files IS 'Every media file (name and content hash) a publication record names; archived_path is its copy in the private publication-archive bucket, made by the web server (publication_files_to_archive(), then publication_file_archived()) and removed once no kept record names it.';

ALTER TABLE ONLY private.publication_files
    ADD CONSTRAINT publication_files_pkey PRIMARY KEY (object_name, content_hash);

CREATE INDEX publication_files_waiting_idx ON private.publication_files USING btree (first_recorded_at) WHERE (archived_path IS NULL);

ALTER TABLE private.publication_files ENABLE ROW LEVEL SECURITY;

-- What a record holds ------------------------------------------------------------------------------------

CREATE FUNCTION private.utc_text(moment timestamp with time zone) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.to_char(moment at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;

COMMENT ON FUNCTION private.utc_text(moment timestamp with time zone) IS 'A time as ISO 8601 text in UTC with microseconds, the same whatever the session''s time zone.';

REVOKE ALL ON FUNCTION private.utc_text(moment timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.publication_record_json(r public.publication_records) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The columns are named one by one, so a column added later does not change older records' text.
  select pg_catalog.jsonb_build_object(
    'seq', r.seq, 'kind', r.kind, 'table_name', r.table_name, 'item_id', r.item_id, 'title', r.title,
    'event', r.event, 'via', r.via, 'live_from', private.utc_text(r.live_from), 'replaces', r.replaces,
    'content', r.content, 'placement', r.placement, 'files', r.files, 'fingerprint', r.fingerprint,
    'approval', r.approval, 'approval_required', r.approval_required, 'release_id', r.release_id,
    'changed_by', r.changed_by, 'changed_by_name', r.changed_by_name,
    'published_by', r.published_by, 'published_by_name', r.published_by_name, 'published_by_role', r.published_by_role,
    'recorded_at', private.utc_text(r.recorded_at), 'prev_hash', r.prev_hash)
$$;

COMMENT ON FUNCTION private.publication_record_json(r public.publication_records) IS 'A record''s canonical JSON: every column but hash, times as UTC text. Its text (jsonb''s fixed key order and spacing) is what the hash covers.';

REVOKE ALL ON FUNCTION private.publication_record_json(r public.publication_records) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.publication_record_hash(r public.publication_records) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(private.publication_record_json(r)::text, 'UTF8')), 'hex')
$$;

COMMENT ON FUNCTION private.publication_record_hash(r public.publication_records) IS 'sha256 (hex) of the UTF-8 text of a record''s canonical JSON.';

REVOKE ALL ON FUNCTION private.publication_record_hash(r public.publication_records) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.live_window(item jsonb) RETURNS tstzrange
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- A row that has a publish_at shows from then; one that has a closes_at, until then (the read
  -- policies of posts and job openings say the same).
  select pg_catalog.tstzrange((item ->> 'publish_at')::timestamptz, (item ->> 'closes_at')::timestamptz, '[)')
$$;

COMMENT ON FUNCTION private.live_window(item jsonb) IS 'The time a live row shows to visitors: from its publish_at, until its closes_at (either unbounded when the row has none).';

REVOKE ALL ON FUNCTION private.live_window(item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.placement_of(kind text, item jsonb) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- What is left of the row once its visible fields, its live column and the save's own bookkeeping
  -- are taken out: the order and dates that place it (a catalogue test keeps every other column out).
  select item - k.visible_columns - coalesce(k.live_column, '') - array['id', 'updated_at', 'updated_by', 'created_by']
    from private.reviewable_kinds as k where k.kind = placement_of.kind
$$;

COMMENT ON FUNCTION private.placement_of(kind text, item jsonb) IS 'The columns of a row that place it on the page without being its content: created_at, publish_at, order_index, as its table has them.';

REVOKE ALL ON FUNCTION private.placement_of(kind text, item jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.approval_of(kind text, item_id uuid, fingerprint text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- An approval of this exact version, on its own or as an item of a release; a later change may
  -- have withdrawn it since (state withdrawn with a decision), which does not undo that it was given.
  select pg_catalog.jsonb_build_object(
           'review', r.id, 'reviewer', r.decided_by, 'reviewer_name', r.decided_by_name,
           'approved_at', private.utc_text(r.decided_at), 'fingerprint', r.fingerprint, 'note', r.decision_note,
           'release', case when r.kind = 'release' then r.item_id end,
           'release_name', case when r.kind = 'release' then r.title end)
    from public.content_reviews as r
   where r.decided_at is not null and r.state in ('approved', 'withdrawn')
     and ((r.kind = approval_of.kind and r.item_id = approval_of.item_id and r.fingerprint = approval_of.fingerprint)
          or (r.kind = 'release' and r.content -> 'items' @> pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object(
                'kind', approval_of.kind, 'id', approval_of.item_id, 'fingerprint', approval_of.fingerprint))))
   order by r.decided_at desc, r.id
   limit 1
$$;

COMMENT ON FUNCTION private.approval_of(kind text, item_id uuid, fingerprint text) IS 'The latest approval of exactly this version of an item (its fingerprint), by review of the item or of a release holding it, as the record keeps it; null when none was given.';

REVOKE ALL ON FUNCTION private.approval_of(kind text, item_id uuid, fingerprint text) FROM PUBLIC, anon, authenticated, service_role;

-- Appending ----------------------------------------------------------------------------------------------

CREATE FUNCTION private.append_publication_record(kind text, item_id uuid, item jsonb, by_time boolean, via text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_now timestamptz := private.clock();
  v_window tstzrange := private.live_window(item);
  v_visible boolean := item is not null and private.is_live(kind, item) and v_window @> v_now;
  v_last public.publication_records;
  v_content jsonb;
  v_placement jsonb;
  v_files jsonb;
  v_fingerprint text;
  v_via text := via;
  v_release uuid;
  v_release_state text;
  v_live_from timestamptz := v_now;
  v_changed_by uuid;
  v_actor record;
begin
  -- One chain: appends wait for each other, so seq, prev_hash and commit order agree.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.publication_records'));
  select * into v_last from public.publication_records as r
   where r.kind = append_publication_record.kind and r.item_id = append_publication_record.item_id
   order by r.seq desc limit 1;
  if v_visible then
    v_content := private.visible_content(kind, item);
    v_placement := private.placement_of(kind, item);
    v_files := private.content_files(v_content);
    if v_last.seq is not null and v_last.event <> 'withdrawn' and v_last.content = v_content
       and v_last.placement is not distinct from v_placement and v_last.files = v_files then
      return;
    end if;
    v_fingerprint := private.content_fingerprint(kind, item);
  elsif v_last.seq is null or v_last.event = 'withdrawn' then
    return;
  end if;

  -- Time made the change: it happened when the window opened or closed, not when it was noticed.
  if by_time then
    v_live_from := case when v_visible then coalesce(lower(v_window), v_now) else coalesce(upper(v_window), v_now) end;
    v_live_from := least(greatest(v_live_from, v_last.live_from), v_now);
  end if;

  -- A release being published or rolled back in this transaction holds the item.
  select l.id, l.state into v_release, v_release_state
    from public.release_items as i join public.releases as l on l.id = i.release_id
   where i.kind = append_publication_record.kind and i.item_id = append_publication_record.item_id
     and (l.state = 'rolling_back' or (l.state = 'published' and l.published_at = v_now))
   order by l.state = 'rolling_back' desc limit 1;
  v_via := coalesce(v_via,
    case v_release_state when 'rolling_back' then 'rollback' when 'published' then 'release' end,
    case when v_fingerprint is not null and exists (
           select 1 from public.content_reviews as r
            where r.kind = append_publication_record.kind and r.item_id = append_publication_record.item_id
              and r.state = 'approved' and r.decided_at = pg_catalog.now() and r.fingerprint = v_fingerprint) then 'approval' end,
    case when pg_catalog.current_setting('history.action', true) = 'restored' then 'restore' end,
    'edit');

  -- The author of what went live: the pending change's editor while it is being applied, else the row's.
  v_changed_by := case when item is not null then coalesce(private.content_last_changer(kind, item_id), (item ->> 'updated_by')::uuid) end;
  select * into v_actor from private.current_actor();

  perform pg_catalog.set_config('publication_record.appending', 'on', true);
  insert into public.publication_records (
    kind, table_name, item_id, title, event, via, live_from, replaces, content, placement, files, fingerprint,
    approval, approval_required, release_id, changed_by, changed_by_name, published_by, published_by_name,
    published_by_role, recorded_at, prev_hash, hash)
  values (
    kind, (select k.table_name from private.reviewable_kinds as k where k.kind = append_publication_record.kind), item_id,
    case when v_visible then private.item_title(kind, item) else v_last.title end,
    case when not v_visible then 'withdrawn' when v_last.seq is null or v_last.event = 'withdrawn' then 'published' else 'changed' end,
    v_via, v_live_from,
    case when v_last.event <> 'withdrawn' then v_last.seq end,
    v_content, case when v_visible then v_placement end, coalesce(v_files, '{}'::jsonb), v_fingerprint,
    case when v_visible then private.approval_of(kind, item_id, v_fingerprint) end,
    private.content_requires_approval(), v_release,
    v_changed_by,
    (select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), u.email::text)
       from auth.users as u where u.id = v_changed_by),
    v_actor.actor_id, v_actor.actor_name, v_actor.actor_role,
    v_now, '', '');
  perform pg_catalog.set_config('publication_record.appending', '', true);

  if v_files is not null then
    insert into private.publication_files (object_name, content_hash)
    select f.key, f.value #>> '{}' from pg_catalog.jsonb_each(v_files) as f where pg_catalog.jsonb_typeof(f.value) = 'string'
    on conflict do nothing;
  end if;
end;
$$;

COMMENT ON FUNCTION private.append_publication_record(kind text, item_id uuid, item jsonb, by_time boolean, via text) IS 'Appends a record when the item''s visible state now (the row as JSON, null when deleted) differs from its last record: published, changed or withdrawn, with its content, placement, files, approval, authors and what made it (via: given, or read from the transaction: a release, a roll-back, an approval, a restore, else an edit). by_time: the change came with time, so it dates from the row''s publish_at or closes_at.';

REVOKE ALL ON FUNCTION private.append_publication_record(kind text, item_id uuid, item jsonb, by_time boolean, via text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.record_publication() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end;
  v_old_kind text := case when v_old is not null then private.kind_of(tg_table_name, v_old) end;
  v_new_kind text := case when v_new is not null then private.kind_of(tg_table_name, v_new) end;
begin
  if v_old_kind is null and v_new_kind is null then
    return null;
  end if;
  -- What time did to the version before this write (a scheduled post that went live, a job opening
  -- that closed) is recorded first, if the scheduler has not yet done so.
  if v_old_kind is not null then
    perform private.append_publication_record(v_old_kind, (v_old ->> 'id')::uuid, v_old, true, 'schedule');
  end if;
  -- A row that stops being of a kind (a setting renamed into the back office) leaves it.
  if v_old_kind is not null and v_old_kind is distinct from v_new_kind then
    perform private.append_publication_record(v_old_kind, (v_old ->> 'id')::uuid, null, false);
  end if;
  if v_new_kind is not null then
    perform private.append_publication_record(v_new_kind, (v_new ->> 'id')::uuid, v_new, false);
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.record_publication() IS 'AFTER INSERT/UPDATE/DELETE on every table of a reviewable kind: appends the publication record of the change visitors now see, if any (after catching up on what time changed before it).';

REVOKE ALL ON FUNCTION private.record_publication() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.record_scheduled_publications() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_now timestamptz := private.clock();
  v_since timestamptz;
  v_table text;
  v_item jsonb;
  v_kind text;
  v_count integer := 0;
begin
  select s.scheduled_through into v_since from private.publication_record_state as s for update;
  -- Every table of a reviewable kind whose rows have a window in time: the rows whose window opened
  -- or closed since the last run changed what visitors see without a write.
  for v_table in
    select distinct k.table_name from private.reviewable_kinds as k
     where exists (select 1 from pg_catalog.pg_attribute as a
                    where a.attrelid = pg_catalog.format('public.%I', k.table_name)::pg_catalog.regclass
                      and a.attname in ('publish_at', 'closes_at') and not a.attisdropped)
     order by 1
  loop
    for v_item in execute pg_catalog.format(
      'select pg_catalog.to_jsonb(t) from public.%I as t where %s',
      v_table,
      (select string_agg(pg_catalog.format('(t.%1$I <= $2 and ($1 is null or t.%1$I > $1))', a.attname), ' or ')
         from pg_catalog.pg_attribute as a
        where a.attrelid = pg_catalog.format('public.%I', v_table)::pg_catalog.regclass
          and a.attname in ('publish_at', 'closes_at') and not a.attisdropped))
      using v_since, v_now
    loop
      v_kind := private.kind_of(v_table, v_item);
      if v_kind is not null then
        perform private.append_publication_record(v_kind, (v_item ->> 'id')::uuid, v_item, true, 'schedule');
        v_count := v_count + 1;
      end if;
    end loop;
  end loop;
  update private.publication_record_state as s set scheduled_through = greatest(v_now, s.scheduled_through);
  return v_count;
end;
$_$;

COMMENT ON FUNCTION private.record_scheduled_publications() IS 'Records what time changed since the last run (a scheduled post whose publish_at came, a job opening whose closes_at passed), dated at that minute; returns how many rows it looked at. Run by the scheduler: every few seconds and when the test clock moves on the local backend, each minute by pg_cron on a hosted project.';

REVOKE ALL ON FUNCTION private.record_scheduled_publications() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.record_scheduled_publications() TO service_role;

CREATE FUNCTION private.record_baseline() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_kind private.reviewable_kinds;
  v_item jsonb;
  v_count integer := 0;
begin
  for v_kind in select * from private.reviewable_kinds as k order by k.kind loop
    for v_item in execute pg_catalog.format('select pg_catalog.to_jsonb(t) from public.%I as t order by t.id', v_kind.table_name) loop
      if private.kind_of(v_kind.table_name, v_item) = v_kind.kind then
        perform private.append_publication_record(v_kind.kind, (v_item ->> 'id')::uuid, v_item, false, 'baseline');
        v_count := v_count + 1;
      end if;
    end loop;
  end loop;
  update private.publication_record_state set scheduled_through = coalesce(scheduled_through, private.clock());
  return v_count;
end;
$$;

COMMENT ON FUNCTION private.record_baseline() IS 'Records every item visitors see now that has no record yet (via baseline): where the record begins on a site that already had content.';

REVOKE ALL ON FUNCTION private.record_baseline() FROM PUBLIC, anon, authenticated, service_role;

-- Immutability -------------------------------------------------------------------------------------------

CREATE FUNCTION private.chain_publication_record() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if pg_catalog.current_setting('publication_record.appending', true) is distinct from 'on' then
    raise exception using errcode = '42501', message = 'The publication record is written only by the database, as visitors'' content changes.';
  end if;
  new.prev_hash := coalesce(
    (select r.hash from public.publication_records as r order by r.seq desc limit 1),
    (select s.cut_hash from private.publication_record_state as s),
    pg_catalog.repeat('0', 64));
  new.hash := private.publication_record_hash(new);
  return new;
end;
$$;

COMMENT ON FUNCTION private.chain_publication_record() IS 'BEFORE INSERT on publication_records: only append_publication_record() adds records (42501 otherwise); links the record to the last one (prev_hash) and seals it (hash).';

REVOKE ALL ON FUNCTION private.chain_publication_record() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.publication_record_years() RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select coalesce((select s.value::integer from public.site_settings as s
                    where s.key = 'staff_publication_record_years' and s.value ~ '^[0-9]{1,3}$'), 5)
$_$;

COMMENT ON FUNCTION private.publication_record_years() IS 'How many years a version is kept after it stopped being live: the setting staff_publication_record_years, 5 when unset.';

REVOKE ALL ON FUNCTION private.publication_record_years() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.publication_record_expired(seq bigint) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- Only the oldest record goes, so the chain stays whole from the first kept record on; and only
  -- once its version stopped being live (a later record of the item) longer ago than the period.
  select r.seq = (select min(o.seq) from public.publication_records as o)
     and coalesce((case when r.event = 'withdrawn' then r.live_from
               else (select min(n.live_from) from public.publication_records as n
                      where n.kind = r.kind and n.item_id = r.item_id and n.seq > r.seq) end)
         < private.clock() - pg_catalog.make_interval(years => private.publication_record_years()), false)
    from public.publication_records as r where r.seq = publication_record_expired.seq
$$;

COMMENT ON FUNCTION private.publication_record_expired(seq bigint) IS 'True when a record may be removed: it is the oldest kept, and its version stopped being live more than staff_publication_record_years ago.';

REVOKE ALL ON FUNCTION private.publication_record_expired(seq bigint) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.refuse_publication_record_rewrite() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'DELETE' and coalesce(private.publication_record_expired(old.seq), false) then
    update private.publication_record_state set cut_seq = old.seq, cut_hash = old.hash;
    return old;
  end if;
  raise exception using errcode = '42501', message = 'The publication record cannot be changed.';
end;
$$;

COMMENT ON FUNCTION private.refuse_publication_record_rewrite() IS 'BEFORE UPDATE/DELETE/TRUNCATE on publication_records: refuses every change, for the owner too, except removing the oldest record once its retention period is over (which notes its hash as the chain''s new anchor).';

REVOKE ALL ON FUNCTION private.refuse_publication_record_rewrite() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.apply_publication_record_retention() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_seq bigint;
  v_removed integer := 0;
begin
  loop
    select min(r.seq) into v_seq from public.publication_records as r;
    exit when v_seq is null or not private.publication_record_expired(v_seq);
    delete from public.publication_records as r where r.seq = v_seq;
    v_removed := v_removed + 1;
  end loop;
  return v_removed;
end;
$$;

COMMENT ON FUNCTION private.apply_publication_record_retention() IS 'Removes, oldest first, the records whose version stopped being live more than staff_publication_record_years ago (default 5), stopping at the first that must stay; returns how many went. Their archived files are removed by the web server once no record names them. Run daily.';

REVOKE ALL ON FUNCTION private.apply_publication_record_retention() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.apply_publication_record_retention() TO service_role;

-- Verification -------------------------------------------------------------------------------------------

CREATE FUNCTION private.check_publication_chain(OUT intact boolean, OUT checked bigint, OUT first_broken bigint, OUT reason text, OUT head_hash text) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_record public.publication_records;
  v_expected text := coalesce((select s.cut_hash from private.publication_record_state as s), pg_catalog.repeat('0', 64));
begin
  intact := true;
  checked := 0;
  for v_record in select * from public.publication_records as r order by r.seq loop
    checked := checked + 1;
    if v_record.prev_hash is distinct from v_expected then
      intact := false;
      first_broken := v_record.seq;
      reason := 'Its previous hash is not the hash of the record before it: a record before it was changed or removed.';
      exit;
    end if;
    if private.publication_record_hash(v_record) is distinct from v_record.hash then
      intact := false;
      first_broken := v_record.seq;
      reason := 'Its values do not match its hash: the record was changed.';
      exit;
    end if;
    v_expected := v_record.hash;
  end loop;
  head_hash := v_expected;
end;
$$;

COMMENT ON FUNCTION private.check_publication_chain(OUT intact boolean, OUT checked bigint, OUT first_broken bigint, OUT reason text, OUT head_hash text) IS 'Walks the chain from the oldest kept record: the first record whose prev_hash is not its predecessor''s hash (or the retention anchor), or whose values do not hash to its hash; head_hash is the last good hash.';

REVOKE ALL ON FUNCTION private.check_publication_chain(OUT intact boolean, OUT checked bigint, OUT first_broken bigint, OUT reason text, OUT head_hash text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.verify_publication_record() RETURNS TABLE(intact boolean, checked bigint, first_broken bigint, reason text, head_hash text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_required_aal() or not public.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins can verify the publication record.',
      hint = 'The last daily check is on the dashboard.';
  end if;
  return query select c.intact, c.checked, c.first_broken, c.reason, c.head_hash from private.check_publication_chain() as c;
end;
$$;

COMMENT ON FUNCTION public.verify_publication_record() IS 'Walks the publication record''s hash chain and answers whether it is intact, how many records it checked, the first broken record (its seq) and why, and the hash of the last record it could trust. Admins only.';

REVOKE ALL ON FUNCTION public.verify_publication_record() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.verify_publication_record() TO authenticated;

CREATE FUNCTION private.run_publication_record_checks() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_removed integer := private.apply_publication_record_retention();
  v_check record;
  v_result jsonb;
begin
  select * into v_check from private.check_publication_chain();
  v_result := pg_catalog.jsonb_build_object('intact', v_check.intact, 'checked', v_check.checked,
    'first_broken', v_check.first_broken, 'reason', v_check.reason, 'head_hash', v_check.head_hash, 'removed', v_removed);
  update private.publication_record_state set checked_at = private.clock(), last_check = v_result;
  perform private.write_activity('verified', 'content', 'publication_records', v_check.first_broken::text,
    case when v_check.intact then pg_catalog.format('Publication record intact (%s records)', v_check.checked)
         else pg_catalog.format('Publication record broken at record %s', v_check.first_broken) end,
    v_result);
  return v_result;
end;
$$;

COMMENT ON FUNCTION private.run_publication_record_checks() IS 'The daily run: applies the record''s retention, verifies the chain, keeps the result for the dashboard and logs it in the activity log (action verified).';

REVOKE ALL ON FUNCTION private.run_publication_record_checks() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.run_publication_record_checks() TO service_role;

CREATE FUNCTION public.publication_record_health() RETURNS TABLE(checked_at timestamp with time zone, intact boolean, checked bigint, first_broken bigint, reason text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_record_reader();
  return query
    select s.checked_at, (s.last_check ->> 'intact')::boolean, (s.last_check ->> 'checked')::bigint,
           (s.last_check ->> 'first_broken')::bigint, s.last_check ->> 'reason'
      from private.publication_record_state as s;
end;
$$;

COMMENT ON FUNCTION public.publication_record_health() IS 'The last daily verification of the publication record (when, whether intact, the first broken record and why), for the dashboard. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.publication_record_health() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publication_record_health() TO authenticated;

-- The site as of a moment ----------------------------------------------------------------------------------

CREATE FUNCTION private.require_record_reader() RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not public.has_required_aal() or not public.has_permission('content.approve') then
    raise exception using errcode = '42501', message = 'Only reviewers and admins can read the publication record.',
      hint = 'Reviewers hold the Compliance role; an admin can give it.';
  end if;
end;
$$;

COMMENT ON FUNCTION private.require_record_reader() IS 'Refuses (42501) a caller who may not read the publication record: content.approve at the assurance level the account needs.';

REVOKE ALL ON FUNCTION private.require_record_reader() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.publication_snapshot(as_of timestamp with time zone) RETURNS SETOF public.publication_records
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_record_reader();
  return query
    select v.* from (
      select distinct on (r.kind, r.item_id) r.*
        from public.publication_records as r
       where r.live_from <= as_of
       order by r.kind, r.item_id, r.live_from desc, r.seq desc) as v
     where v.event <> 'withdrawn'
     order by v.seq;
end;
$$;

COMMENT ON FUNCTION public.publication_snapshot(as_of timestamp with time zone) IS 'The record of every item visitors could see at a moment: for each item, its latest record live by then, unless that withdrew it. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.publication_snapshot(as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publication_snapshot(as_of timestamp with time zone) TO authenticated;

CREATE FUNCTION private.archived_rows(table_name text, as_of timestamp with time zone) RETURNS SETOF jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_record_reader();
  -- The row as visitors read it: its recorded fields and placement, live, last changed when it went live.
  return query
    select s.content || coalesce(s.placement, '{}'::jsonb)
           || pg_catalog.jsonb_build_object('id', s.item_id, 'updated_at', s.live_from, 'created_at', coalesce(s.placement -> 'created_at', pg_catalog.to_jsonb(s.live_from)))
           || case when k.live_column is null then '{}'::jsonb else pg_catalog.jsonb_build_object(k.live_column, true) end
      from public.publication_snapshot(as_of) as s
      left join private.reviewable_kinds as k on k.kind = s.kind
     where s.table_name = archived_rows.table_name;
end;
$$;

COMMENT ON FUNCTION private.archived_rows(table_name text, as_of timestamp with time zone) IS 'The rows of a table visitors could read at a moment, rebuilt from the publication record (JSON): recorded content and placement, the live column true, updated_at the time the version went live. Reviewers and admins.';

REVOKE ALL ON FUNCTION private.archived_rows(table_name text, as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;

-- One per table of a reviewable kind: the public pages' own queries (select, filters, order, limit)
-- run on these unchanged, through the REST API, when they render the site as of a moment.

CREATE FUNCTION public.archived_blog_posts(as_of timestamp with time zone) RETURNS SETOF public.blog_posts
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (pg_catalog.jsonb_populate_record(null::public.blog_posts, r)).* from private.archived_rows('blog_posts', as_of) as r
$$;

COMMENT ON FUNCTION public.archived_blog_posts(as_of timestamp with time zone) IS 'The blog posts visitors could read at a moment, from the publication record. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.archived_blog_posts(as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.archived_blog_posts(as_of timestamp with time zone) TO authenticated;

CREATE FUNCTION public.archived_solutions(as_of timestamp with time zone) RETURNS SETOF public.solutions
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (pg_catalog.jsonb_populate_record(null::public.solutions, r)).* from private.archived_rows('solutions', as_of) as r
$$;

COMMENT ON FUNCTION public.archived_solutions(as_of timestamp with time zone) IS 'The solutions visitors could read at a moment, from the publication record. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.archived_solutions(as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.archived_solutions(as_of timestamp with time zone) TO authenticated;

CREATE FUNCTION public.archived_website_content(as_of timestamp with time zone) RETURNS SETOF public.website_content
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (pg_catalog.jsonb_populate_record(null::public.website_content, r)).* from private.archived_rows('website_content', as_of) as r
$$;

COMMENT ON FUNCTION public.archived_website_content(as_of timestamp with time zone) IS 'The website copy and legal pages visitors could read at a moment, from the publication record. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.archived_website_content(as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.archived_website_content(as_of timestamp with time zone) TO authenticated;

CREATE FUNCTION public.archived_testimonials(as_of timestamp with time zone) RETURNS SETOF public.testimonials
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (pg_catalog.jsonb_populate_record(null::public.testimonials, r)).* from private.archived_rows('testimonials', as_of) as r
$$;

COMMENT ON FUNCTION public.archived_testimonials(as_of timestamp with time zone) IS 'The testimonials visitors could read at a moment, from the publication record. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.archived_testimonials(as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.archived_testimonials(as_of timestamp with time zone) TO authenticated;

CREATE FUNCTION public.archived_clients(as_of timestamp with time zone) RETURNS SETOF public.clients
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (pg_catalog.jsonb_populate_record(null::public.clients, r)).* from private.archived_rows('clients', as_of) as r
$$;

COMMENT ON FUNCTION public.archived_clients(as_of timestamp with time zone) IS 'The clients visitors could see at a moment, from the publication record. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.archived_clients(as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.archived_clients(as_of timestamp with time zone) TO authenticated;

CREATE FUNCTION public.archived_team_members(as_of timestamp with time zone) RETURNS SETOF public.team_members
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (pg_catalog.jsonb_populate_record(null::public.team_members, r)).* from private.archived_rows('team_members', as_of) as r
$$;

COMMENT ON FUNCTION public.archived_team_members(as_of timestamp with time zone) IS 'The team members visitors could see at a moment, from the publication record. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.archived_team_members(as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.archived_team_members(as_of timestamp with time zone) TO authenticated;

CREATE FUNCTION public.archived_job_openings(as_of timestamp with time zone) RETURNS SETOF public.job_openings
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (pg_catalog.jsonb_populate_record(null::public.job_openings, r)).* from private.archived_rows('job_openings', as_of) as r
$$;

COMMENT ON FUNCTION public.archived_job_openings(as_of timestamp with time zone) IS 'The job openings visitors could see at a moment, from the publication record. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.archived_job_openings(as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.archived_job_openings(as_of timestamp with time zone) TO authenticated;

CREATE FUNCTION public.archived_site_settings(as_of timestamp with time zone) RETURNS SETOF public.site_settings
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (pg_catalog.jsonb_populate_record(null::public.site_settings, r)).* from private.archived_rows('site_settings', as_of) as r
$$;

COMMENT ON FUNCTION public.archived_site_settings(as_of timestamp with time zone) IS 'The site settings visitors could see at a moment, from the publication record. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.archived_site_settings(as_of timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.archived_site_settings(as_of timestamp with time zone) TO authenticated;

CREATE FUNCTION public.publication_changes(since timestamp with time zone, until timestamp with time zone) RETURNS TABLE(kind text, item_id uuid, title text, before_seq bigint, before_content jsonb, before_live_from timestamp with time zone, after_seq bigint, after_event text, after_content jsonb, after_live_from timestamp with time zone, versions bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_record_reader();
  -- Each item with a record between the two moments, as it was live at the first and at the second.
  return query
    with changed as (
      select r.kind, r.item_id, count(*) as versions
        from public.publication_records as r
       where r.live_from > since and r.live_from <= until
       group by r.kind, r.item_id),
    was as (select * from public.publication_snapshot(since)),
    now_live as (
      select distinct on (r.kind, r.item_id) r.*
        from public.publication_records as r
        join changed as c on c.kind = r.kind and c.item_id = r.item_id
       where r.live_from <= until
       order by r.kind, r.item_id, r.live_from desc, r.seq desc)
    select c.kind, c.item_id, coalesce(a.title, b.title), b.seq, b.content, b.live_from,
           a.seq, a.event, a.content, a.live_from, c.versions
      from changed as c
      join now_live as a on a.kind = c.kind and a.item_id = c.item_id
      left join was as b on b.kind = c.kind and b.item_id = c.item_id
     where a.content is distinct from b.content or a.event = 'withdrawn' or b.seq is null or a.placement is distinct from b.placement
     order by a.live_from, c.kind, c.item_id;
end;
$$;

COMMENT ON FUNCTION public.publication_changes(since timestamp with time zone, until timestamp with time zone) IS 'What changed for visitors between two moments: each item recorded in between, with its version live at the first moment (null when it was not live) and at the second (after_event withdrawn when it was gone), and how many versions it went through. Reviewers and admins.';

REVOKE ALL ON FUNCTION public.publication_changes(since timestamp with time zone, until timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publication_changes(since timestamp with time zone, until timestamp with time zone) TO authenticated;

CREATE FUNCTION public.publication_record_export(since timestamp with time zone, until timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_first bigint;
  v_last bigint;
  v_records jsonb;
  v_check record;
begin
  perform private.require_record_reader();
  if since is null or until is null or until < since then
    raise exception using errcode = '22023', message = 'Choose a start and an end, the end after the start.';
  end if;
  -- An unbroken run of the chain: from the oldest record live at the start to the last one live by
  -- the end, every record in between included, so its links can be checked on their own.
  select min(s.seq) into v_first from public.publication_snapshot(since) as s;
  select min(r.seq) into v_first from public.publication_records as r
   where r.seq >= coalesce(v_first, 0) and (v_first is not null or r.live_from > since);
  select max(r.seq) into v_last from public.publication_records as r where r.live_from <= until;
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'seq', r.seq, 'hash', r.hash, 'prev_hash', r.prev_hash,
           'canonical', private.publication_record_json(r)::text,
           'record', private.publication_record_json(r),
           'live_until', private.utc_text((select min(n.live_from) from public.publication_records as n
                                             where n.kind = r.kind and n.item_id = r.item_id and n.seq > r.seq)))
           order by r.seq), '[]'::jsonb)
    into v_records
    from public.publication_records as r where r.seq between v_first and v_last;
  select * into v_check from private.check_publication_chain();
  perform private.write_activity('exported', 'content', 'publication_records', null,
    pg_catalog.format('Publication record from %s to %s', private.utc_text(since), private.utc_text(until)),
    pg_catalog.jsonb_build_object('records', pg_catalog.jsonb_array_length(v_records), 'first', v_first, 'last', v_last));
  return pg_catalog.jsonb_build_object(
    'since', private.utc_text(since), 'until', private.utc_text(until),
    'records', v_records,
    'chain', pg_catalog.jsonb_build_object('intact', v_check.intact, 'checked', v_check.checked, 'first_broken', v_check.first_broken,
                                           'head_hash', v_check.head_hash,
                                           'anchor', (select s.cut_hash from private.publication_record_state as s)));
end;
$$;

COMMENT ON FUNCTION public.publication_record_export(since timestamp with time zone, until timestamp with time zone) IS 'The records an export of a period holds (an unbroken run of the chain covering every version live in it), each with its hash, previous hash, canonical text and the time it stopped being live, and the chain''s state; logs the export (action exported). Reviewers and admins.';

REVOKE ALL ON FUNCTION public.publication_record_export(since timestamp with time zone, until timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publication_record_export(since timestamp with time zone, until timestamp with time zone) TO authenticated;

-- The archived files -------------------------------------------------------------------------------------

CREATE FUNCTION private.archive_path(object_name text, content_hash text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- An ETag is quoted (and weak ones start W/): its hex digits name the copy's folder.
  select pg_catalog.regexp_replace(content_hash, '[^A-Za-z0-9_-]', '', 'g') || '/' || object_name
$$;

COMMENT ON FUNCTION private.archive_path(object_name text, content_hash text) IS 'Where a media file''s recorded bytes are kept in the publication-archive bucket: <content hash>/<name>.';

REVOKE ALL ON FUNCTION private.archive_path(object_name text, content_hash text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.publication_files_to_archive() RETURNS TABLE(object_name text, content_hash text, source_name text, archived_path text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- The bytes may since sit under another name (the library renamed the file): any media object
  -- with the same content hash will do.
  select f.object_name, f.content_hash, src.name, private.archive_path(f.object_name, f.content_hash)
    from private.publication_files as f
    cross join lateral (
      select o.name from storage.objects as o
       where o.bucket_id = 'media' and coalesce(o.metadata ->> 'eTag', o.version) = f.content_hash
       order by o.name = f.object_name desc, o.name limit 1) as src
   where f.archived_path is null
   order by f.first_recorded_at
   limit 200
$$;

COMMENT ON FUNCTION public.publication_files_to_archive() IS 'Media files records name that have no archived copy yet, with a stored object holding the same bytes to copy from and the path of the copy (at most 200). Service role: the web server''s archiving chore.';

REVOKE ALL ON FUNCTION public.publication_files_to_archive() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publication_files_to_archive() TO service_role;

CREATE FUNCTION public.publication_file_archived(object_name text, content_hash text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from storage.objects as o
                  where o.bucket_id = 'publication-archive' and o.name = private.archive_path(object_name, content_hash)) then
    raise exception using errcode = 'P0002', message = 'No archived copy is stored at that path.';
  end if;
  update private.publication_files as f
     set archived_path = private.archive_path(f.object_name, f.content_hash), archived_at = pg_catalog.now()
   where f.object_name = publication_file_archived.object_name and f.content_hash = publication_file_archived.content_hash;
end;
$$;

COMMENT ON FUNCTION public.publication_file_archived(object_name text, content_hash text) IS 'Notes that a recorded media file''s copy is stored in publication-archive (refused when it is not there). Service role.';

REVOKE ALL ON FUNCTION public.publication_file_archived(object_name text, content_hash text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publication_file_archived(object_name text, content_hash text) TO service_role;

CREATE FUNCTION private.file_is_recorded(object_name text, content_hash text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.publication_records as r
                  where r.files ->> file_is_recorded.object_name = file_is_recorded.content_hash)
$$;

COMMENT ON FUNCTION private.file_is_recorded(object_name text, content_hash text) IS 'True while a kept publication record names this file with these bytes.';

REVOKE ALL ON FUNCTION private.file_is_recorded(object_name text, content_hash text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.publication_files_to_remove() RETURNS TABLE(archived_path text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select f.archived_path from private.publication_files as f
   where f.archived_path is not null and not private.file_is_recorded(f.object_name, f.content_hash)
   order by f.archived_path
   limit 1000
$$;

COMMENT ON FUNCTION public.publication_files_to_remove() IS 'Archived copies no kept record names any more (their records passed retention), to remove through the Storage API. Service role.';

REVOKE ALL ON FUNCTION public.publication_files_to_remove() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publication_files_to_remove() TO service_role;

CREATE FUNCTION private.forget_unrecorded_file() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from private.publication_files as f
   where f.archived_path = old.name and not private.file_is_recorded(f.object_name, f.content_hash);
  return null;
end;
$$;

COMMENT ON FUNCTION private.forget_unrecorded_file() IS 'AFTER DELETE on storage.objects of publication-archive: the removed copy''s file is forgotten once no record names it.';

REVOKE ALL ON FUNCTION private.forget_unrecorded_file() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.guard_recorded_files() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_old storage.objects := case when tg_op <> 'INSERT' then old end;
  v_hash text := coalesce(v_old.metadata ->> 'eTag', v_old.version);
begin
  if v_old.bucket_id = 'publication-archive' then
    -- An archived copy stays while a record names it, whoever asks.
    if exists (select 1 from private.publication_files as f
                where f.archived_path = v_old.name and private.file_is_recorded(f.object_name, f.content_hash))
       and (tg_op = 'DELETE' or new.name is distinct from old.name or coalesce(new.metadata ->> 'eTag', new.version) is distinct from v_hash) then
      raise exception using errcode = '42501', message = 'This file is kept for the publication record.';
    end if;
  elsif v_old.bucket_id = 'media' and coalesce((select auth.role()), '') in ('anon', 'authenticated')
        and (tg_op = 'DELETE' or coalesce(new.metadata ->> 'eTag', new.version) is distinct from v_hash) then
    -- Bytes a record names leave the library only once they are copied to the archive.
    if exists (select 1 from private.publication_files as f
                where f.content_hash = v_hash and f.archived_path is null)
       and not exists (select 1 from storage.objects as o
                        where o.bucket_id = 'media' and o.id <> v_old.id and coalesce(o.metadata ->> 'eTag', o.version) = v_hash) then
      -- lock_not_available: Supabase Storage answers it as 423 ResourceLocked, so the media
      -- library can say the file is locked for now rather than that something failed.
      raise exception using
        errcode = '55P03',
        message = 'This file is on the publication record and is being archived: try again in a minute.';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

COMMENT ON FUNCTION private.guard_recorded_files() IS 'BEFORE UPDATE/DELETE on storage.objects: an archived copy a record names cannot be removed or replaced (42501); a media file whose recorded bytes have no archived copy yet (and no other copy in the library) cannot be removed or replaced by staff until the archiving chore has copied it (55P03, which Storage answers as 423 ResourceLocked).';

REVOKE ALL ON FUNCTION private.guard_recorded_files() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER objects_guard_recorded_files BEFORE DELETE OR UPDATE ON storage.objects FOR EACH ROW EXECUTE FUNCTION private.guard_recorded_files();

CREATE TRIGGER objects_forget_unrecorded_file AFTER DELETE ON storage.objects FOR EACH ROW WHEN ((old.bucket_id = 'publication-archive'::text)) EXECUTE FUNCTION private.forget_unrecorded_file();

INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types) VALUES
    ('publication-archive', 'publication-archive', false, 5242880, '{image/png,image/jpeg,image/gif,image/webp}');

-- The triggers --------------------------------------------------------------------------------------------

CREATE TRIGGER publication_records_chain BEFORE INSERT ON public.publication_records FOR EACH ROW EXECUTE FUNCTION private.chain_publication_record();

CREATE TRIGGER publication_records_immutable BEFORE DELETE OR UPDATE ON public.publication_records FOR EACH ROW EXECUTE FUNCTION private.refuse_publication_record_rewrite();

CREATE TRIGGER publication_records_no_truncate BEFORE TRUNCATE ON public.publication_records FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_publication_record_rewrite();

-- Every table of a reviewable kind (a catalogue test fails on one without it).
CREATE TRIGGER blog_posts_publication_record AFTER INSERT OR DELETE OR UPDATE ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION private.record_publication();

CREATE TRIGGER clients_publication_record AFTER INSERT OR DELETE OR UPDATE ON public.clients FOR EACH ROW EXECUTE FUNCTION private.record_publication();

CREATE TRIGGER job_openings_publication_record AFTER INSERT OR DELETE OR UPDATE ON public.job_openings FOR EACH ROW EXECUTE FUNCTION private.record_publication();

CREATE TRIGGER site_settings_publication_record AFTER INSERT OR DELETE OR UPDATE ON public.site_settings FOR EACH ROW EXECUTE FUNCTION private.record_publication();

CREATE TRIGGER solutions_publication_record AFTER INSERT OR DELETE OR UPDATE ON public.solutions FOR EACH ROW EXECUTE FUNCTION private.record_publication();

CREATE TRIGGER team_members_publication_record AFTER INSERT OR DELETE OR UPDATE ON public.team_members FOR EACH ROW EXECUTE FUNCTION private.record_publication();

CREATE TRIGGER testimonials_publication_record AFTER INSERT OR DELETE OR UPDATE ON public.testimonials FOR EACH ROW EXECUTE FUNCTION private.record_publication();

CREATE TRIGGER website_content_publication_record AFTER INSERT OR DELETE OR UPDATE ON public.website_content FOR EACH ROW EXECUTE FUNCTION private.record_publication();

-- Where the record begins: what visitors already see (the default settings above) is its first entry.
SELECT private.record_baseline();
