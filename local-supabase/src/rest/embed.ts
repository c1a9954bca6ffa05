// PostgREST's resource embedding: `select=title,author:authors(name),comments(body)` follows
// foreign keys (many-to-one, one-to-many, many-to-many through a junction table) and nests the
// related rows in each row's JSON. Every embed is a correlated subquery in the same statement, so it
// runs as the same role and row-level security applies to every embedded table. Names in SQL come
// from the catalogue; JSON keys (aliases) are bound parameters.
import type { Catalogue, ForeignKey, Relation, RoutineInfo } from './catalogue.ts'
import { parseError, restError, RestError } from './errors.ts'
import { closestName, fuzzyMatches } from './fuzzy.ts'
import type { EmbedItem, EmbedOptions, FilterNode, OrderTerm, ParsedQuery, SelectItem } from './parse-query.ts'
import {
  castSql,
  fieldKey,
  fieldSql,
  filterConditions,
  groupBySql,
  ident,
  itemSql,
  orderTerms,
  relationSource,
  tableSql,
  type Params,
  type Source,
} from './sql-parts.ts'

const MAX_KEYS = 50 // json_build_object takes at most 100 arguments

export type Cardinality = 'many-to-one' | 'one-to-one' | 'one-to-many' | 'many-to-many'

/** A relationship whose embed is one object or null rather than an array. */
const isToOne = (rel: Relationship) => rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one'

export interface Relationship {
  cardinality: Cardinality
  source: Relation
  target: Relation
  /** A computed relationship: the function that returns the related rows of a row. */
  computed?: RoutineInfo
  /** many-to-one: source -> target; one-to-one and one-to-many: target -> source; many-to-many: junction -> source. */
  key: ForeignKey
  /** many-to-many: junction -> target. */
  junctionKey?: ForeignKey
  junction?: Relation
}

/** The tables `relation` has relationships with: foreign keys either way, junctions, computed ones. */
function relatedNames(catalogue: Catalogue, relation: string): string[] {
  const names: string[] = []
  for (const key of catalogue.foreignKeys) {
    if (key.table === relation) names.push(key.refTable)
    if (key.refTable === relation) names.push(key.table)
  }
  return names
}

/** PGRST200, its hint PostgREST's: a close table name among the related ones, or a close parent. */
function notFound(catalogue: Catalogue, source: string, target: string, hint: string | null, schema: string): RestError {
  const related = relatedNames(catalogue, source)
  let suggestion: string | null = null
  if (related.length > 0) {
    const child = fuzzyMatches(target, related).find((match) => match.score < 1)?.name
    if (child !== undefined) suggestion = `Perhaps you meant '${child}' instead of '${target}'.`
  } else {
    const parents = catalogue.relationNames().filter((name) => relatedNames(catalogue, name).length > 0)
    const parent = closestName(source, parents)
    if (parent !== null) suggestion = `Perhaps you meant '${parent}' instead of '${source}'.`
  }
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${source}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${source}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
    suggestion,
  )
}

const columnList = (columns: readonly string[]) => `(${columns.join(', ')})`

/** One relationship as PGRST201's details list it. */
function describe(rel: Relationship): { cardinality: Cardinality; embedding: string; relationship: string } {
  const embedding = `${rel.source.name} with ${rel.target.name}`
  if (rel.junction && rel.junctionKey) {
    const relationship = `${rel.junction.name} using ${rel.key.name}${columnList(rel.key.columns)} and ${rel.junctionKey.name}${columnList(rel.junctionKey.columns)}`
    return { cardinality: rel.cardinality, embedding, relationship }
  }
  const { origin, foreign } = sides(rel)
  return {
    cardinality: rel.cardinality,
    embedding,
    relationship: `${rel.key.name} using ${rel.source.name}${columnList(origin)} and ${rel.target.name}${columnList(foreign)}`,
  }
}

function ambiguous(source: string, target: string, options: Relationship[]): RestError {
  const choices = options.map((rel) => `'${rel.target.name}!${rel.junction ? rel.junction.name : rel.key.name}'`).join(', ')
  return new RestError(300, {
    code: 'PGRST201',
    message: `Could not embed because more than one relationship was found for '${source}' and '${target}'`,
    details: options.map(describe),
    hint: `Try changing '${target}' to one of the following: ${choices}. Find the desired relationship in the 'details' key.`,
  })
}

const NO_KEY: ForeignKey = { name: '', table: '', columns: [], refTable: '', refColumns: [], oneToOne: false }

/** The key's columns on the embedding table's side (origin) and on the embedded one's (foreign). */
function sides(rel: Relationship): { origin: string[]; foreign: string[] } {
  return rel.cardinality === 'many-to-one' ? { origin: rel.key.columns, foreign: rel.key.refColumns } : { origin: rel.key.refColumns, foreign: rel.key.columns }
}

const isOne = (columns: readonly string[], name: string) => columns.length === 1 && columns[0] === name

/** Every foreign-key relationship of `source`: to-one, to-many (both for a self-reference) and through junctions. */
function relationshipsOf(catalogue: Catalogue, source: Relation): Relationship[] {
  const found: Relationship[] = []
  const keys = catalogue.foreignKeys
  for (const key of keys) {
    const target = key.table === source.name ? catalogue.relation(key.refTable) : undefined
    if (target) found.push({ cardinality: 'many-to-one', source, target, key })
    const referencing = key.refTable === source.name ? catalogue.relation(key.table) : undefined
    if (referencing) found.push({ cardinality: key.oneToOne ? 'one-to-one' : 'one-to-many', source, target: referencing, key })
  }
  for (const name of catalogue.relationNames()) {
    const junction = catalogue.relation(name)
    if (!junction || junction.name === source.name || junction.kind !== 'table') continue
    const inKey = (cols: string[]) => cols.every((col) => junction.primaryKey.includes(col))
    for (const a of keys) {
      if (a.table !== junction.name || a.refTable !== source.name || !inKey(a.columns)) continue
      for (const b of keys) {
        if (b === a || b.table !== junction.name || b.refTable === junction.name || b.refTable === source.name || !inKey(b.columns)) continue
        const target = catalogue.relation(b.refTable)
        if (target) found.push({ cardinality: 'many-to-many', source, target, key: a, junctionKey: b, junction })
      }
    }
  }
  return found
}

/** PostgREST 12's choice of relationships for `name` with `hint` (Plan.findRel). */
function matches(rel: Relationship, name: string, hint: string | null): boolean {
  const toTable = rel.target.name === name
  if (rel.key.table === rel.key.refTable && !rel.junction) {
    // A self-reference: the table's name (or the hint's column) is the to-many side; the
    // referencing column's name is the to-one side.
    if (hint === null) return (toTable && rel.cardinality !== 'many-to-one') || (rel.cardinality === 'many-to-one' && isOne(rel.key.columns, name))
    return toTable && rel.cardinality !== 'many-to-one' && isOne(rel.key.columns, hint)
  }
  const { origin, foreign } = rel.junction ? { origin: [], foreign: [] } : sides(rel)
  const notView = rel.target.kind !== 'view'
  if (hint === null) return toTable || (!rel.junction && notView && (rel.key.name === name || isOne(origin, name)))
  if (!toTable) return false
  if (rel.junction) return rel.junction.name === hint
  return rel.key.name === hint || isOne(origin, hint) || isOne(foreign, hint)
}

/** The one relationship `source` -> `name` (with `hint`), or PGRST200/PGRST201. */
export function findRelationship(catalogue: Catalogue, source: Relation, name: string, hint: string | null): Relationship {
  // A function of the row (computed relationship) takes precedence over foreign keys of that name.
  const computed = catalogue.computedRelationship(source.name, name)
  const computedTarget = computed && catalogue.relation(computed.target)
  if (computed && computedTarget) {
    return { cardinality: computed.toOne ? 'many-to-one' : 'one-to-many', source, target: computedTarget, key: NO_KEY, computed: computed.routine }
  }
  const chosen = relationshipsOf(catalogue, source).filter((rel) => matches(rel, name, hint))
  if (chosen.length === 0) throw notFound(catalogue, source.name, name, hint, source.schema)
  if (chosen.length > 1) throw ambiguous(source.name, name, chosen)
  return chosen[0]
}

/** One key of a row's JSON object. */
interface Entry {
  key: string
  sql: string
  /** What GROUP BY names for it, when other keys aggregate. */
  group: string
  /** False for an aggregate. */
  grouped: boolean
  /** An aggregate lifted out of a to-one spread, to apply to `sql` where the row's object is built. */
  hoist?: (value: string) => string
}

/** The related rows of one embed, as relatedRows builds them. */
interface RelatedRows {
  rel: Relationship
  path: string
  options: EmbedOptions
  child: string
  label: string
  target: Source
  table: string
  where: string
}

/** Builds the JSON of rows with their embeds, for one statement. */
export class EmbedBuilder {
  private aliases = 0

  constructor(
    private readonly catalogue: Catalogue,
    private readonly params: Params,
    private readonly embedded: ParsedQuery['embedded'],
  ) {}

  nextAlias(): string {
    return `pgrst_${++this.aliases}`
  }

  /**
   * Columns and computed fields of `relation`, its row being FROM alias `alias`; `label` names it in
   * errors as PostgREST's statement names it (an embedded table is `<table>_<depth>`).
   */
  private sourceOf(relation: Relation, alias: string, label = relation.name): Source {
    return { ...relationSource(relation, this.catalogue, `${alias}::${tableSql(relation)}`), label }
  }

  /** The FROM item of the related rows (alias `child`) and their join condition with the parent row. */
  private related(rel: Relationship, parent: string, child: string): { table: string; on: string } {
    if (rel.computed) {
      const fn = `${ident(rel.computed.schema)}.${ident(rel.computed.name)}`
      return { table: `${fn}(${parent}::${tableSql(rel.source)}) as ${child}`, on: 'true' }
    }
    return { table: `${tableSql(rel.target)} as ${child}`, on: this.correlation(rel, parent, child) }
  }

  /** Whether a select list needs the embedding path at all. */
  static needed(query: ParsedQuery): boolean {
    const nested = (items: readonly SelectItem[]): boolean => items.some((item) => item.kind === 'embed')
    return nested(query.select) || query.embedded.size > 0 || query.order.some((term) => term.embed !== undefined)
  }

  /**
   * The JSON object of a row of `relation` (FROM alias `alias`), with its embeds and spreads; the
   * lateral joins its spreads read from (to follow the FROM item); and, when the select list
   * aggregates, the GROUP BY of its other fields (the same SQL text, so Postgres sees the selected
   * fields as grouped).
   */
  row(
    relation: Relation,
    alias: string,
    select: readonly SelectItem[],
    path: string,
    label = relation.name,
  ): { object: string; joins: string; groupBy: string } {
    const { entries: fields, joins } = this.fields(relation, alias, select, path, false, label)
    // An aggregate lifted out of a to-one spread applies here, to the spread's value of the field.
    const entries = fields.map((entry) => (entry.hoist ? { key: entry.key, sql: entry.hoist(entry.sql), group: '', grouped: false } : entry))
    if (entries.length > MAX_KEYS) throw parseError('"failed to parse select parameter"', `At most ${MAX_KEYS} keys can be selected with embedded resources.`)
    const object = `json_build_object(${entries.map((entry) => `${this.params.add(entry.key)}::text, ${entry.sql}`).join(', ')})`
    return {
      object,
      joins: joins.join(''),
      groupBy: groupBySql(
        entries.map((entry) => ({ sql: entry.group, grouped: entry.grouped })),
        entries.some((entry) => !entry.grouped),
      ),
    }
  }

  /**
   * The keys a row of `relation` contributes, a spread's included. Inside a to-one spread
   * (`hoisting`) an aggregate is not computed over the spread's one row: its field is selected
   * plain and the aggregate lifted to the row that embeds it, as PostgREST hoists it.
   */
  private fields(
    relation: Relation,
    alias: string,
    select: readonly SelectItem[],
    path: string,
    hoisting: boolean,
    label = relation.name,
  ): { entries: Entry[]; joins: string[] } {
    const entries: Entry[] = []
    const joins: string[] = []
    const source = this.sourceOf(relation, alias, label)
    const joined = new Set<string>()
    for (const item of select) {
      if (item.kind === 'star') {
        for (const name of relation.columnOrder) entries.push({ key: name, sql: `${alias}.${ident(name)}`, group: `${alias}.${ident(name)}`, grouped: true })
      } else if (item.kind === 'column') {
        const field = fieldSql(source, item, `${alias}.`, this.params)
        if (hoisting && item.aggregate !== null) {
          const { aggregate, aggregateCast } = item
          entries.push({
            key: fieldKey(item),
            sql: castSql(field, item.cast),
            group: '',
            grouped: true,
            hoist: (value) => castSql(`${aggregate}(${value})`, aggregateCast),
          })
        } else {
          entries.push({ key: fieldKey(item), sql: itemSql(item, field), group: field, grouped: item.aggregate === null })
        }
      } else if (item.kind === 'count') {
        const key = item.alias ?? 'count'
        // A spread's row counts where it is joined: the rows that have one.
        entries.push(
          hoisting ? { key, sql: 'true', group: '', grouped: true, hoist: (value) => `count(${value})` } : { key, sql: 'count(*)', group: '', grouped: false },
        )
      } else {
        if (item.select.length === 0) findRelationship(this.catalogue, relation, item.name, item.hint)
        else if (item.spread) this.spread(relation, alias, item, path, entries, joins)
        else {
          const value = this.embed(relation, alias, item, path).value
          entries.push({ key: item.alias ?? item.name, sql: value, group: value, grouped: true })
        }
        // PostgREST joins each embed under `<table>_<embed>_<depth>`: two embeds of one name make
        // its statement fail, and Postgres' error is the answer.
        const joinName = `${relation.name}_${item.alias ?? item.name}_${depthOf(childPath(path, item))}`
        if (joined.has(joinName)) throw restError(400, '42712', `table name "${joinName}" specified more than once`)
        joined.add(joinName)
      }
    }
    return { entries, joins }
  }

  /**
   * Conditions on the rows of `relation` (alias `alias`) that its embeds add: `!inner` embeds must
   * have a matching row, `embed=is.null` / `embed=not.is.null` filters test for one.
   */
  rowConditions(relation: Relation, alias: string, select: readonly SelectItem[], path: string, filters: readonly FilterNode[] = []): string[] {
    const conditions: string[] = []
    for (const item of select) {
      if (item.kind !== 'embed') continue
      if (item.join === 'inner') conditions.push(this.embed(relation, alias, item, path, 'exists').exists)
      for (const filter of filters) {
        if (filter.kind !== 'condition' || (filter.column !== item.alias && filter.column !== item.name)) continue
        if (filter.op !== 'is' || filter.value !== 'null') {
          throw restError(400, 'PGRST120', 'Bad operator on the embedded resource', 'Only is.null or not.is.null filters are allowed on embedded resources')
        }
        const { exists } = this.embed(relation, alias, item, path, 'exists')
        conditions.push(filter.negate ? exists : `not ${exists}`)
      }
    }
    return conditions
  }

  /** Filters of the top level that are about embeds (handled by rowConditions), to keep out of WHERE. */
  static embedFilters(select: readonly SelectItem[], filters: readonly FilterNode[]): Set<FilterNode> {
    const names = new Set(select.flatMap((item) => (item.kind === 'embed' ? [item.alias ?? item.name, item.name] : [])))
    return new Set(filters.filter((f) => f.kind === 'condition' && names.has(f.column)))
  }

  /** ORDER BY a column of a to-one embed: `order=author(name).desc`; `path` is `relation`'s. */
  orderByEmbed(relation: Relation, alias: string, select: readonly SelectItem[], term: OrderTerm, path = ''): string {
    const item = select.find((i): i is EmbedItem => i.kind === 'embed' && (i.alias === term.embed || i.name === term.embed))
    if (!item)
      throw restError(
        400,
        'PGRST108',
        `'${term.embed}' is not an embedded resource in this request`,
        null,
        `Verify that '${term.embed}' is included in the 'select' query parameter.`,
      )
    const rel = findRelationship(this.catalogue, relation, item.name, item.hint)
    if (!isToOne(rel)) {
      throw restError(
        400,
        'PGRST118',
        `A related order on '${rel.target.name}' is not possible`,
        `'${relation.name}' and '${rel.target.name}' do not form a many-to-one or one-to-one relationship`,
      )
    }
    const child = this.nextAlias()
    const { table, on } = this.related(rel, alias, child)
    // PostgREST orders by the embed's joined row, `<table>_<embed>_<depth>`.
    const label = `${relation.name}_${item.alias ?? item.name}_${depthOf(childPath(path, item))}`
    return `(select ${fieldSql(this.sourceOf(rel.target, child, label), term, `${child}.`, this.params)} from ${table} where ${on} limit 1)`
  }

  /**
   * A spread's keys, added to `entries`, from a lateral join added to `joins`. To-one: the related
   * row's fields. To-many (as PostgREST 13 and later): each field becomes the array of its values
   * over the related rows, in the embed's order (`[]` when there are none).
   */
  private spread(relation: Relation, alias: string, item: EmbedItem, path: string, entries: Entry[], joins: string[]): void {
    const rows = this.relatedRows(relation, alias, item, path)
    const toOne = isToOne(rows.rel)
    const inner = this.fields(rows.rel.target, rows.child, item.select, rows.path, toOne, rows.label)
    if (!toOne && inner.entries.some((entry) => entry.hoist || !entry.grouped)) {
      throw restError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.')
    }
    const columns = inner.entries.map((entry, i) => `${entry.sql} as pgrst_s${i}`)
    const from = `${rows.table}${inner.joins.join('')} where ${rows.where}`
    const joined = this.nextAlias()
    let lateral: string
    if (toOne) {
      lateral = `select ${columns.join(', ') || 'null'} from ${from} limit 1`
    } else {
      const sorted = this.nextAlias()
      // Every array aggregates the same rows in the same (sorted) order, so the arrays line up.
      const arrays = inner.entries.map((_, i) => `coalesce(json_agg(${sorted}.pgrst_s${i}), '[]') as pgrst_s${i}`)
      lateral = `select ${arrays.join(', ') || 'null'} from (select ${columns.join(', ') || 'null'} from ${from}${this.orderAndPage(rows, item)}) as ${sorted}`
    }
    joins.push(` left join lateral (${lateral}) as ${joined} on true`)
    inner.entries.forEach((entry, i) => {
      const sql = `${joined}.pgrst_s${i}`
      entries.push({ key: entry.key, sql, group: sql, grouped: true, hoist: entry.hoist })
    })
  }

  /** Options given under the embed's alias or, when aliased, its table name. */
  private options(path: string, item?: EmbedItem, parentPath = ''): EmbedOptions {
    const byAlias = this.embedded.get(path)
    const byName = item && item.alias !== null ? this.embedded.get(parentPath ? `${parentPath}.${item.name}` : item.name) : undefined
    if (!byName) return byAlias ?? { filters: [], order: [], limit: null, offset: null }
    if (!byAlias) return byName
    return {
      filters: [...byAlias.filters, ...byName.filters],
      order: byAlias.order.length ? byAlias.order : byName.order,
      limit: byAlias.limit ?? byName.limit,
      offset: byAlias.offset ?? byName.offset,
    }
  }

  /** The join condition between the parent row (alias `parent`) and the target rows (alias `child`). */
  private correlation(rel: Relationship, parent: string, child: string): string {
    const pairs = (left: string, leftCols: string[], right: string, rightCols: string[]) =>
      leftCols.map((col, i) => `${left}.${ident(col)} = ${right}.${ident(rightCols[i])}`)
    if (rel.cardinality === 'many-to-one') return pairs(child, rel.key.refColumns, parent, rel.key.columns).join(' and ')
    if (rel.cardinality === 'one-to-many' || rel.cardinality === 'one-to-one') return pairs(child, rel.key.columns, parent, rel.key.refColumns).join(' and ')
    const junction = this.nextAlias()
    const via = [
      ...pairs(junction, rel.key.columns, parent, rel.key.refColumns),
      ...pairs(junction, (rel.junctionKey as ForeignKey).columns, child, (rel.junctionKey as ForeignKey).refColumns),
    ]
    return `exists (select 1 from ${tableSql(rel.junction as Relation)} as ${junction} where ${via.join(' and ')})`
  }

  /**
   * The related rows of an embed or spread: the relationship, their FROM item (alias `child`, named
   * `label` in errors) and their WHERE: the join with the parent row, the embed's filters and the
   * conditions of its own embeds.
   */
  private relatedRows(relation: Relation, alias: string, item: EmbedItem, parentPath: string): RelatedRows {
    const rel = findRelationship(this.catalogue, relation, item.name, item.hint)
    const path = childPath(parentPath, item)
    const options = this.options(path, item, parentPath)
    const child = this.nextAlias()
    const label = embeddedLabel(rel, path)
    const target = this.sourceOf(rel.target, child, label)
    const { table, on } = this.related(rel, alias, child)
    const where = [
      on,
      ...filterConditions(
        options.filters.filter((f) => !EmbedBuilder.embedFilters(item.select, [f]).size),
        target,
        this.params,
        child,
      ),
      ...this.rowConditions(rel.target, child, item.select, path, options.filters),
    ].join(' and ')
    return { rel, path, options, child, label, target, table, where }
  }

  /** ` order by … limit … offset …` of an embed's related rows, as its options ask. */
  private orderAndPage(rows: RelatedRows, item: EmbedItem): string {
    const order = orderTerms(rows.options.order, rows.target, this.params, rows.child, (term) =>
      this.orderByEmbed(rows.rel.target, rows.child, item.select, term, rows.path),
    )
    let sql = order.length ? ` order by ${order.join(', ')}` : ''
    if (rows.options.limit !== null) sql += ` limit ${this.params.add(String(rows.options.limit))}`
    if (rows.options.offset !== null) sql += ` offset ${this.params.add(String(rows.options.offset))}`
    return sql
  }

  /** The embed's value (object, array or count) and an EXISTS test for a matching row. */
  private embed(relation: Relation, alias: string, item: EmbedItem, parentPath: string, want: 'value' | 'exists' = 'value'): { value: string; exists: string } {
    const rows = this.relatedRows(relation, alias, item, parentPath)
    const { rel, table, where } = rows
    // OFFSET 0 keeps the test a subplan run for each parent row, in the parent's scan order, as
    // PostgREST's lateral join runs it: Postgres would otherwise turn it into a semi-join, and an
    // unordered read could then start from another row than PostgREST's.
    const exists = `exists (select 1 from ${table} where ${where} offset 0)`
    // Only what goes into the SQL may add parameters: an unused one has no type and fails the statement.
    if (want === 'exists') return { value: '', exists }
    const toOne = isToOne(rel)
    const countOnly = item.select.length === 1 && isCount(item.select[0], rel.target)
    if (countOnly) {
      const counted = `json_build_object(${this.params.add(countKey(item.select[0]))}::text, count(*))`
      return { value: `(select ${toOne ? counted : `json_build_array(${counted})`} from ${table} where ${where})`, exists }
    }
    const { object: row, joins, groupBy } = this.row(rel.target, rows.child, item.select, rows.path, rows.label)
    if (toOne) return { value: `(select ${row} from ${table}${joins} where ${where}${groupBy} limit 1)`, exists }
    const inner = `select ${row} as pgrst_j from ${table}${joins} where ${where}${groupBy}${this.orderAndPage(rows, item)}`
    return { value: `(select coalesce(json_agg(pgrst_e.pgrst_j), '[]') from (${inner}) as pgrst_e)`, exists }
  }
}

/** How deep an embed's path is: 1 for an embed of the top level. */
function depthOf(path: string): number {
  return path === '' ? 0 : path.split('.').length
}

/**
 * The name PostgREST's statement gives an embedded table, which Postgres' errors then use:
 * `<table>_<depth>`, or the table's own name through a junction.
 */
function embeddedLabel(rel: Relationship, path: string): string {
  return rel.junction ? rel.target.name : `${rel.target.name}_${depthOf(path)}`
}

function childPath(path: string, item: EmbedItem): string {
  const name = item.alias ?? item.name
  return path ? `${path}.${name}` : name
}

function isCount(item: SelectItem, relation: Relation): boolean {
  return (
    item.kind === 'count' ||
    (item.kind === 'column' && item.column === 'count' && item.json.length === 0 && item.cast === null && !relation.columns.has('count'))
  )
}

function countKey(item: SelectItem): string {
  return (item.kind === 'count' || item.kind === 'column' ? item.alias : null) ?? 'count'
}

/** Embed paths named by filters that no embed of the select list has: PGRST108. */
export function checkEmbeddedPaths(query: ParsedQuery): void {
  const known = new Set<string>()
  const walk = (items: readonly SelectItem[], path: string) => {
    for (const item of items) {
      if (item.kind !== 'embed') continue
      for (const name of new Set([item.alias ?? item.name, item.name])) {
        const sub = path ? `${path}.${name}` : name
        known.add(sub)
        walk(item.select, sub)
      }
    }
  }
  walk(query.select, '')
  for (const path of query.embedded.keys()) {
    if (!known.has(path)) {
      throw restError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      )
    }
  }
}
