// PostgREST's resource embedding: `select=title,author:authors(name),comments(body)` follows
// foreign keys (many-to-one, one-to-many, many-to-many through a junction table) and nests the
// related rows in each row's JSON. Every embed is a correlated subquery in the same statement, so it
// runs as the same role and row-level security applies to every embedded table. Names in SQL come
// from the catalogue; JSON keys (aliases) are bound parameters.
import type { Catalogue, ForeignKey, Relation } from './catalogue.ts'
import { parseError, restError, type RestError } from './errors.ts'
import type { EmbedItem, EmbedOptions, FilterNode, OrderTerm, ParsedQuery, SelectItem } from './parse-query.ts'
import { column, filterConditions, ident, orderTerms, type Params, type Source } from './sql-parts.ts'

const MAX_KEYS = 50 // json_build_object takes at most 100 arguments

export type Cardinality = 'many-to-one' | 'one-to-many' | 'many-to-many'

export interface Relationship {
  cardinality: Cardinality
  target: Relation
  /** many-to-one: source -> target; one-to-many: target -> source; many-to-many: junction -> source. */
  key: ForeignKey
  /** many-to-many: junction -> target. */
  junctionKey?: ForeignKey
  junction?: Relation
}

function sourceOf(relation: Relation): Source {
  return { label: relation.name, columns: relation.columns, columnOrder: relation.columnOrder }
}

function notFound(source: string, target: string, hint: string | null): RestError {
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${source}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${source}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
    null,
  )
}

function describe(rel: Relationship): string {
  const via = rel.junction ? `${rel.key.name} and ${rel.junctionKey?.name} using ${rel.junction.name}` : rel.key.name
  return `${rel.cardinality} via ${via}`
}

function ambiguous(source: string, target: string, options: Relationship[]): RestError {
  const choices = options.map((rel) => `'${target}!${rel.junction ? rel.junction.name : rel.key.name}'`).join(', ')
  return restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source}' and '${target}'`,
    options.map(describe).join('; '),
    `Try changing '${target}' to one of the following: ${choices}. Find the desired relationship in the 'details' key.`,
  )
}

const single = (key: ForeignKey, hint: string) => key.name === hint || (key.columns.length === 1 && key.columns[0] === hint)

/** The one relationship `source` -> `name` (with `hint`), or PGRST200/PGRST201. */
export function findRelationship(catalogue: Catalogue, source: Relation, name: string, hint: string | null): Relationship {
  const keys = catalogue.foreignKeys
  const target = catalogue.relation(name)
  const candidates: Relationship[] = []
  if (!target) {
    // PostgREST also embeds through a foreign-key column: `author_id(name)`.
    const byColumn = keys.filter((key) => key.table === source.name && key.columns.length === 1 && key.columns[0] === name)
    const referenced = byColumn.length === 1 ? catalogue.relation(byColumn[0].refTable) : undefined
    if (!referenced) throw notFound(source.name, name, hint)
    return { cardinality: 'many-to-one', target: referenced, key: byColumn[0] }
  }
  for (const key of keys) {
    if (key.table === source.name && key.refTable === target.name) candidates.push({ cardinality: 'many-to-one', target, key })
    // A self-reference is many-to-one unless a hint asks otherwise (below).
    if (key.refTable === source.name && key.table === target.name && source.name !== target.name) {
      candidates.push({ cardinality: 'one-to-many', target, key })
    }
  }
  for (const junction of catalogue.relationNames().map((n) => catalogue.relation(n)).filter((r): r is Relation => Boolean(r))) {
    if (junction.name === source.name || junction.name === target.name || junction.kind !== 'table') continue
    const toSource = keys.filter((key) => key.table === junction.name && key.refTable === source.name)
    const toTarget = keys.filter((key) => key.table === junction.name && key.refTable === target.name)
    for (const a of toSource) {
      for (const b of toTarget) {
        if (a === b) continue
        const inKey = (cols: string[]) => cols.every((col) => junction.primaryKey.includes(col))
        if (inKey(a.columns) && inKey(b.columns)) candidates.push({ cardinality: 'many-to-many', target, key: a, junctionKey: b, junction })
      }
    }
  }
  let chosen = candidates
  if (hint !== null) {
    chosen = candidates.filter((rel) =>
      rel.junction ? rel.junction.name === hint || single(rel.key, hint) || single(rel.junctionKey as ForeignKey, hint) : single(rel.key, hint),
    )
  }
  if (chosen.length === 0) throw notFound(source.name, name, hint)
  if (chosen.length > 1) throw ambiguous(source.name, name, chosen)
  return chosen[0]
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

  /** Whether a select list needs the embedding path at all. */
  static needed(query: ParsedQuery): boolean {
    const nested = (items: readonly SelectItem[]): boolean => items.some((item) => item.kind === 'embed' || item.kind === 'count')
    return nested(query.select) || query.embedded.size > 0 || query.order.some((term) => term.embed !== undefined)
  }

  /** The JSON object of a row of `relation` (FROM alias `alias`), with its embeds and spreads. */
  rowObject(relation: Relation, alias: string, select: readonly SelectItem[], path: string): string {
    const entries: { key: string; sql: string }[] = []
    const source = sourceOf(relation)
    for (const item of select) {
      if (item.kind === 'star') {
        for (const name of relation.columnOrder) entries.push({ key: name, sql: `${alias}.${ident(name)}` })
      } else if (item.kind === 'column') {
        if (item.cast !== null) throw parseError('"failed to parse select parameter"', 'Casts are not supported next to embedded resources by the local backend.')
        entries.push({ key: item.alias ?? item.column, sql: `${alias}.${ident(column(source, item.column).name)}` })
      } else if (item.kind === 'count') {
        throw parseError('"failed to parse select parameter"', 'count() is supported inside an embedded resource, e.g. select=name,posts(count).')
      } else if (item.spread) {
        entries.push(...this.spread(relation, alias, item, path))
      } else {
        const key = item.alias ?? item.name
        entries.push({ key, sql: this.embed(relation, alias, item, path).value })
      }
    }
    if (entries.length > MAX_KEYS) throw parseError('"failed to parse select parameter"', `At most ${MAX_KEYS} keys can be selected with embedded resources.`)
    return `json_build_object(${entries.map((entry) => `${this.params.add(entry.key)}::text, ${entry.sql}`).join(', ')})`
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

  /** ORDER BY a column of a to-one embed: `order=author(name).desc`. */
  orderByEmbed(relation: Relation, alias: string, select: readonly SelectItem[], term: OrderTerm): string {
    const item = select.find((i): i is EmbedItem => i.kind === 'embed' && (i.alias === term.embed || i.name === term.embed))
    if (!item) throw restError(400, 'PGRST108', `'${term.embed}' is not an embedded resource in this request`, null, `Verify that '${term.embed}' is included in the 'select' query parameter.`)
    const rel = findRelationship(this.catalogue, relation, item.name, item.hint)
    if (rel.cardinality !== 'many-to-one') {
      throw restError(400, 'PGRST118', `A related order on '${rel.target.name}' is not possible`, `'${relation.name}' and '${rel.target.name}' do not form a many-to-one or one-to-one relationship`)
    }
    const child = this.nextAlias()
    const col = ident(column(sourceOf(rel.target), term.column).name)
    return `(select ${child}.${col} from public.${ident(rel.target.name)} as ${child} where ${this.correlation(rel, alias, child)} limit 1)`
  }

  private spread(relation: Relation, alias: string, item: EmbedItem, path: string): { key: string; sql: string }[] {
    const rel = findRelationship(this.catalogue, relation, item.name, item.hint)
    if (rel.cardinality !== 'many-to-one') {
      throw restError(400, 'PGRST119', `A spread operation on '${rel.target.name}' is not possible`, `'${relation.name}' and '${rel.target.name}' do not form a many-to-one or one-to-one relationship`)
    }
    const target = sourceOf(rel.target)
    const options = this.options(childPath(path, item), item, path)
    const names = item.select.flatMap((sub) => {
      if (sub.kind === 'star') return rel.target.columnOrder.map((name) => ({ key: name, column: name }))
      if (sub.kind === 'column' && sub.cast === null) return [{ key: sub.alias ?? sub.column, column: column(target, sub.column).name }]
      throw parseError('"failed to parse select parameter"', 'A spread embeds columns only.')
    })
    return names.map(({ key, column: col }) => {
      const child = this.nextAlias()
      const where = [this.correlation(rel, alias, child), ...filterConditions(options.filters, target, this.params, child)]
      return { key, sql: `(select ${child}.${ident(col)} from public.${ident(rel.target.name)} as ${child} where ${where.join(' and ')} limit 1)` }
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
    if (rel.cardinality === 'one-to-many') return pairs(child, rel.key.columns, parent, rel.key.refColumns).join(' and ')
    const junction = this.nextAlias()
    const via = [
      ...pairs(junction, rel.key.columns, parent, rel.key.refColumns),
      ...pairs(junction, (rel.junctionKey as ForeignKey).columns, child, (rel.junctionKey as ForeignKey).refColumns),
    ]
    return `exists (select 1 from public.${ident((rel.junction as Relation).name)} as ${junction} where ${via.join(' and ')})`
  }

  /** The embed's value (object, array or count) and an EXISTS test for a matching row. */
  private embed(relation: Relation, alias: string, item: EmbedItem, parentPath: string, want: 'value' | 'exists' = 'value'): { value: string; exists: string } {
    const rel = findRelationship(this.catalogue, relation, item.name, item.hint)
    const path = childPath(parentPath, item)
    const options = this.options(path, item, parentPath)
    const target = sourceOf(rel.target)
    const child = this.nextAlias()
    const table = `public.${ident(rel.target.name)} as ${child}`
    const where = [
      this.correlation(rel, alias, child),
      ...filterConditions(options.filters.filter((f) => !EmbedBuilder.embedFilters(item.select, [f]).size), target, this.params, child),
      ...this.rowConditions(rel.target, child, item.select, path, options.filters),
    ].join(' and ')
    const exists = `exists (select 1 from ${table} where ${where})`
    // Only what goes into the SQL may add parameters: an unused one has no type and fails the statement.
    if (want === 'exists') return { value: '', exists }
    const toOne = rel.cardinality === 'many-to-one'
    const countOnly = item.select.length === 1 && isCount(item.select[0], rel.target)
    if (countOnly) {
      const counted = `json_build_object(${this.params.add(countKey(item.select[0]))}::text, count(*))`
      return { value: `(select ${toOne ? counted : `json_build_array(${counted})`} from ${table} where ${where})`, exists }
    }
    const row = this.rowObject(rel.target, child, item.select, path)
    if (toOne) return { value: `(select ${row} from ${table} where ${where} limit 1)`, exists }
    const order = orderTerms(options.order, target, child, (term) => this.orderByEmbed(rel.target, child, item.select, term))
    let page = ''
    if (options.limit !== null) page += ` limit ${this.params.add(String(options.limit))}`
    if (options.offset !== null) page += ` offset ${this.params.add(String(options.offset))}`
    const inner = `select ${row} as pgrst_j from ${table} where ${where}${order.length ? ` order by ${order.join(', ')}` : ''}${page}`
    return { value: `(select coalesce(json_agg(pgrst_e.pgrst_j), '[]') from (${inner}) as pgrst_e)`, exists }
  }
}

function childPath(path: string, item: EmbedItem): string {
  const name = item.alias ?? item.name
  return path ? `${path}.${name}` : name
}

function isCount(item: SelectItem, relation: Relation): boolean {
  return item.kind === 'count' || (item.kind === 'column' && item.column === 'count' && item.cast === null && !relation.columns.has('count'))
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
      throw restError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, null, `Verify that '${path}' is included in the 'select' query parameter.`)
    }
  }
}
