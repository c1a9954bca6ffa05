-- The flood limit counts submissions per address by a keyed hash (private.keyed_hash, under the
-- install's secret) instead of a plain SHA-256, which anyone holding a copy of the table could test
-- guessed addresses against. The plain hashes already logged (at most a day of them) are removed;
-- the counts start again.

create or replace function public.enforce_submission_limit(
  kind text,
  email text,
  max_per_email integer,
  max_per_client integer
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function public.enforce_submission_limit(text, text, integer, integer) is
  'Flood limit for visitor submissions: raises PT429 "Too many submissions, please try again later." when this e-mail (without +tag, counted by its keyed hash) or this client (see request_client_key) already made the given number of submissions of this kind in the last hour; otherwise logs this one.';

comment on column public.submission_log.email_hash is
  'The keyed hash (private.keyed_hash, purpose "submission") of the address without +tag; null for a CV upload.';

delete from public.submission_log where email_hash is not null;
