// The migrations use only what a Supabase project provides: judged on the catalogue, before and
// after they run on the local platform preamble. A hosted project's `postgres` role does not own
// the platform's schemas and cannot create roles or event triggers; only the extensions Supabase
// ships can be installed, into its `extensions` schema. (scripts/ci-postgres.sh then runs them on
// real PostgreSQL 15, in databases built from Supabase's own schemas.)
//
// And the preamble offers nothing a project lacks: every column (with its type), function, enum
// label, trigger, role, schema and API-role privilege it makes in the platform's schemas is in the
// pinned description of Supabase's own (scripts/platform-schema/supabase-platform.sql), except the
// differences listed here with the reason each cannot matter (docs/local-backend.md shows them).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { file_fdw } from '@electric-sql/pglite/contrib/file_fdw'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'
import { beforeAll, describe, expect, it } from 'vitest'
import { applyMigrations, applyPreamble, repoRoot } from '../../local-supabase/src/bootstrap'

/** Extensions a Supabase project offers (its dashboard's list, Postgres 15). */
const SUPABASE_EXTENSIONS = new Set([
  'address_standardizer',
  'address_standardizer_data_us',
  'amcheck',
  'autoinc',
  'bloom',
  'btree_gin',
  'btree_gist',
  'citext',
  'cube',
  'dblink',
  'dict_int',
  'dict_xsyn',
  'earthdistance',
  'fuzzystrmatch',
  'hstore',
  'http',
  'hypopg',
  'index_advisor',
  'insert_username',
  'intarray',
  'isn',
  'lo',
  'ltree',
  'moddatetime',
  'pg_buffercache',
  'pg_cron',
  'pg_graphql',
  'pg_hashids',
  'pg_jsonschema',
  'pg_net',
  'pg_prewarm',
  'pg_repack',
  'pg_stat_monitor',
  'pg_stat_statements',
  'pg_trgm',
  'pg_walinspect',
  'pgaudit',
  'pgcrypto',
  'pgjwt',
  'pgmq',
  'pgroonga',
  'pgroonga_database',
  'pgrouting',
  'pgrowlocks',
  'pgsodium',
  'pgstattuple',
  'plpgsql',
  'plpgsql_check',
  'postgis',
  'postgis_raster',
  'postgis_sfcgal',
  'postgis_tiger_geocoder',
  'postgis_topology',
  'postgres_fdw',
  'refint',
  'rum',
  'seg',
  'sslinfo',
  'supabase_vault',
  'tablefunc',
  'tcn',
  'tsm_system_rows',
  'tsm_system_time',
  'unaccent',
  'uuid-ossp',
  'vector',
  'wrappers',
])
/** Extensions that live outside `extensions` on Supabase. */
const OWN_SCHEMA_EXTENSIONS = new Set(['plpgsql', 'pg_cron', 'pg_net', 'pg_graphql', 'pgsodium', 'supabase_vault', 'pgmq'])
/** Schemas the platform owns or reserves. */
const PLATFORM_SCHEMAS = new Set([
  'auth',
  'storage',
  'extensions',
  'realtime',
  '_realtime',
  'graphql',
  'graphql_public',
  'vault',
  'pgsodium',
  'pgsodium_masks',
  'net',
  'cron',
  'pgbouncer',
  'supabase_functions',
  'supabase_migrations',
  '_analytics',
  'pgmq',
])

const SNAPSHOT_SQL = `
select 'schema ' || nspname as item from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'
union all select 'role ' || rolname from pg_roles where rolname not like 'pg\\_%'
union all select 'extension ' || e.extname || ' in ' || n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
union all select 'event trigger ' || evtname from pg_event_trigger
union all select 'relation ' || n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('auth', 'storage')
union all select 'column ' || n.nspname || '.' || c.relname || '.' || a.attname from pg_attribute a
  join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('auth', 'storage') and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
union all select 'function ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('auth', 'storage')`

async function snapshot(pg: PGlite): Promise<Set<string>> {
  return new Set((await pg.query<{ item: string }>(SNAPSHOT_SQL)).rows.map((r) => r.item))
}

/** What `change` adds to the platform preamble's database that a Supabase project would refuse or lacks. */
async function refusedAdditions(change: (pg: PGlite) => Promise<unknown>): Promise<string[]> {
  // Two extensions PGlite can load, to judge the extension rule: one Supabase offers, one it does not.
  const pg = new PGlite({ extensions: { citext, file_fdw } })
  try {
    await applyPreamble(pg)
    const before = await snapshot(pg)
    await change(pg)
    const added = [...(await snapshot(pg))].filter((item) => !before.has(item))
    const problems: string[] = []
    for (const item of added) {
      const [kind, name, , schema] = item.split(' ')
      // A new table's columns come with it.
      if (kind === 'column' && added.includes(`relation ${name.split('.').slice(0, 2).join('.')}`)) continue
      if (kind === 'schema') {
        if (PLATFORM_SCHEMAS.has(name) || name.startsWith('supabase')) problems.push(`${item}: a platform schema`)
      } else if (kind === 'extension') {
        if (!SUPABASE_EXTENSIONS.has(name)) problems.push(`${item}: not offered by Supabase`)
        else if (schema !== 'extensions' && !OWN_SCHEMA_EXTENSIONS.has(name)) problems.push(`${item}: install it with schema extensions`)
      } else {
        // Roles, event triggers, and tables, columns, indexes or functions in auth and storage.
        problems.push(`${item}: only the platform makes these`)
      }
    }
    return problems
  } finally {
    await pg.close()
  }
}

describe('what the migrations need from the platform', () => {
  it('is only what a Supabase project provides', async () => {
    expect(await refusedAdditions((pg) => applyMigrations(pg))).toEqual([])
  })

  it('excludes roles, platform schemas and their tables, event triggers and extensions Supabase lacks', async () => {
    const problems = await refusedAdditions((pg) =>
      pg.exec(`
        create role sneaky;
        create schema realtime;
        create table auth.audit_trail (id int);
        alter table storage.objects add column note text;
        create index on storage.objects (created_at);
        create function storage.touch() returns int language sql as 'select 1';
        create function public.on_ddl() returns event_trigger language plpgsql as 'begin end';
        create event trigger on_ddl on ddl_command_end execute function public.on_ddl();
        create extension citext;
        create extension file_fdw with schema extensions;
      `),
    )
    expect(problems.sort()).toEqual(
      [
        'role sneaky: only the platform makes these',
        'schema realtime: a platform schema',
        'relation auth.audit_trail: only the platform makes these',
        'column storage.objects.note: only the platform makes these',
        'relation storage.objects_created_at_idx: only the platform makes these',
        'function storage.touch(): only the platform makes these',
        'event trigger on_ddl: only the platform makes these',
        'extension citext in public: install it with schema extensions',
        'extension file_fdw in extensions: not offered by Supabase',
      ].sort(),
    )
  })
})

const PLATFORM_DESCRIPTION = path.join(repoRoot, 'scripts/platform-schema/supabase-platform.sql')
const API_ROLES = "(values ('anon'), ('authenticated'), ('service_role')) as r (rolname)"

/** What a database offers in the platform's schemas, one line per item. */
const SURFACE_SQL = `
select 'schema ' || nspname as item from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'
union all select 'role ' || rolname from pg_roles where rolname not like 'pg\\_%'
union all select 'column ' || n.nspname || '.' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
  from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
union all select 'function ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || pg_get_function_result(p.oid)
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('auth', 'storage')
union all select 'enum ' || n.nspname || '.' || t.typname || ' ' || e.enumlabel
  from pg_enum e join pg_type t on t.oid = e.enumtypid join pg_namespace n on n.oid = t.typnamespace where n.nspname in ('auth', 'storage')
union all select 'trigger ' || n.nspname || '.' || c.relname || ' ' || g.tgname
  from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('auth', 'storage') and not g.tgisinternal
union all select 'row level security on ' || n.nspname || '.' || c.relname
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('auth', 'storage') and c.relrowsecurity
union all select 'privilege ' || r.rolname || ' ' || p.privilege || ' on ' || n.nspname || '.' || c.relname
  from pg_class c join pg_namespace n on n.oid = c.relnamespace cross join ${API_ROLES}
  cross join (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) as p (privilege)
  where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'v', 'p') and has_table_privilege(r.rolname, c.oid, p.privilege)
union all select 'privilege ' || r.rolname || ' EXECUTE on ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace cross join ${API_ROLES}
  where n.nspname in ('auth', 'storage') and has_function_privilege(r.rolname, p.oid, 'EXECUTE')
union all select 'privilege ' || r.rolname || ' USAGE on schema ' || n.nspname from pg_namespace n cross join ${API_ROLES}
  where n.nspname in ('auth', 'storage', 'extensions', 'public') and has_schema_privilege(r.rolname, n.oid, 'USAGE')`

/**
 * What the preamble makes that a Supabase project does not have, and why each cannot matter. Every
 * entry must still match something: a difference that is gone comes off this list (and the doc's).
 */
const KNOWN_DIFFERENCES: { item: RegExp; why: string }[] = [
  { item: /^column auth\.sessions\.ip text$/, why: 'hosted keeps inet; only the local auth service reads sessions' },
  {
    item: /^schema local_auth$/,
    why: "the local auth API's TOTP guard; no API role reaches it, no migration names it, a dump carries it only in a section psql skips",
  },
  { item: /^schema local_storage$/, why: "the local storage API's spent upload tokens; no API role reaches its table, no migration names it" },
  { item: /^schema supabase_migrations$/, why: 'the Supabase CLI makes it on a project at the first `supabase db push`' },
  {
    item: /^privilege (anon|authenticated) REFERENCES on auth\.users$/,
    why: 'foreign keys to auth.users are made by postgres, which holds REFERENCES on a project too; the API roles create no tables',
  },
  {
    item: /^privilege service_role (SELECT|INSERT|UPDATE|DELETE|TRUNCATE|REFERENCES|TRIGGER) on auth\.\w+$/,
    why: 'PostgREST exposes no auth schema on either side, and the local auth service works as the system user; the migrations and pgTAP pass on the description without them (scripts/ci-postgres.sh)',
  },
]

async function surface(pg: PGlite): Promise<string[]> {
  return (await pg.query<{ item: string }>(SURFACE_SQL)).rows.map((r) => r.item).sort()
}

/**
 * A database as the description makes it. PGlite runs as `postgres` on PostgreSQL 17, so two kinds of
 * statement are loaded differently: `postgres` keeps its superuser (the session needs it), and role
 * memberships drop GRANTED BY (17 requires the grantor to hold ADMIN on the role; 15 does not).
 */
async function platformDatabase(): Promise<PGlite> {
  const description = (await readFile(PLATFORM_DESCRIPTION, 'utf8'))
    .split('\n')
    .filter((line) => !line.startsWith('ALTER ROLE postgres WITH '))
    .map((line) => line.replace(/^(GRANT \S+ TO \S+) GRANTED BY \S+;$/, '$1;'))
    .join('\n')
  const pg = new PGlite({ extensions: { pgcrypto, uuid_ossp } })
  await pg.exec('create role supabase_admin superuser')
  await pg.exec(description)
  return pg
}

describe("the local preamble against Supabase's own schemas", () => {
  let platform: string[]
  let preamble: string[]

  beforeAll(async () => {
    const hosted = await platformDatabase()
    const local = new PGlite()
    try {
      await applyPreamble(local)
      ;[platform, preamble] = [await surface(hosted), await surface(local)]
    } finally {
      await Promise.all([hosted.close(), local.close()])
    }
  })

  it("describes a project: Supabase Auth's and Storage's tables, roles and grants", () => {
    for (const item of [
      'column auth.mfa_factors.secret text',
      'column auth.identities.provider_id text',
      'function auth.uid() uuid',
      'role supabase_auth_admin',
      'privilege authenticated EXECUTE on auth.uid()',
    ]) {
      expect(platform).toContain(item)
    }
    expect(platform).not.toContain('schema local_auth')
  })

  it('offers nothing a project lacks, beyond the listed differences', () => {
    const missing = preamble.filter((item) => !platform.includes(item))
    expect(missing.filter((item) => !KNOWN_DIFFERENCES.some((d) => d.item.test(item)))).toEqual([])
    // A listed difference that no longer exists is taken off the list.
    expect(KNOWN_DIFFERENCES.filter((d) => !missing.some((item) => d.item.test(item))).map((d) => d.item.source)).toEqual([])
  })
})
