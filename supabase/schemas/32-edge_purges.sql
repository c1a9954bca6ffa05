-- public.edge_purges: the surrogate keys of public pages to drop from every cache, because the
-- content they show changed. A trigger on each content table fills it in the writing transaction,
-- whatever wrote (the back office, supabase-js, a script, a release or a rollback), so no write
-- path can skip it; a scheduled post going live or a job opening closing is added when its time
-- comes (queue_due_edge_purges). Two readers, both the web server with the service role:
--   - every web instance reads the keys committed since its own cursor (edge_purges_since) and
--     drops those pages from its page cache: no instance knows the others' addresses;
--   - one sender at a time claims due rows (claim_edge_purges), purges them at the configured CDN
--     targets and ends each with finish_edge_purges (retried, then left as a dead letter).
--
-- The keys a page carries (its Surrogate-Key and Cache-Tag headers) are named after what it shows:
-- settings, site-copy, clients, testimonials, team, solutions and solution:<id>, posts and
-- post:<id>, jobs and job:<id>, and path:<md5 of its path> for a redirect from it.

CREATE TABLE public.edge_purges (
    id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
    keys text[] NOT NULL,
    txid bigint DEFAULT (pg_catalog.pg_current_xact_id())::text::bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_until timestamp with time zone,
    delivered_at timestamp with time zone,
    failed_at timestamp with time zone,
    last_error text,
    CONSTRAINT edge_purges_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT edge_purges_keys_check CHECK (((cardinality(keys) >= 1) AND (cardinality(keys) <= 10000))),
    CONSTRAINT edge_purges_last_error_check CHECK ((char_length(last_error) <= 1000))
);

COMMENT ON TABLE public.edge_purges IS 'Surrogate keys of public pages to purge, one row per writing transaction (txid), filled by triggers on the content tables. Web instances read them by txid (edge_purges_since); one sender delivers them to the CDN targets (claim_edge_purges, finish_edge_purges). A row with failed_at is a dead letter for an operator. Service role only.';

COMMENT ON COLUMN public.edge_purges.txid IS 'The writing transaction. Readers take rows below the oldest transaction still running, so a row committed late is never skipped.';

COMMENT ON COLUMN public.edge_purges.failed_at IS 'Set when delivery gave up after edge_purge_max_attempts(): the row stays, with last_error, until an operator retries it (clears failed_at) or deletes it.';

ALTER TABLE ONLY public.edge_purges
    ADD CONSTRAINT edge_purges_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.edge_purges
    ADD CONSTRAINT edge_purges_txid_key UNIQUE (txid);

CREATE INDEX edge_purges_due_idx ON public.edge_purges USING btree (next_attempt_at) WHERE ((delivered_at IS NULL) AND (failed_at IS NULL));

ALTER TABLE public.edge_purges ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.edge_purges FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.edge_purges TO service_role;

-- What the readers share: how far rows were pruned, and up to when scheduled changes were queued.
CREATE TABLE private.edge_purge_state (
    id boolean DEFAULT true NOT NULL,
    kept_from_txid bigint DEFAULT 0 NOT NULL,
    scheduled_until timestamp with time zone,
    CONSTRAINT edge_purge_state_id_check CHECK (id)
);

COMMENT ON TABLE private.edge_purge_state IS 'One row: rows of edge_purges below kept_from_txid were pruned (a reader further behind drops everything), and scheduled posts and closing job openings are queued up to scheduled_until.';

ALTER TABLE ONLY private.edge_purge_state
    ADD CONSTRAINT edge_purge_state_pkey PRIMARY KEY (id);

ALTER TABLE private.edge_purge_state ENABLE ROW LEVEL SECURITY;

INSERT INTO private.edge_purge_state (id) VALUES (true);

REVOKE ALL ON TABLE private.edge_purge_state FROM anon, authenticated, service_role;
GRANT SELECT,UPDATE ON TABLE private.edge_purge_state TO service_role;

CREATE FUNCTION public.edge_purge_max_attempts() RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select 10 $$;

COMMENT ON FUNCTION public.edge_purge_max_attempts() IS 'How many times a purge is tried before it is left as a dead letter.';

REVOKE ALL ON FUNCTION public.edge_purge_max_attempts() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.edge_purge_max_attempts() TO service_role;

CREATE FUNCTION private.queue_edge_purge(keys text[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- One row per transaction: a statement that changes fifty rows, or a release that changes ten
  -- tables, is one purge naming every key once.
  insert into public.edge_purges (keys)
  select array_agg(distinct k order by k) from unnest(queue_edge_purge.keys) as k having count(*) > 0
  on conflict (txid) do update
    set keys = (select array_agg(distinct k order by k) from unnest(public.edge_purges.keys || excluded.keys) as k)
$$;

COMMENT ON FUNCTION private.queue_edge_purge(keys text[]) IS 'Adds keys to the current transaction''s purge (one edge_purges row per transaction). Every purge trigger and queue_due_edge_purges call it.';

REVOKE ALL ON FUNCTION private.queue_edge_purge(keys text[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.queue_edge_purge(keys text[]) TO service_role;

CREATE FUNCTION private.purge_changed_content() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  -- Arguments: the key of the pages listing this table; for a table of pages of their own, the
  -- prefix of one row's key and the column that says a visitor can see the row.
  v_list text := tg_argv[0];
  v_row_prefix text := case when tg_nargs > 1 then tg_argv[1] end;
  v_visible text := case when tg_nargs > 2 then tg_argv[2] end;
  v_rows jsonb[] := array_remove(array[case when tg_op <> 'INSERT' then to_jsonb(old) end,
                                       case when tg_op <> 'DELETE' then to_jsonb(new) end], null);
  v_keys text[] := '{}';
  r jsonb;
begin
  if v_visible is null then
    v_keys := array[v_list];
  else
    -- A row no visitor could see before or after (a draft, an inactive opening) is on no public
    -- page: changing it purges nothing.
    foreach r in array v_rows loop
      if (r ->> v_visible)::boolean then
        v_keys := v_keys || array[v_list, v_row_prefix || ':' || (r ->> 'id')];
      end if;
    end loop;
  end if;
  if cardinality(v_keys) > 0 then
    perform private.queue_edge_purge(v_keys);
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.purge_changed_content() IS 'AFTER trigger on every table the public pages show: queues the purge of the pages that show the changed rows (arguments: the list key, and for tables with pages of their own the row key prefix and the visibility column).';

REVOKE ALL ON FUNCTION private.purge_changed_content() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION private.purge_changed_setting() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Settings only staff read (staff_*, lead_notify_*) are on no public page.
  if (tg_op <> 'INSERT' and old.key !~ '^(staff|lead_notify)_') or (tg_op <> 'DELETE' and new.key !~ '^(staff|lead_notify)_') then
    perform private.queue_edge_purge(array['settings']);
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.purge_changed_setting() IS 'AFTER trigger on site_settings: a setting visitors can read (company name, colours, contact details, retention periods) is on every page, key settings.';

REVOKE ALL ON FUNCTION private.purge_changed_setting() FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.edge_path_key(path text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$ select 'path:' || pg_catalog.md5(path) $$;

COMMENT ON FUNCTION public.edge_path_key(path text) IS 'The surrogate key of the page at a path as redirects store it (lower case, no trailing slash): path:<md5>. The web server gives each page and redirect the same key.';

REVOKE ALL ON FUNCTION public.edge_path_key(path text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.edge_path_key(path text) TO service_role;

CREATE FUNCTION private.purge_changed_redirect() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- A redirect added hides the page at its path; one removed or moved shows it again.
  perform private.queue_edge_purge(array_remove(array[
    case when tg_op <> 'INSERT' then public.edge_path_key(old.from_path) end,
    case when tg_op <> 'DELETE' then public.edge_path_key(new.from_path) end], null));
  return null;
end;
$$;

COMMENT ON FUNCTION private.purge_changed_redirect() IS 'AFTER trigger on redirects: purges the page and the redirect at the old and new from_path (key path:<md5>).';

REVOKE ALL ON FUNCTION private.purge_changed_redirect() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER blog_posts_purge_edge AFTER INSERT OR DELETE OR UPDATE ON public.blog_posts FOR EACH ROW EXECUTE FUNCTION private.purge_changed_content('posts', 'post', 'published');

CREATE TRIGGER clients_purge_edge AFTER INSERT OR DELETE OR UPDATE ON public.clients FOR EACH ROW EXECUTE FUNCTION private.purge_changed_content('clients');

CREATE TRIGGER job_openings_purge_edge AFTER INSERT OR DELETE OR UPDATE ON public.job_openings FOR EACH ROW EXECUTE FUNCTION private.purge_changed_content('jobs', 'job', 'active');

CREATE TRIGGER redirects_purge_edge AFTER INSERT OR DELETE OR UPDATE ON public.redirects FOR EACH ROW EXECUTE FUNCTION private.purge_changed_redirect();

CREATE TRIGGER site_settings_purge_edge AFTER INSERT OR DELETE OR UPDATE ON public.site_settings FOR EACH ROW EXECUTE FUNCTION private.purge_changed_setting();

CREATE TRIGGER solutions_purge_edge AFTER INSERT OR DELETE OR UPDATE ON public.solutions FOR EACH ROW EXECUTE FUNCTION private.purge_changed_content('solutions', 'solution', 'published');

CREATE TRIGGER team_members_purge_edge AFTER INSERT OR DELETE OR UPDATE ON public.team_members FOR EACH ROW EXECUTE FUNCTION private.purge_changed_content('team');

CREATE TRIGGER testimonials_purge_edge AFTER INSERT OR DELETE OR UPDATE ON public.testimonials FOR EACH ROW EXECUTE FUNCTION private.purge_changed_content('testimonials');

CREATE TRIGGER website_content_purge_edge AFTER INSERT OR DELETE OR UPDATE ON public.website_content FOR EACH ROW EXECUTE FUNCTION private.purge_changed_content('site-copy');

-- Changes that arrive with time, not with a write -------------------------------------------------

CREATE FUNCTION public.queue_due_edge_purges() RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_now timestamp with time zone := private.clock();
  v_since timestamp with time zone := (select s.scheduled_until from private.edge_purge_state as s where s.id);
  v_keys text[];
begin
  -- Read without a lock first: most calls find nothing due and write nothing.
  if v_since is not null and v_since <= v_now and v_since >= v_now - interval '7 days'
     and not exists (select 1 from public.blog_posts as p where p.published and p.publish_at > v_since and p.publish_at <= v_now)
     and not exists (select 1 from public.job_openings as j where j.active and j.closes_at > v_since and j.closes_at <= v_now) then
    return 0;
  end if;
  -- One caller at a time from here; the next one sees how far this one went.
  select s.scheduled_until into v_since from private.edge_purge_state as s where s.id for update;
  if v_since is null or v_since > v_now then
    -- The first call, or a clock moved back (tests): start from now.
    update private.edge_purge_state set scheduled_until = v_now where id;
    return 0;
  end if;
  select array_agg(k) into v_keys from (
    select unnest(array['posts', 'post:' || p.id]) as k
      from public.blog_posts as p
     where p.published and p.publish_at > v_since and p.publish_at <= v_now
    union
    select unnest(array['jobs', 'job:' || j.id])
      from public.job_openings as j
     where j.active and j.closes_at > v_since and j.closes_at <= v_now) as due;
  if v_keys is not null then
    perform private.queue_edge_purge(v_keys);
  end if;
  update private.edge_purge_state set scheduled_until = v_now where id;
  return coalesce(cardinality(v_keys), 0);
end;
$$;

COMMENT ON FUNCTION public.queue_due_edge_purges() IS 'Queues the purge of scheduled posts that went live and job openings that closed since the last call (by private.clock()); writes only when something is due (or a week has passed, to keep the window short). Returns how many keys it queued. Called by the purge sender every round. Service role only.';

REVOKE ALL ON FUNCTION public.queue_due_edge_purges() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.queue_due_edge_purges() TO service_role;

-- The web instances' feed ---------------------------------------------------------------------------

CREATE FUNCTION public.edge_purges_since(cursor_txid bigint DEFAULT NULL::bigint) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  -- Every transaction below this one has ended: rows below it are all the rows there will be.
  v_horizon bigint := pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot())::text::bigint;
  v_kept_from bigint := coalesce((select s.kept_from_txid from private.edge_purge_state as s where s.id), 0);
  v_keys text[];
begin
  if cursor_txid is null then
    return jsonb_build_object('cursor', v_horizon, 'keys', '[]'::jsonb, 'all', false);
  end if;
  -- Behind what was pruned, or ahead of the database (it was replaced): drop everything.
  if cursor_txid < v_kept_from or cursor_txid > v_horizon then
    return jsonb_build_object('cursor', v_horizon, 'keys', '[]'::jsonb, 'all', true);
  end if;
  select array_agg(distinct k order by k) into v_keys
    from public.edge_purges as e, unnest(e.keys) as k
   where e.txid >= cursor_txid and e.txid < v_horizon;
  return jsonb_build_object('cursor', v_horizon, 'keys', to_jsonb(coalesce(v_keys, '{}')), 'all', false);
end;
$$;

COMMENT ON FUNCTION public.edge_purges_since(cursor_txid bigint) IS 'The keys purged by transactions from cursor_txid up to the oldest one still running, and the cursor to ask with next: {cursor, keys, all}. Without a cursor: only the cursor to start from. all is true when rows the cursor needed were pruned, or the cursor is ahead of this database (a replaced one): drop everything. Each web instance polls it with its own cursor. Service role only.';

REVOKE ALL ON FUNCTION public.edge_purges_since(cursor_txid bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.edge_purges_since(cursor_txid bigint) TO service_role;

-- The sender's cycle ------------------------------------------------------------------------------

CREATE FUNCTION public.claim_edge_purges(max_rows integer DEFAULT 50, lease_seconds integer DEFAULT 60) RETURNS TABLE(id bigint, keys text[], attempts integer)
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_pruned bigint;
begin
  perform public.queue_due_edge_purges();
  -- Delivered rows are kept an hour for instances that fell behind, then pruned.
  with gone as (
    delete from public.edge_purges as e
     where e.delivered_at < now() - interval '1 hour'
    returning e.txid
  )
  select max(gone.txid) into v_pruned from gone;
  if v_pruned is not null then
    update private.edge_purge_state as s set kept_from_txid = greatest(s.kept_from_txid, v_pruned + 1) where s.id;
  end if;
  return query
    with due as (
      select e.id
        from public.edge_purges as e
       where e.delivered_at is null and e.failed_at is null
         and e.next_attempt_at <= now()
         and (e.locked_until is null or e.locked_until < now())
       order by e.id
       limit least(greatest(max_rows, 1), 500)
       for update skip locked
    )
    update public.edge_purges as e
       set attempts = e.attempts + 1,
           locked_until = now() + make_interval(secs => least(greatest(lease_seconds, 10), 3600))
      from due
     where e.id = due.id
    returning e.id, e.keys, e.attempts;
end;
$$;

COMMENT ON FUNCTION public.claim_edge_purges(max_rows integer, lease_seconds integer) IS 'Queues what became due with time (queue_due_edge_purges), prunes rows delivered over an hour ago, and claims up to max_rows (1-500) undelivered purges for lease_seconds (10-3600), oldest first: each claim counts as an attempt and hides the row from other senders until the lease ends. Service role only.';

REVOKE ALL ON FUNCTION public.claim_edge_purges(max_rows integer, lease_seconds integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.claim_edge_purges(max_rows integer, lease_seconds integer) TO service_role;

CREATE FUNCTION public.finish_edge_purges(purge_ids bigint[], failure text DEFAULT NULL::text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  -- Delivered: kept an hour for late readers. Failed: tried again after 2, 4, 8 … seconds, at most
  -- five minutes apart, and after edge_purge_max_attempts() left as a dead letter.
  update public.edge_purges
     set delivered_at = now(), locked_until = null, last_error = null
   where id = any (purge_ids) and failure is null;
  update public.edge_purges
     set locked_until = null,
         last_error = left(failure, 1000),
         failed_at = case when attempts >= public.edge_purge_max_attempts() then now() end,
         next_attempt_at = now() + make_interval(secs => least(power(2, least(attempts, 20))::integer, 300))
   where id = any (purge_ids) and failure is not null;
$$;

COMMENT ON FUNCTION public.finish_edge_purges(purge_ids bigint[], failure text) IS 'Ends claimed purges: without failure they were delivered; with one they are released and retried after a delay doubling from two seconds up to five minutes, and after edge_purge_max_attempts() attempts kept with failed_at and last_error as a dead letter. Service role only.';

REVOKE ALL ON FUNCTION public.finish_edge_purges(purge_ids bigint[], failure text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.finish_edge_purges(purge_ids bigint[], failure text) TO service_role;
