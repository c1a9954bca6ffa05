#!/usr/bin/env bash
# The schema and a moved install on real PostgreSQL 15, in databases built the way a Supabase
# project is: scripts/platform-schema/supabase-platform.sql (Supabase's own roles, grants, and the
# auth and storage schemas at a pinned version; scripts/platform-schema/build.sh makes it), then
# every migration applied as `postgres`, a non-superuser as on a project, each in one transaction
# (what `supabase db push` does). Run by .ci/run; a developer runs it the same way:
#   scripts/ci-postgres.sh
# 1. installs Debian's postgresql-15 and postgresql-15-pgtap when missing (apt-get, needs root);
# 2. starts a throwaway cluster on a Unix socket in a temporary directory (no TCP port), as the
#    `postgres` account when run as root (initdb refuses root); its bootstrap superuser is
#    supabase_admin, as on a project;
# 3. database "schema": the platform and every migration, compared with database "from_schemas":
#    the platform and supabase/schemas/*.sql; their dumps (sorted) and the rows the schema holds
#    must be identical, so the schema files and the migrations never drift apart. Then the seed
#    and every supabase/tests/*.sql file through pg_prove on "schema";
# 4. docs/deploy.md's move, step by step: a local install (seeded, with a lead, a CV and a staff
#    member who signs in with a password and an authenticator app, made through the local
#    backend's APIs) dumped with `db:dump`, loaded with plain `psql -f` into database "moved";
#    checks every table's row count, anonymous reads, and that the staff member signs in there:
#    the rows Supabase Auth reads (account by e-mail, bcrypt hash, e-mail identity, verified TOTP
#    factor) accept their password and the code their authenticator shows now. Database
#    "moved_storage" loads the same dump with `-v storage_rows=1` and checks the object rows;
# 5. the site on the moved rows with Supabase's current keys only: the rows of "moved" served by the
#    local backend with legacy keys off (ES256 tokens), the web server given SUPABASE_PUBLISHABLE_KEY
#    and SUPABASE_SECRET_KEY alone; the home page, the staff member's two-factor sign-in, the Staff
#    screen and a moved CV's download are checked (scripts/ci-postgres-install.ts serve-moved).
# Prints how long each step took. Everything is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/throwaway-postgres.sh
source scripts/lib/project-databases.sh
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

start_throwaway_postgres ci-postgres
ADMIN=(-U supabase_admin)
step "started PostgreSQL $("${PSQL[@]}" "${ADMIN[@]}" -d postgres -At -c 'show server_version')"

# The platform's roles are the cluster's: made once, then each database is a new project's (owned
# by postgres, as on Supabase), followed by `supabase db push`.
load_platform_roles
prepare() {
  new_project "$1"
  apply_migrations "$1" || exit 1
}

prepare schema
new_project from_schemas
apply_schema_files from_schemas || exit 1
if ! compare_projects schema from_schemas; then
  echo "ci-postgres: FAIL supabase/schemas and supabase/migrations differ as above ('-' the migrations, '+' the schema files): write the migration with npm run db:diff, or fold the migration into the schema files" >&2
  exit 1
fi
step "compared supabase/schemas with the migrations"
"${PSQL[@]}" -U postgres -d schema -1 -f supabase/seed.sql >/dev/null
"${PSQL[@]}" "${ADMIN[@]}" -d schema -c 'create extension pgtap'
step "applied the migrations and the seed"
pg_prove -U postgres -d schema supabase/tests/*.sql
step "ran pgTAP"

# A local install as docs/deploy.md moves it, dumped with the backend stopped.
IFS=$'\t' read -r staff_email staff_password authenticator_secret < <(npx tsx scripts/ci-postgres-install.ts install "$work/local")
[ -n "$authenticator_secret" ] || { echo "ci-postgres: FAIL the local install was not made" >&2; exit 1; }
summary=$(DATA_DIR="$work/local" SUPABASE_PORT=1 npx tsx scripts/db-dump.ts --out "$work/moved.sql")
step "made a local install with a two-factor staff member and dumped it"

# docs/deploy.md, steps 3 and 4: db push, then psql -f as the project's postgres role.
prepare moved
"${PSQL[@]}" -U postgres -d moved -f "$work/moved.sql" >/dev/null
step "loaded the dump as a project loads it"

failures=0
check() { # description, query, expected[, database]
  local got
  got=$("${PSQL[@]}" -U postgres -d "${4:-moved}" -At -c "$2")
  if [ "$got" != "$3" ]; then
    echo "ci-postgres: FAIL $1: expected '$3', got '$got'" >&2
    failures=$((failures + 1))
  fi
}
# "Dumped DIR to FILE: public.blog_posts 13, auth.users 1, …": every table a project loads, as many
# rows as dumped (storage rows come from storage:push; the local backend's own state stays behind).
tables=0
while read -r table count; do
  case "$table" in
    storage.objects) check "rows of $table (from storage:push, not psql)" "select count(*) from $table" "0" ;;
    local_auth.*) check "no $table on a project" "select to_regclass('$table') is null" "t" ;;
    *) check "rows of $table" "select count(*) from $table" "$count" ;;
  esac
  tables=$((tables + 1))
done < <(echo "${summary#*: }" | tr ',' '\n')
[ "$tables" -gt 10 ] || { echo "ci-postgres: FAIL no row counts in the db:dump summary: $summary" >&2; failures=$((failures + 1)); }
for table in public.contact_messages public.job_applications auth.mfa_factors; do
  check "the dump carries rows of $table" "select count(*) > 0 from $table" "t"
done

as_anon="set role anon; set request.jwt.claims = '{\"role\":\"anon\"}';"
check "visitors read published posts only" "$as_anon select count(*) > 0 and count(*) = count(*) filter (where published) from public.blog_posts" "t"
check "visitors read the company name" "$as_anon select value from public.site_settings where key = 'company_name'" "Ledgerfield Technologies"
check "visitors read active job openings only" "$as_anon select count(*) > 0 and count(*) = count(*) filter (where active) from public.job_openings" "t"
check "visitors cannot read leads" "select has_table_privilege('anon', 'public.contact_messages', 'select')" "f"

# Signing in as Supabase Auth does it, on the moved rows: the account by e-mail (its query), the
# bcrypt hash against the password, then the verified TOTP factor's secret against the code.
account="from auth.users u where u.instance_id = '00000000-0000-0000-0000-000000000000' and lower(u.email) = lower('$staff_email')
  and u.aud = 'authenticated' and not u.is_sso_user and u.deleted_at is null and (u.banned_until is null or u.banned_until < now())"
check "the staff member's hash is Supabase Auth's bcrypt and matches the password" \
  "select u.encrypted_password like '\$2a\$10\$%' and u.encrypted_password = extensions.crypt('$staff_password', u.encrypted_password) $account" "t"
check "the staff member keeps their role" "select r.role from public.staff_roles r join auth.users u on u.id = r.user_id where lower(u.email) = lower('$staff_email')" "editor"
check "every account has its email identity" \
  "select count(*) from auth.users u where not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email' and i.provider_id = u.id::text and i.identity_data ->> 'sub' = u.id::text and i.identity_data ->> 'email' = u.email)" "0"
check "no token column is NULL" "select count(*) from auth.users where confirmation_token is null or recovery_token is null or email_change is null or email_change_token_new is null" "0"
stored_secret=$("${PSQL[@]}" -U postgres -d moved -At -c "select f.secret from auth.mfa_factors f where f.factor_type = 'totp' and f.status = 'verified'
  and f.user_id = (select u.id $account)")
if [ -z "$stored_secret" ] || ! npx tsx scripts/ci-postgres-install.ts code-accepted "$authenticator_secret" "$stored_secret"; then
  echo "ci-postgres: FAIL the staff member's authenticator code is not accepted by the moved factor" >&2
  failures=$((failures + 1))
fi

# The same dump with its storage rows, for an operator who loads them with psql.
prepare moved_storage
"${PSQL[@]}" -U postgres -d moved_storage -v storage_rows=1 -f "$work/moved.sql" >/dev/null
objects=$(echo "${summary#*: }" | tr ',' '\n' | awk '$1 == "storage.objects" { print $2 }')
check "rows of storage.objects with -v storage_rows=1" "select count(*) from storage.objects" "$objects" moved_storage
step "checked the moved data and signed the staff member in"

# docs/deploy.md's last step on Supabase's current keys: the rows PostgreSQL 15 now holds (each
# table as JSON, the storage rows from moved_storage) served by the local backend with legacy keys
# off and ES256 tokens, and the site on SUPABASE_PUBLISHABLE_KEY and SUPABASE_SECRET_KEY alone.
mkdir -p "$work/rows"
while read -r table count; do
  case "$table" in
    local_auth.*) continue ;;
    storage.objects) from=moved_storage ;;
    *) from=moved ;;
  esac
  "${PSQL[@]}" -U postgres -d "$from" -At -c "select coalesce(json_agg(t), '[]') from $table t" >"$work/rows/$table.json"
done < <(echo "${summary#*: }" | tr ',' '\n')
if ! npx tsx scripts/ci-postgres-install.ts serve-moved "$work/rows" "$work/local" "$work/served" "$staff_email" "$staff_password" "$authenticator_secret"; then
  failures=$((failures + 1))
fi
step "ran the site on the moved rows with the publishable and secret keys only"

if [ "$failures" -gt 0 ]; then
  echo "ci-postgres: $failures check(s) failed" >&2
  exit 1
fi
echo "ci-postgres: all passed in $((SECONDS - started)) s"
