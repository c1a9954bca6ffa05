#!/usr/bin/env bash
# The schema and a moved install on real PostgreSQL 15 (what many hosted Supabase projects run; real
# Postgres catches what PGlite forgives). Run by .ci/run; a developer runs it the same way:
#   scripts/ci-postgres.sh
# 1. installs Debian's postgresql-15 and postgresql-15-pgtap when missing (apt-get, needs root);
# 2. starts a throwaway cluster on a Unix socket in a temporary directory (no TCP port), as the
#    `postgres` account when run as root (initdb refuses root);
# 3. supabase/schema.sql compared with a fresh dump of the migrations (scripts/db-schema.sh --check);
#    database "schema": the platform (local-supabase/preamble.sql, then
#    scripts/ci-postgres-platform.sql), every migration, the seed, every supabase/tests/*.sql file
#    through pg_prove;
# 4. database "moved": the platform and every migration as `supabase db push` leaves a project, then
#    a `db:dump` of a freshly seeded local install loaded with psql; checks the row counts, a sample
#    of anonymous reads, and that the first admin's password hash is bcrypt and matches.
# Prints how long each step took. Everything is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_BIN=/usr/lib/postgresql/15/bin
started=$SECONDS
step_started=$SECONDS
step() {
  echo "ci-postgres: $1 ($((SECONDS - step_started)) s)"
  step_started=$SECONDS
}

if [ ! -x "$PG_BIN/postgres" ] || [ ! -f /usr/share/postgresql/15/extension/pgtap.control ] || ! command -v pg_prove >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 postgresql-15-pgtap >/dev/null
  step "installed postgresql-15 and pgTAP"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/ci-postgres.XXXXXX")
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

"${as_owner[@]}" "$PG_BIN/initdb" -D "$work/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# fsync off: a throwaway cluster; nothing here needs to survive a crash.
"${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-k $work -c listen_addresses= -c fsync=off -c full_page_writes=off" start >/dev/null
# Notices (e.g. a policy name cut to 63 characters) are not failures.
export PGHOST=$work PGUSER=postgres PGOPTIONS='-c client_min_messages=warning'
PSQL=(psql -X -q -v ON_ERROR_STOP=1)
step "started PostgreSQL $("${PSQL[@]}" -d postgres -At -c 'show server_version')"

# A database as `supabase db push` leaves a project: the platform, then each migration in one transaction.
prepare() {
  "${PSQL[@]}" -d postgres -c "create database $1"
  "${PSQL[@]}" -d "$1" -f local-supabase/preamble.sql -f scripts/ci-postgres-platform.sql
  for migration in supabase/migrations/*.sql; do
    "${PSQL[@]}" -d "$1" -1 -f "$migration" || { echo "ci-postgres: $migration failed on PostgreSQL 15" >&2; exit 1; }
  done
}

scripts/db-schema.sh --check
step "compared supabase/schema.sql with the migrations"

prepare schema
"${PSQL[@]}" -d schema -1 -f supabase/seed.sql >/dev/null
"${PSQL[@]}" -d schema -c 'create extension pgtap'
step "applied the migrations and the seed"
pg_prove -d schema supabase/tests/*.sql
step "ran pgTAP"

# A freshly seeded local install, dumped as an operator would before moving.
admin_email=ci-admin@example.com
admin_password=ci-admin-password-1
DATA_DIR="$work/local" SUPABASE_PORT=1 ADMIN_EMAIL=$admin_email ADMIN_PASSWORD=$admin_password \
  npx tsx scripts/db-reset.ts >/dev/null
summary=$(DATA_DIR="$work/local" SUPABASE_PORT=1 npx tsx scripts/db-dump.ts --out "$work/dump.sql")
step "seeded a local install and dumped it"

prepare moved
"${PSQL[@]}" -d moved -v storage_rows=1 -f "$work/dump.sql"
step "loaded the dump"

failures=0
check() { # description, query, expected
  local got
  got=$("${PSQL[@]}" -d moved -At -c "$2")
  if [ "$got" != "$3" ]; then
    echo "ci-postgres: FAIL $1: expected '$3', got '$got'" >&2
    failures=$((failures + 1))
  fi
}
# "Dumped DIR to FILE: public.blog_posts 13, auth.users 1, …": every table, as many rows as dumped.
tables=0
while read -r table count; do
  check "rows of $table" "select count(*) from $table" "$count"
  tables=$((tables + 1))
done < <(echo "${summary#*: }" | tr ',' '\n')
[ "$tables" -gt 10 ] || { echo "ci-postgres: FAIL no row counts in the db:dump summary: $summary" >&2; failures=$((failures + 1)); }

as_anon="set role anon; set request.jwt.claims = '{\"role\":\"anon\"}';"
check "visitors read published posts only" "$as_anon select count(*) > 0 and count(*) = count(*) filter (where published) from public.blog_posts" "t"
check "visitors read the company name" "$as_anon select value from public.site_settings where key = 'company_name'" "Ledgerfield Technologies"
check "visitors read active job openings only" "$as_anon select count(*) > 0 and count(*) = count(*) filter (where active) from public.job_openings" "t"
check "visitors cannot read leads" "select has_table_privilege('anon', 'public.contact_messages', 'select')" "f"
check "the admin's hash is Supabase Auth's bcrypt and matches the password" \
  "select encrypted_password like '\$2a\$10\$%' and encrypted_password = extensions.crypt('$admin_password', encrypted_password) from auth.users where email = '$admin_email'" "t"
check "the admin keeps the admin role" "select r.role from public.staff_roles r join auth.users u on u.id = r.user_id where u.email = '$admin_email'" "admin"
check "the admin has an email identity" "select count(*) from auth.identities i join auth.users u on u.id = i.user_id where u.email = '$admin_email' and i.provider = 'email'" "1"
check "no token column is NULL" "select count(*) from auth.users where confirmation_token is null or recovery_token is null or email_change is null or email_change_token_new is null" "0"
step "checked the moved data"

if [ "$failures" -gt 0 ]; then
  echo "ci-postgres: $failures check(s) failed" >&2
  exit 1
fi
echo "ci-postgres: all passed in $((SECONDS - started)) s"
