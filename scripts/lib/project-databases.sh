# Sourced after scripts/lib/throwaway-postgres.sh has started a cluster (ci-postgres.sh, db-diff.sh):
# builds databases the way a Supabase project is built, and describes them for comparison.
#   load_platform_roles            the platform's roles, once per cluster
#   new_project DB                 a database owned by postgres with the platform's schemas
#                                  (scripts/platform-schema/supabase-platform.sql)
#   apply_migrations DB [DIR]      every migration as `postgres`, each in one transaction, as
#                                  `supabase db push` does (DIR: supabase/migrations)
#   apply_schema_files DB [DIR]    supabase/schemas/*.sql in name order, in one transaction; a
#                                  function body may name a table of a later file, so bodies are
#                                  checked when they run, as pg_dump's own output does
#   schema_dump DB                 the product's schema as sorted lines: public and private whole,
#                                  and what it adds to the platform's tables (storage.objects'
#                                  policies, triggers on auth.users and auth.mfa_factors)
#   reference_data DB              the rows the schema itself holds (roles and permissions, the
#                                  trusted proxies, history settings, the reviewable kinds, default
#                                  site settings without their generated ids, the storage buckets) as sorted JSON lines; the schema diff does not
#                                  compare rows, so this does
PLATFORM=scripts/platform-schema/supabase-platform.sql

load_platform_roles() {
  "${PSQL[@]}" -U supabase_admin -d postgres -f "$PLATFORM" >/dev/null
}

new_project() {
  "${PSQL[@]}" -U supabase_admin -d postgres -c "create database $1 owner postgres"
  "${PSQL[@]}" -U supabase_admin -d "$1" -f "$PLATFORM" >/dev/null
}

apply_migrations() {
  local migration
  for migration in "${2:-supabase/migrations}"/*.sql; do
    "${PSQL[@]}" -U postgres -d "$1" -1 -f "$migration" >/dev/null || { echo "$migration failed on PostgreSQL 15" >&2; return 1; }
  done
}

apply_schema_files() {
  cat "${2:-supabase/schemas}"/*.sql |
    PGOPTIONS="$PGOPTIONS -c check_function_bodies=off" "${PSQL[@]}" -U postgres -d "$1" -1 -f - >/dev/null ||
    { echo "${2:-supabase/schemas} failed on PostgreSQL 15" >&2; return 1; }
}

schema_dump() {
  {
    "$PG_BIN/pg_dump" -U postgres -d "$1" --schema-only --no-owner --schema=public --schema=private
    "$PG_BIN/pg_dump" -U postgres -d "$1" --schema-only --no-owner -t storage.objects -t auth.users -t auth.mfa_factors
  } | grep -v -E '^(\\restrict|\\unrestrict|--|$)' | LC_ALL=C sort
}

reference_data() {
  "${PSQL[@]}" -U postgres -d "$1" -At -c "
    select 'public.roles ' || to_jsonb(t)::text from public.roles t
    union all select 'public.permissions ' || to_jsonb(t)::text from public.permissions t
    union all select 'public.role_permissions ' || to_jsonb(t)::text from public.role_permissions t
    union all select 'private.trusted_proxies ' || to_jsonb(t)::text from private.trusted_proxies t
    union all select 'private.history_settings ' || to_jsonb(t)::text from private.history_settings t
    union all select 'private.reviewable_kinds ' || to_jsonb(t)::text from private.reviewable_kinds t
    union all select 'public.site_settings ' || (to_jsonb(t) - 'updated_at' - 'id')::text from public.site_settings t
    union all select 'storage.buckets ' || (to_jsonb(t) - 'created_at' - 'updated_at')::text from storage.buckets t" | LC_ALL=C sort
}

# Fails, showing the first differing lines, when two databases' schema or reference rows differ.
compare_projects() { # database, database
  local db status=0
  for db in "$1" "$2"; do
    schema_dump "$db" >"$work/$db.schema" && reference_data "$db" >"$work/$db.data" || return 1
  done
  for kind in schema data; do
    if ! diff -U0 "$work/$1.$kind" "$work/$2.$kind" >"$work/$kind.diff"; then
      grep -v -E '^(@@|---|\+\+\+)' "$work/$kind.diff" | head -n 40 >&2
      status=1
    fi
  done
  return $status
}
