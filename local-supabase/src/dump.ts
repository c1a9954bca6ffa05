// Data dumps of the local database as plain SQL: psql loads one into a Supabase project after
// `supabase db push`, and `npm run db:restore` loads one into a fresh local data directory.
//
// Data only, since the schema comes from the migrations on both sides: every table of the
// product's schemas (replaced as a whole, so rows that migrations insert are not doubled), the
// sequences' positions, the staff accounts (auth.users, with an `email` identity made on a hosted
// project, which needs one per account), their authenticators (auth.mfa_factors with the secrets,
// so two-factor sign-in survives the move) and two sections psql skips unless asked: the storage
// object rows (a hosted project gets them from its Storage API when `npm run storage:push` uploads
// the files; `-v storage_rows=1` loads them) and the local backend's own state (local_auth: spent
// TOTP time steps and wrong-code locks, which no Supabase project has; `-v local_backend=1`).
// db:restore loads every section. Sessions, refresh tokens and pending challenges stay behind:
// staff sign in again.
//
// Every row is one line and string literals never span lines (newlines are escaped), so psql's
// meta-commands are the only lines starting with a backslash; dumpStatements() relies on that.
import type { Transaction } from '@electric-sql/pglite'

type Queryable = Pick<Transaction, 'query'>

/**
 * Schemas the platform or the local backend owns; the product's tables are in every other schema.
 * local_storage (spent signed-upload tokens) is short-lived bookkeeping that no dump carries.
 */
const PLATFORM_SCHEMAS = ['auth', 'storage', 'local_auth', 'local_storage', 'extensions', 'supabase_migrations', 'pg_catalog', 'information_schema', 'pg_toast']
/** The platform's tables a dump carries (auth.identities only where the local database has one). */
const ACCOUNT_TABLES = ['auth.users', 'auth.identities', 'auth.mfa_factors']
/** The local backend's own tables that a restore needs and a Supabase project does not have. */
const LOCAL_BACKEND_SCHEMA = 'local_auth'
const ROWS_PER_INSERT = 500
/** The psql variable that loads the storage object rows. */
export const STORAGE_ROWS_VARIABLE = 'storage_rows'
/** The psql variable that loads the local backend's own state. */
export const LOCAL_BACKEND_VARIABLE = 'local_backend'

interface TableInfo {
  schema: string
  name: string
  /** Quoted, without generated columns (Postgres computes those). */
  columns: string[]
  identityAlways: boolean
  /** Quoted primary-key columns, for a stable row order. */
  key: string[] | null
}

export interface DumpSummary {
  /** Rows per table, by qualified name (`public.<table>`, `auth.users`, `storage.objects`). */
  rows: Record<string, number>
  /** Accounts whose password hash only the local backend can verify (a scrypt hash from before bcrypt). */
  localOnlyHashes: string[]
}

/** A stored file as its row describes it, at the moment of the dump. */
export interface StoredObject {
  bucket: string
  name: string
  size: number
  /** `"<md5 hex>"`, as S3 and the local backend give it. */
  eTag: string
  mimetype: string
  cacheControl: string
}

export interface Dump {
  sql: string
  summary: DumpSummary
  objects: StoredObject[]
}

const TABLES_SQL = `
select n.nspname as schema, c.relname as name,
  array_agg(quote_ident(a.attname) order by a.attnum) as columns,
  bool_or(a.attidentity = 'a') as identity_always,
  (select array_agg(quote_ident(k.attname) order by x.ord)
     from pg_index i
     cross join unnest(i.indkey) with ordinality as x (attnum, ord)
     join pg_attribute k on k.attrelid = i.indrelid and k.attnum = x.attnum
    where i.indrelid = c.oid and i.indisprimary) as key
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
where c.relkind in ('r', 'p') and not c.relispartition
  and ((n.nspname <> all ($1::text[]) and n.nspname not like 'pg\\_%') or (n.nspname || '.' || c.relname) = any ($2::text[])
    or n.nspname = $3)
group by n.nspname, c.relname, c.oid
order by n.nspname, c.relname`

const SEQUENCES_SQL = `
select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name
from pg_sequences
where schemaname <> all ($1::text[]) and schemaname not like 'pg\\_%'
order by 1`

/** A string as a one-line SQL literal; NULL for null. */
export function sqlLiteral(value: string | null): string {
  if (value === null) return 'NULL'
  // Control characters are what must be escaped, so a literal never spans lines.
  // eslint-disable-next-line no-control-regex
  if (!/[\\\x00-\x1f\x7f]/.test(value)) return `'${value.replaceAll("'", "''")}'`
  // eslint-disable-next-line no-control-regex
  const escaped = value.replace(/[\\'\x00-\x1f\x7f]/g, (ch) => {
    if (ch === '\\') return '\\\\'
    if (ch === "'") return "''"
    if (ch === '\n') return '\\n'
    if (ch === '\r') return '\\r'
    if (ch === '\t') return '\\t'
    return `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`
  })
  return `E'${escaped}'`
}

async function describeTables(tx: Queryable, platformTables: string[]): Promise<TableInfo[]> {
  const { rows } = await tx.query<{ schema: string; name: string; columns: string[]; identity_always: boolean; key: string[] | null }>(TABLES_SQL, [
    PLATFORM_SCHEMAS,
    platformTables,
    LOCAL_BACKEND_SCHEMA,
  ])
  return rows.map((row) => ({ schema: row.schema, name: row.name, columns: row.columns, identityAlways: row.identity_always, key: row.key }))
}

function qualified(table: Pick<TableInfo, 'schema' | 'name'>): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`
}

function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`
}

/** The table's rows as INSERT statements (several rows each), every value read as text. */
async function insertsFor(tx: Queryable, table: TableInfo): Promise<{ lines: string[]; count: number }> {
  const select = table.columns.map((column) => `${column}::text`).join(', ')
  const order = table.key ? ` order by ${table.key.join(', ')}` : ''
  const { rows } = await tx.query<(string | null)[]>(`select ${select} from ${qualified(table)}${order}`, [], { rowMode: 'array' })
  const lines: string[] = []
  const head = `insert into ${qualified(table)} (${table.columns.join(', ')})${table.identityAlways ? ' overriding system value' : ''} values`
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = rows.slice(start, start + ROWS_PER_INSERT)
    lines.push(head)
    batch.forEach((row, i) => lines.push(`(${row.map(sqlLiteral).join(', ')})${i === batch.length - 1 ? ';' : ','}`))
  }
  return { lines, count: rows.length }
}

/** After the accounts are in: what a hosted project's Auth needs of them, skipped where absent. */
function hostedAuthFixups(userIds: string[]): string[] {
  const ids = sqlLiteral(`{${userIds.join(',')}}`)
  return [
    'do $$',
    'declare',
    `  ids uuid[] := ${ids};`,
    '  token_columns text;',
    'begin',
    '  -- Supabase Auth signs an account in through its `email` identity; the local backend keeps none.',
    "  if to_regclass('auth.identities') is not null then",
    '    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)',
    "    select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', u.email_confirmed_at is not null, 'phone_verified', false),",
    "      'email', u.last_sign_in_at, u.created_at, u.updated_at",
    '    from auth.users u',
    '    where u.id = any (ids) and u.email is not null',
    "      and not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email');",
    '  end if;',
    '  -- Supabase Auth reads its token columns as strings: NULL in them fails every sign-in.',
    "  select string_agg(format('%I = coalesce(%I, %L)', column_name, column_name, ''), ', ') into token_columns",
    '  from information_schema.columns',
    "  where table_schema = 'auth' and table_name = 'users' and column_name in ('confirmation_token', 'recovery_token',",
    "    'email_change_token_new', 'email_change_token_current', 'email_change', 'phone_change', 'phone_change_token', 'reauthentication_token');",
    '  if token_columns is not null then',
    "    execute format('update auth.users set %s where id = any ($1)', token_columns) using ids;",
    '  end if;',
    'end',
    '$$;',
  ]
}

/** Each table's rows as inserts into `body`, counted in `summary`. */
async function pushInserts(tx: Queryable, tables: TableInfo[], summary: DumpSummary, body: string[]): Promise<void> {
  for (const table of tables) {
    const { lines, count } = await insertsFor(tx, table)
    summary.rows[`${table.schema}.${table.name}`] = count
    body.push(...lines)
  }
}

/** Each sequence of the product set where it stands. */
async function sequenceSettings(tx: Queryable): Promise<string[]> {
  const lines: string[] = []
  const sequences = await tx.query<{ name: string }>(SEQUENCES_SQL, [PLATFORM_SCHEMAS])
  for (const { name } of sequences.rows) {
    const state = await tx.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${name}`)
    const { last_value, is_called } = state.rows[0]
    lines.push(`select setval(${sqlLiteral(name)}, ${last_value}, ${is_called});`)
  }
  return lines
}

/** What the dump says and sets before its rows. */
function dumpHeader(summary: DumpSummary): string[] {
  return [
    `-- Data of the local backend, dumped ${new Date().toISOString()}.`,
    '-- Into a Supabase project, after `supabase db push`:  psql "$DATABASE_URL" -f <this file>',
    '-- Into an empty local data directory:               npm run db:restore -- <this file>',
    ...(summary.localOnlyHashes.length > 0
      ? [`-- Not yet bcrypt (they sign in on the local backend once, or reset their password): ${summary.localOnlyHashes.join(', ')}`]
      : []),
    '\\set ON_ERROR_STOP on',
    'begin;',
    // Triggers (updated_at, audit rows) and foreign-key checks would rewrite or refuse rows that are
    // already consistent; Supabase lets its postgres role set this, as its own restore guide does.
    'set local session_replication_role = replica;',
    '',
  ]
}

/**
 * Dumps the data. Run it in one transaction (PGlite runs one at a time, so nothing changes while it
 * reads): the dump is then one consistent moment.
 */
export async function dumpData(tx: Queryable): Promise<Dump> {
  // Settings that make every value's text form exact and readable by any Postgres.
  await tx.query(`select set_config('datestyle', 'ISO, YMD', true), set_config('intervalstyle', 'postgres', true),
    set_config('timezone', 'UTC', true), set_config('extra_float_digits', '3', true)`)
  const tables = await describeTables(tx, [...ACCOUNT_TABLES, 'storage.objects'])
  const product = tables.filter((t) => !PLATFORM_SCHEMAS.includes(t.schema))
  const byName = (name: string) => tables.find((t) => `${t.schema}.${t.name}` === name)
  const users = byName('auth.users')
  const objects = byName('storage.objects')
  if (!users || !objects) throw new Error('auth.users or storage.objects is missing: not a local backend database')
  const accountTables = ACCOUNT_TABLES.map(byName).filter((t) => t !== undefined)
  const localBackend = tables.filter((t) => t.schema === LOCAL_BACKEND_SCHEMA)

  const summary: DumpSummary = { rows: {}, localOnlyHashes: [] }
  const body: string[] = []

  body.push("-- The product's tables, replaced as a whole (migrations insert default rows in some).")
  body.push(`truncate table ${product.map(qualified).join(', ')};`)
  await pushInserts(tx, product, summary, body)
  body.push(...(await sequenceSettings(tx)))

  body.push('', '-- Staff accounts (password hashes as Supabase Auth writes them: bcrypt) and their authenticators.')
  await pushInserts(tx, accountTables, summary, body)
  const ids = await tx.query<{ id: string; email: string | null; local_hash: boolean }>(
    `select id::text, email, coalesce(encrypted_password not like '$2_$%', false) as local_hash from auth.users order by id`,
  )
  summary.localOnlyHashes = ids.rows.filter((r) => r.local_hash).map((r) => r.email ?? r.id)
  if (ids.rows.length > 0) body.push(...hostedAuthFixups(ids.rows.map((r) => r.id)))

  body.push('', `-- Storage object rows: a hosted project gets them from storage:push; psql -v ${STORAGE_ROWS_VARIABLE}=1 loads them.`)
  body.push(`\\if :{?${STORAGE_ROWS_VARIABLE}}`)
  await pushInserts(tx, [objects], summary, body)
  body.push('\\endif')

  body.push('', `-- The local backend's own state, which no Supabase project has: db:restore (or psql -v ${LOCAL_BACKEND_VARIABLE}=1) loads it.`)
  body.push(`\\if :{?${LOCAL_BACKEND_VARIABLE}}`)
  await pushInserts(tx, localBackend, summary, body)
  body.push('\\endif')
  const stored = await tx.query<StoredObject>(
    `select bucket_id as bucket, name, coalesce((metadata->>'size')::bigint, 0)::float8 as size,
       coalesce(metadata->>'eTag', '') as "eTag", coalesce(metadata->>'mimetype', 'application/octet-stream') as mimetype,
       coalesce(metadata->>'cacheControl', 'no-cache') as "cacheControl"
     from storage.objects order by bucket_id, name`,
  )

  return { sql: [...dumpHeader(summary), ...body, 'commit;', ''].join('\n'), summary, objects: stored.rows }
}

/** The SQL of a dump without its psql meta-commands: every part runs, the storage rows included. */
export function dumpStatements(sql: string): string {
  return sql
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
}
