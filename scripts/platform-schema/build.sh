#!/usr/bin/env bash
# Builds scripts/platform-schema/supabase-platform.sql: the roles, grants and the `auth`, `storage`
# and `extensions` schemas of a Supabase project, schema only, as Supabase's own code creates them.
# CI (scripts/ci-postgres.sh) loads it to stand in for a hosted project; the file is committed so
# CI needs no network. To follow a newer platform: change the refs below, run
#   scripts/platform-schema/build.sh
# on a machine with PostgreSQL 15 (initdb, pg_ctl, psql, pg_dump, pg_dumpall) and git, then commit
# the regenerated file with the tests it makes fail or pass.
#
# Where each part comes from, in the order a project is built:
#   1. github.com/supabase/postgres @ POSTGRES_REF, migrations/db/init-scripts/*.sql (as `postgres`,
#      a superuser at that point), then migrations/db/migrations/*.sql (as `supabase_admin`), the
#      way that repository's migrations/db/migrate.sh runs them;
#   2. github.com/supabase/auth @ AUTH_REF, migrations/*.up.sql in name order, as
#      `supabase_auth_admin`, each in one transaction, with {{ index .Options "Namespace" }}
#      rendered as `auth` (what the Auth server does at start);
#   3. github.com/supabase/storage @ STORAGE_REF, migrations/tenant/*.sql in id order, as
#      `supabase_storage_admin` with the server's default storage.* settings (DB_INSTALL_ROLES
#      off), each in one transaction unless it disables that, skipping those marked
#      `postgres-migrations ignore` (what the Storage server does at start).
# The result: every role but the bootstrap superuser (without passwords), then the auth, storage,
# extensions, graphql_public and realtime schemas and public's grants, as pg_dump writes them
# (event triggers and publications are cluster-level and left out).
# Departures from a real project, each because stock PostgreSQL 15 lacks an extension:
#   - pgjwt is not created (the init script's `create extension pgjwt`; nothing in auth or
#     storage uses it);
#   - the pgsodium role grant to service_role is left out (no pgsodium);
#   - supautils, which lets `postgres` set session_replication_role on a project, is stood in for
#     by `grant set on parameter session_replication_role to postgres`.
# Sources: each repository is read with `git show REF:PATH` from a clone; set POSTGRES_GIT,
# AUTH_GIT, STORAGE_GIT to existing clones (any git directory holding the ref) to skip cloning.
set -euo pipefail
cd "$(dirname "$0")/../.."

POSTGRES_REF=15.8.1.004 # commit d4709ba1ca6e5881f65265578f8fec124bb34bd0
AUTH_REF=v2.196.0       # commit 0204331ca41a5b49f076b6fa3dc6c0d20b996590
STORAGE_REF=v1.70.6     # commit 4fa61fba9371c4bd40cbb81509f07bcb3af21683
OUT=scripts/platform-schema/supabase-platform.sql

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
work=$(mktemp -d "${TMPDIR:-/tmp}/platform-schema.XXXXXX")
chmod 755 "$work"
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$work"
  as_owner=(runuser -u postgres --)
fi
cleanup() {
  "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

source_git() { # name, override → a git directory holding the ref
  if [ -n "$2" ]; then
    echo "$2"
  else
    git clone -q --bare --filter=blob:none "https://github.com/supabase/$1.git" "$work/$1.git"
    echo "$work/$1.git"
  fi
}
POSTGRES_GIT=$(source_git postgres "${POSTGRES_GIT:-}")
AUTH_GIT=$(source_git auth "${AUTH_GIT:-}")
STORAGE_GIT=$(source_git storage "${STORAGE_GIT:-}")
show() { git --git-dir="$1" show "$2:$3"; }
list() { git --git-dir="$1" ls-tree --name-only "$2" "$3/"; }

# A project's cluster: supabase_admin is the bootstrap superuser, as in Supabase's images.
"${as_owner[@]}" "$PG_BIN/initdb" -D "$work/data" -U supabase_admin --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-k $work -c listen_addresses= -c fsync=off" start >/dev/null
export PGHOST=$work PGDATABASE=postgres PGOPTIONS='-c client_min_messages=warning'
run() { # role, then psql arguments; stdin is the SQL
  psql -X -q -v ON_ERROR_STOP=1 -U "$1" "${@:2}" >/dev/null
}

# 1. supabase/postgres: migrate.sh's steps.
echo "create role postgres superuser login; alter database postgres owner to postgres;" | run supabase_admin
for path in $(list "$POSTGRES_GIT" "$POSTGRES_REF" migrations/db/init-scripts | grep '\.sql$'); do
  show "$POSTGRES_GIT" "$POSTGRES_REF" "$path" | sed '/create extension if not exists pgjwt/d' | run postgres
done
for path in $(list "$POSTGRES_GIT" "$POSTGRES_REF" migrations/db/migrations | grep '\.sql$'); do
  show "$POSTGRES_GIT" "$POSTGRES_REF" "$path" | sed '/GRANT pgsodium_keyholder to service_role/d' | run supabase_admin
done
echo "grant set on parameter session_replication_role to postgres;" | run supabase_admin

# 2. supabase/auth
for path in $(list "$AUTH_GIT" "$AUTH_REF" migrations | grep '\.up\.sql$' | sort); do
  show "$AUTH_GIT" "$AUTH_REF" "$path" | sed -E 's/\{\{ ?index \.Options "Namespace" ?\}\}/auth/g' | run supabase_auth_admin -1
done

# 3. supabase/storage: ids are the numeric prefixes (0001, 0002, …, 00010, 0011, …).
storage_settings="select set_config('storage.install_roles', 'false', false), set_config('storage.multitenant', 'false', false),
  set_config('storage.anon_role', 'anon', false), set_config('storage.authenticated_role', 'authenticated', false),
  set_config('storage.service_role', 'service_role', false), set_config('storage.super_user', 'postgres', false),
  set_config('storage.iceberg_default_shard', '', false), set_config('storage.iceberg_shards', '{}', false),
  set_config('storage.vector_bucket_provider', '', false);"
for path in $(list "$STORAGE_GIT" "$STORAGE_REF" migrations/tenant | grep '\.sql$' | awk -F/ '{ split($NF, p, "-"); print p[1] + 0, $0 }' | sort -n | cut -d' ' -f2); do
  sql=$(show "$STORAGE_GIT" "$STORAGE_REF" "$path")
  case "$sql" in *'postgres-migrations ignore'*) continue ;; esac
  single=(-1)
  case "$sql" in *'postgres-migrations disable-transaction'*) single=() ;; esac
  printf '%s\nset search_path to storage, public, extensions;\n%s\n' "$storage_settings" "$sql" | run supabase_storage_admin "${single[@]}"
done

# The description: roles (no passwords), then the schemas with their grants and default privileges.
{
  echo "-- Supabase platform schemas, schema only: supabase/postgres $POSTGRES_REF, supabase/auth $AUTH_REF,"
  echo "-- supabase/storage $STORAGE_REF. Generated by scripts/platform-schema/build.sh; do not edit."
  echo "-- Load as supabase_admin (the cluster's bootstrap superuser) into a database owned by postgres."
  echo
  "$PG_BIN/pg_dumpall" -U supabase_admin --roles-only --no-role-passwords |
    grep -v -E '^(SET|--|$|\\restrict|\\unrestrict)' |
    grep -v -E '^(CREATE ROLE|ALTER ROLE) supabase_admin[ ;]' |
    sed -E 's/^CREATE ROLE ([a-z_]+);$/DO $$ BEGIN CREATE ROLE \1; EXCEPTION WHEN duplicate_object THEN NULL; END $$;/'
  echo
  "$PG_BIN/pg_dump" -U supabase_admin --schema-only --no-comments --extension='*' \
    --schema=auth --schema=storage --schema=extensions --schema=graphql_public --schema=realtime --schema=public |
    grep -v -E '^(--|SET default_table_access_method|SELECT pg_catalog.set_config|CREATE SCHEMA public;|\\restrict|\\unrestrict)' | cat -s
} >"$work/out.sql"
mv "$work/out.sql" "$OUT"
echo "wrote $OUT ($(wc -l <"$OUT") lines)"
