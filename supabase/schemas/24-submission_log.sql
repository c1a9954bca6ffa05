-- public.submission_log: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.submission_log (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    email_hash text,
    client_key text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT submission_log_client_key_check CHECK ((client_key ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT submission_log_email_hash_check CHECK ((email_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT submission_log_kind_check CHECK ((kind = ANY (ARRAY['contact'::text, 'newsletter'::text, 'application'::text, 'cv_upload'::text])))
);

COMMENT ON TABLE public.submission_log IS 'One row per accepted visitor submission in the last day (hashed e-mail and client address only), counted by the flood limit. Internal: no API role may touch it.';

ALTER TABLE ONLY public.submission_log
    ADD CONSTRAINT submission_log_pkey PRIMARY KEY (id);

CREATE INDEX submission_log_client_idx ON public.submission_log USING btree (kind, client_key, created_at) WHERE (client_key IS NOT NULL);

CREATE INDEX submission_log_created_at_idx ON public.submission_log USING btree (created_at);

CREATE INDEX submission_log_email_idx ON public.submission_log USING btree (kind, email_hash, created_at);

ALTER TABLE public.submission_log ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.submission_log FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.submission_log TO service_role;

CREATE FUNCTION private.email_limit_key(email text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- Lower-cased and trimmed, with a +tag removed from the local part: name+1@x.com -> name@x.com.
  select regexp_replace(lower(btrim(coalesce(email, ''))), '^([^@+]*)\+[^@]*@', '\1@')
$$;

COMMENT ON FUNCTION private.email_limit_key(email text) IS 'The form of an e-mail address the flood limit counts: trimmed, lower-cased, without a +tag.';

REVOKE ALL ON FUNCTION private.email_limit_key(email text) FROM PUBLIC, anon, authenticated, service_role;

CREATE FUNCTION public.enforce_submission_limit(kind text, email text, max_per_email integer, max_per_client integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email_hash text := private.keyed_hash('submission', private.email_limit_key(email));
  v_client_key text := public.request_client_key();
begin
  if not public.is_rate_limited_caller() then
    return;
  end if;

  -- Keep the log to the last day; the index on created_at makes this cheap.
  delete from public.submission_log as l where l.created_at < now() - interval '1 day';

  if (select count(*) from public.submission_log as l
      where l.kind = enforce_submission_limit.kind
        and l.email_hash = v_email_hash
        and l.created_at > now() - interval '1 hour') >= max_per_email
     or (v_client_key is not null
         and (select count(*) from public.submission_log as l
              where l.kind = enforce_submission_limit.kind
                and l.client_key = v_client_key
                and l.created_at > now() - interval '1 hour') >= max_per_client)
  then
    raise exception using
      errcode = 'PT429',
      message = 'Too many submissions, please try again later.',
      hint = 'The limit resets within an hour.';
  end if;

  insert into public.submission_log (kind, email_hash, client_key)
  values (enforce_submission_limit.kind, v_email_hash, v_client_key);
end;
$$;

COMMENT ON FUNCTION public.enforce_submission_limit(kind text, email text, max_per_email integer, max_per_client integer) IS 'Flood limit for visitor submissions: raises PT429 "Too many submissions, please try again later." when this e-mail (without +tag, counted by its keyed hash) or this client (see request_client_key) already made the given number of submissions of this kind in the last hour; otherwise logs this one.';

REVOKE ALL ON FUNCTION public.enforce_submission_limit(kind text, email text, max_per_email integer, max_per_client integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enforce_submission_limit(kind text, email text, max_per_email integer, max_per_client integer) TO service_role;

CREATE FUNCTION private.cv_upload_allowed(bucket text, object_name text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_client_key text := public.request_client_key();
begin
  -- Only CV uploads are counted here, whatever order the policy's conditions are evaluated in.
  if bucket is distinct from 'applications' or not coalesce(public.is_cv_object_name(object_name), false)
     or not public.is_rate_limited_caller() or v_client_key is null then
    return true;
  end if;
  -- The same allowance as applications: a CV per application, and a few retries.
  if (select count(*) from public.submission_log as l
      where l.kind = 'cv_upload' and l.client_key = v_client_key
        and l.created_at > now() - interval '1 hour') >= 10
  then
    raise exception using
      errcode = 'PT429',
      message = 'Too many submissions, please try again later.',
      hint = 'The limit resets within an hour.';
  end if;
  insert into public.submission_log (kind, client_key) values ('cv_upload', v_client_key);
  return true;
end;
$$;

COMMENT ON FUNCTION private.cv_upload_allowed(bucket text, object_name text) IS 'Storage insert policy helper: logs a CV upload of the current client and raises PT429 past 10 per client per hour (admins and the service role are not limited).';

REVOKE ALL ON FUNCTION private.cv_upload_allowed(bucket text, object_name text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION private.cv_upload_allowed(bucket text, object_name text) TO anon;
GRANT ALL ON FUNCTION private.cv_upload_allowed(bucket text, object_name text) TO authenticated;
GRANT ALL ON FUNCTION private.cv_upload_allowed(bucket text, object_name text) TO service_role;

COMMENT ON COLUMN public.submission_log.email_hash IS 'The keyed hash (private.keyed_hash, purpose "submission") of the address without +tag; null for a CV upload.';
