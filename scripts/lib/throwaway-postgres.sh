# Sourced by the scripts that need a PostgreSQL 15 of their own for a moment (ci-postgres.sh,
# db-schema.sh): `start_throwaway_postgres NAME` makes a cluster in a new temporary directory ($work),
# listening on a Unix socket only, with supabase_admin as its bootstrap superuser as on a Supabase
# project, and removes it all when the script exits. As root the cluster runs as the `postgres`
# account (initdb refuses root). Sets PGHOST and PSQL for what follows.
PG_BIN=/usr/lib/postgresql/15/bin

start_throwaway_postgres() {
  work=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
  chmod 755 "$work"
  as_owner=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$work"
    as_owner=(runuser -u postgres --)
  fi
  trap stop_throwaway_postgres EXIT
  "${as_owner[@]}" "$PG_BIN/initdb" -D "$work/data" -U supabase_admin --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  # fsync off: nothing in a throwaway cluster needs to survive a crash.
  "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
    -o "-k $work -c listen_addresses= -c fsync=off -c full_page_writes=off" start >/dev/null
  # Notices (e.g. a policy name cut to 63 characters) are not failures.
  export PGHOST=$work PGOPTIONS='-c client_min_messages=warning'
  PSQL=(psql -X -q -v ON_ERROR_STOP=1)
}

stop_throwaway_postgres() {
  "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
