// The schema cache: what the public schema exposes (tables, views and functions, with their columns
// and arguments), read from pg_catalog as the database owner. Every identifier that reaches SQL text
// comes from here, never from the request. Reloaded when a request names something unknown (at most
// once a second of the backend's clock, so unknown names cannot make the backend re-read the catalogue
// in a loop).
import type { PGlite } from '@electric-sql/pglite'
import { now } from '../test-clock.ts'
import { deriveKeys, type BaseForeignKey, type ViewDefinition } from './view-keys.ts'

export const EXPOSED_SCHEMA = 'public'

export interface Column {
  name: string
  /** format_type() of the column: safe to write into SQL as a type. */
  type: string
  /** Default expression (pg_get_expr), used for Prefer: missing=default. */
  defaultExpr: string | null
}

export interface Relation {
  schema: string
  name: string
  kind: 'table' | 'view'
  columns: Map<string, Column>
  /** Column names in table order (for `*` expansion). */
  columnOrder: string[]
  primaryKey: string[]
}

/**
 * A foreign key between two relations of the exposed schema: what resource embedding follows. A
 * view has the foreign keys of the table columns it shows, under their names.
 */
export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
  /** The referencing columns are unique in their table: the relationship is one-to-one. */
  oneToOne: boolean
}

export interface FunctionArg {
  name: string
  type: string
  hasDefault: boolean
}

export type ReturnShape =
  | { kind: 'void' }
  | { kind: 'scalar'; set: boolean }
  /** `relation`: the table or view whose row type it returns (in the same schema), if any. */
  | { kind: 'composite'; set: boolean; columns: Map<string, Column>; columnOrder: string[]; relation: string | null }

export interface RoutineInfo {
  schema: string
  name: string
  /** Input arguments in declaration order; an unnamed argument has name ''. */
  args: FunctionArg[]
  returns: ReturnShape
  volatile: boolean
  /** Postgres' estimate of the rows it returns (ROWS n); 1 makes a setof function to-one when embedded. */
  rows: number
  /** Per input argument: the relation whose row type it is (same schema), or null. */
  argRelations: (string | null)[]
}

/**
 * A function of one argument of a table's row type: a computed field when it returns anything but
 * rows of a table, a computed relationship when it does.
 */
export interface ComputedRelationship {
  routine: RoutineInfo
  target: string
  toOne: boolean
}

interface RelationRow {
  name: string
  kind: string
  columns: { name: string; type: string; default: string | null }[]
  pk: string[] | null
}

interface ForeignKeyRow {
  name: string
  table_oid: string
  table_schema: string
  table: string
  columns: string[]
  column_numbers: number[]
  ref_table_oid: string
  ref_schema: string
  ref_table: string
  ref_columns: string[]
  ref_column_numbers: number[]
  one_to_one: boolean
}

interface RoutineRow {
  name: string
  arg_names: string[] | null
  arg_modes: string[] | null
  arg_types: string[]
  all_types: string[] | null
  n_defaults: number
  retset: boolean
  ret_type: string
  ret_typtype: string
  ret_columns: { name: string; type: string }[] | null
  ret_relation: string | null
  arg_relations: (string | null)[]
  rows: number
  volatility: string
}

const RELATIONS_SQL = `
select c.relname as name, c.relkind::text as kind,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
                                              'default', coalesce(pg_get_expr(d.adbin, d.adrelid),
                                                -- An identity column's default is its sequence's next value.
                                                case when a.attidentity = 'd' then format('nextval(%L::regclass)',
                                                  pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)) end)) order by a.attnum)
            from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  (select array_agg(a.attname order by k.ord)
     from pg_index i cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = c.oid and i.indisprimary) as pk
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`

const ROUTINES_SQL = `
select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
  array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
  array(select format_type(t, null) from unnest(p.proallargtypes) as t) as all_types,
  p.pronargdefaults as n_defaults, p.proretset as retset, format_type(p.prorettype, null) as ret_type,
  rt.typtype::text as ret_typtype,
  (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
     from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped) as ret_columns,
  p.provolatile::text as volatility, p.prorows::float8 as rows,
  (select c.relname from pg_class c where c.oid = rt.typrelid and c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'f')) as ret_relation,
  array(select (select c.relname from pg_type t join pg_class c on c.oid = t.typrelid
                 where t.oid = a.oid and c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'f'))
        from unnest(p.proargtypes) with ordinality as a(oid, ord) order by a.ord) as arg_relations
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')`

// Every foreign key outside the system schemas: a view of the exposed schema may show another
// schema's tables, and then relates as they do.
const FOREIGN_KEYS_SQL = `
select c.conname as name, t.oid::text as table_oid, tn.nspname as table_schema, t.relname as table,
  r.oid::text as ref_table_oid, rn.nspname as ref_schema, r.relname as ref_table,
  c.conkey::int[] as column_numbers, c.confkey::int[] as ref_column_numbers,
  array(select a.attname from unnest(c.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.ord) as columns,
  array(select a.attname from unnest(c.confkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.ord) as ref_columns,
  exists (select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indisunique and i.indpred is null and i.indexprs is null
            and i.indkey::int2[] @> c.conkey and i.indkey::int2[] <@ c.conkey) as one_to_one
from pg_constraint c
join pg_class t on t.oid = c.conrelid join pg_namespace tn on tn.oid = t.relnamespace
join pg_class r on r.oid = c.confrelid join pg_namespace rn on rn.oid = r.relnamespace
where c.contype = 'f' and tn.nspname not in ('pg_catalog', 'information_schema')
  and rn.nspname not in ('pg_catalog', 'information_schema')
order by c.conname`

const VIEWS_SQL = `
select c.oid::text as oid, n.nspname as schema, c.relname as name, r.ev_action::text as definition,
  array(select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 order by a.attnum) as columns
from pg_class c join pg_namespace n on n.oid = c.relnamespace
join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`

// PostgREST reads its settings from the role it connects as (db-config); Supabase's documented way
// to change them is `alter role authenticator set pgrst.<name> = '<value>'`.
const SETTINGS_SQL = `
select coalesce(array_agg(c.setting), '{}') as config
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
cross join lateral unnest(s.setconfig) as c(setting)
where r.rolname = 'authenticator' and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`

/** The REST API's settings: PostgREST's defaults, as on a new Supabase project, unless set. */
export interface ApiSettings {
  /** db-schemas: the exposed schemas, the first one the default. */
  schemas: string[]
  /** db-aggregates-enabled: off on PostgREST 12 and on Supabase. */
  aggregates: boolean
  /** db-plan-enabled: Accept: application/vnd.pgrst.plan (EXPLAIN) answered. */
  plan: boolean
  /** db-tx-end: whether a request's transaction commits, and whether `Prefer: tx=` may change that. */
  txEnd: TxEnd
  /**
   * db-max-rows: the most rows one read answers, and the count past which `count=estimated` gives
   * Postgres' estimate instead of the exact count (Supabase's API settings: 1000). None when unset.
   */
  maxRows: number | null
}

export interface TxEnd {
  rollback: boolean
  allowOverride: boolean
}

const TX_ENDS: Record<string, TxEnd> = {
  commit: { rollback: false, allowOverride: false },
  'commit-allow-override': { rollback: false, allowOverride: true },
  rollback: { rollback: true, allowOverride: false },
  'rollback-allow-override': { rollback: true, allowOverride: true },
}

export function readSettings(config: readonly string[]): ApiSettings {
  const values = new Map<string, string>()
  for (const entry of config) {
    const at = entry.indexOf('=')
    if (at > 0) values.set(entry.slice(0, at).trim(), entry.slice(at + 1).trim())
  }
  const flag = (name: string) => ['true', 'on', 'yes', '1'].includes((values.get(name) ?? '').toLowerCase())
  const schemas = (values.get('pgrst.db_schemas') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  return {
    schemas: schemas.length > 0 ? schemas : [EXPOSED_SCHEMA],
    aggregates: flag('pgrst.db_aggregates_enabled'),
    plan: flag('pgrst.db_plan_enabled'),
    txEnd: TX_ENDS[(values.get('pgrst.db_tx_end') ?? '').toLowerCase()] ?? TX_ENDS.commit,
    maxRows:
      /^\d+$/.test(values.get('pgrst.db_max_rows') ?? '') && Number(values.get('pgrst.db_max_rows')) > 0 ? Number(values.get('pgrst.db_max_rows')) : null,
  }
}

const RELOAD_INTERVAL_MS = 1000

export class Catalogue {
  private relations = new Map<string, Relation>()
  private routines = new Map<string, RoutineInfo[]>()
  /** Per relation: computed fields and computed relationships, by function name. */
  private computedFields = new Map<string, Map<string, RoutineInfo>>()
  private computedRelationships = new Map<string, Map<string, ComputedRelationship>>()
  /** Foreign keys between exposed tables. */
  foreignKeys: ForeignKey[] = []
  private loadedAt = 0
  private loading: Promise<void> | null = null
  /** Bumped on every reload: plans built against an older generation are dropped. */
  generation = 0
  settings: ApiSettings = readSettings([])

  constructor(
    private readonly pg: PGlite,
    readonly schema: string = EXPOSED_SCHEMA,
  ) {}

  async load(): Promise<void> {
    if (!this.loading) {
      this.loading = this.read().finally(() => {
        this.loading = null
      })
    }
    return this.loading
  }

  /** Reloads when the last load is old enough; true when it did (so a retry may now succeed). */
  async reloadForUnknownName(): Promise<boolean> {
    if (now() - this.loadedAt < RELOAD_INTERVAL_MS) return false
    await this.load()
    return true
  }

  relation(name: string): Relation | undefined {
    return this.relations.get(name)
  }

  routineOverloads(name: string): RoutineInfo[] | undefined {
    return this.routines.get(name)
  }

  /** Computed fields of a relation: functions selected, filtered and ordered like columns. */
  computedFieldsOf(relation: string): ReadonlyMap<string, RoutineInfo> | undefined {
    return this.computedFields.get(relation)
  }

  computedRelationship(relation: string, name: string): ComputedRelationship | undefined {
    return this.computedRelationships.get(relation)?.get(name)
  }

  relationNames(): string[] {
    return [...this.relations.keys()]
  }

  routineNames(): string[] {
    return [...this.routines.keys()]
  }

  private async read(): Promise<void> {
    const [settings, relations, routines, foreignKeys, views] = await Promise.all([
      this.pg.query<{ config: string[] }>(SETTINGS_SQL),
      this.pg.query<RelationRow>(RELATIONS_SQL, [this.schema]),
      this.pg.query<RoutineRow>(ROUTINES_SQL, [this.schema]),
      this.pg.query<ForeignKeyRow>(FOREIGN_KEYS_SQL),
      this.pg.query<ViewDefinition>(VIEWS_SQL),
    ])
    const nextRelations = relationsOf(relations.rows, this.schema)
    const { routines: nextRoutines, fields, relationships } = routinesOf(routines.rows, this.schema)
    this.settings = readSettings(settings.rows[0]?.config ?? [])
    this.relations = nextRelations
    this.routines = nextRoutines
    this.computedFields = fields
    this.computedRelationships = relationships
    this.foreignKeys = deriveKeys(this.schema, foreignKeys.rows.map(baseKeyOf), views.rows)
    this.loadedAt = now()
    this.generation++
  }
}

function relationsOf(rows: RelationRow[], schema: string): Map<string, Relation> {
  const relations = new Map<string, Relation>()
  for (const row of rows) {
    const columns = new Map<string, Column>()
    for (const c of row.columns) columns.set(c.name, { name: c.name, type: c.type, defaultExpr: c.default })
    relations.set(row.name, {
      schema,
      name: row.name,
      kind: row.kind === 'r' || row.kind === 'p' ? 'table' : 'view',
      columns,
      columnOrder: row.columns.map((c) => c.name),
      primaryKey: row.pk ?? [],
    })
  }
  return relations
}

interface SchemaRoutines {
  /** The callable ones by name, overloads in PostgREST's order. */
  routines: Map<string, RoutineInfo[]>
  /** Computed fields: functions of one row returning a value, by relation and name. */
  fields: Map<string, Map<string, RoutineInfo>>
  /** Computed relationships: functions of one row returning rows of another relation. */
  relationships: Map<string, Map<string, ComputedRelationship>>
}

function routinesOf(rows: RoutineRow[], schema: string): SchemaRoutines {
  const found: SchemaRoutines = { routines: new Map(), fields: new Map(), relationships: new Map() }
  const add = <T>(map: Map<string, Map<string, T>>, relation: string, name: string, value: T) => {
    const byName = map.get(relation) ?? new Map<string, T>()
    byName.set(name, value)
    map.set(relation, byName)
  }
  for (const row of rows) {
    const routine = toRoutine(row, schema)
    if (callable(routine)) {
      const list = found.routines.get(routine.name) ?? []
      list.push(routine)
      found.routines.set(routine.name, list)
    }
    const owner = routine.args.length === 1 ? routine.argRelations[0] : null
    if (owner === null || routine.returns.kind === 'void') continue
    const target = routine.returns.kind === 'composite' ? routine.returns.relation : null
    if (target !== null && routine.returns.kind === 'composite') {
      add(found.relationships, owner, routine.name, { routine, target, toOne: !routine.returns.set || routine.rows === 1 })
    } else {
      add(found.fields, owner, routine.name, routine)
    }
  }
  for (const list of found.routines.values()) list.sort(compareOverloads)
  return found
}

function baseKeyOf(row: ForeignKeyRow): BaseForeignKey {
  return {
    name: row.name,
    tableOid: row.table_oid,
    tableSchema: row.table_schema,
    table: row.table,
    columns: row.columns,
    columnNumbers: row.column_numbers,
    refTableOid: row.ref_table_oid,
    refSchema: row.ref_schema,
    refTable: row.ref_table,
    refColumns: row.ref_columns,
    refColumnNumbers: row.ref_column_numbers,
    oneToOne: row.one_to_one,
  }
}

/**
 * PostgREST's order of overloads (which its PGRST203 lists): fewer parameters first, then by the
 * parameters' names, types and whether they are required.
 */
function compareOverloads(a: RoutineInfo, b: RoutineInfo): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length
  for (let i = 0; i < a.args.length; i++) {
    const [x, y] = [a.args[i], b.args[i]]
    const order = compareText(x.name, y.name) || compareText(x.type, y.type) || Number(!x.hasDefault) - Number(!y.hasDefault)
    if (order !== 0) return order
  }
  return 0
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The types an unnamed argument may have and still be called through /rpc (it takes the body). */
const UNNAMED_CALLABLE = new Set(['bytea', 'json', 'jsonb', 'text', 'xml'])

/**
 * Whether /rpc offers a function, as PostgREST's schema cache decides: every argument named, or
 * one unnamed argument of a type a body can be (a computed field's unnamed row argument is not).
 */
function callable(routine: RoutineInfo): boolean {
  const unnamed = routine.args.filter((arg) => arg.name === '')
  return unnamed.length === 0 || (unnamed.length === 1 && UNNAMED_CALLABLE.has(unnamed[0]!.type))
}

function toRoutine(row: RoutineRow, schema: string): RoutineInfo {
  // proargnames/proargmodes cover all arguments (in and out) when there are out arguments;
  // proargtypes covers the input ones only.
  const modes = row.arg_modes
  const names = row.arg_names ?? []
  const allTypes = row.all_types && row.all_types.length > 0 ? row.all_types : row.arg_types
  const inputs: FunctionArg[] = []
  const outputs: Column[] = []
  allTypes.forEach((type, index) => {
    const mode = modes ? modes[index] : 'i'
    const name = names[index] ?? ''
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false })
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type, defaultExpr: null })
  })
  // The last pronargdefaults input arguments have defaults.
  for (let i = inputs.length - row.n_defaults; i < inputs.length; i++) if (i >= 0) inputs[i].hasDefault = true

  let returns: ReturnShape
  if (row.ret_type === 'void') {
    returns = { kind: 'void' }
  } else if (outputs.length > 1 || row.ret_typtype === 'c') {
    // One OUT/TABLE column makes Postgres return that column's type: a scalar, as PostgREST has it.
    const cols = outputs.length > 1 ? outputs : (row.ret_columns ?? []).map((c) => ({ ...c, defaultExpr: null }))
    returns = {
      kind: 'composite',
      set: row.retset,
      columns: new Map(cols.map((c) => [c.name, c])),
      columnOrder: cols.map((c) => c.name),
      relation: outputs.length > 1 ? null : row.ret_relation,
    }
  } else {
    returns = { kind: 'scalar', set: row.retset }
  }
  return {
    schema,
    name: row.name,
    args: inputs,
    returns,
    volatile: row.volatility === 'v',
    rows: row.rows,
    argRelations: row.arg_relations,
  }
}
