// Foreign keys of views, as PostgREST infers them: a view column that is a plain reference to a
// table column (directly or through other views) stands for that column, so a foreign key whose
// columns all appear in a view relates the view as it relates the table (view to table, table to
// view, view to view). The column origins come from the view's stored query tree: Postgres' parser
// records each output column's source table and column (`resorigtbl`, `resorigcol`) there.

/** One foreign key as the catalogue reads it, from any schema (views may expose another schema's tables). */
export interface BaseForeignKey {
  name: string
  tableOid: string
  tableSchema: string
  table: string
  columns: string[]
  columnNumbers: number[]
  refTableOid: string
  refSchema: string
  refTable: string
  refColumns: string[]
  refColumnNumbers: number[]
  /** The referencing columns are unique: at most one referencing row per referenced row. */
  oneToOne: boolean
}

export interface ViewDefinition {
  oid: string
  schema: string
  name: string
  /** pg_rewrite.ev_action as text: the view's query tree. */
  definition: string
  /** Column names by attribute number (index 0 is column 1). */
  columns: string[]
}

/** A relationship key between two relations of the exposed schema, named by the base foreign key. */
export interface DerivedKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
  oneToOne: boolean
}

interface Origin {
  table: string
  column: number
}

const MAX_VIEW_DEPTH = 16

/**
 * The source (table oid, column number) of each output column of the query tree's top-level
 * target list, by output column number; columns that are expressions have none. The tree's
 * tokens escape `(){}\` and blanks with a backslash, so unescaped brackets give its structure.
 */
export function targetOrigins(definition: string): Map<number, Origin> {
  const origins = new Map<number, Origin>()
  let depth = 0
  let listDepth = -1
  let entry: { resno: number; table: string; column: number } | null = null
  const readToken = (from: number): { token: string; end: number } => {
    let at = from
    while (definition[at] === ' ') at++
    let token = ''
    while (at < definition.length && !' (){}'.includes(definition[at])) {
      if (definition[at] === '\\') at++
      token += definition[at] ?? ''
      at++
    }
    return { token, end: at }
  }
  for (let i = 0; i < definition.length; i++) {
    const ch = definition[i]
    if (ch === '\\') {
      i++
    } else if (ch === '{' || ch === '(') {
      depth++
      if (listDepth >= 0 && depth === listDepth + 1 && ch === '{') entry = { resno: 0, table: '0', column: 0 }
    } else if (ch === '}' || ch === ')') {
      if (listDepth >= 0 && depth === listDepth + 1 && ch === '}' && entry) {
        if (entry.resno > 0 && entry.table !== '0' && entry.column > 0) origins.set(entry.resno, { table: entry.table, column: entry.column })
        entry = null
      }
      if (depth === listDepth) return origins
      depth--
    } else if (ch === ':' && definition[i - 1] === ' ' && definition[i - 2] !== '\\') {
      const field = readToken(i + 1)
      // The outer query's fields sit inside `({QUERY …`: depth 2.
      if (depth === 2 && field.token === 'targetList') {
        const value = readToken(field.end)
        if (value.token === '<>') return origins
        listDepth = depth + 1
        i = field.end - 1
      } else if (entry && depth === listDepth + 1 && ['resno', 'resorigtbl', 'resorigcol'].includes(field.token)) {
        const value = readToken(field.end).token
        if (field.token === 'resno') entry.resno = Number(value)
        else if (field.token === 'resorigtbl') entry.table = value
        else entry.column = Number(value)
        i = field.end - 1
      }
    }
  }
  return origins
}

/**
 * The foreign keys among the exposed schema's tables and views: each base key whose two tables are
 * exposed, and each key carried onto every exposed view that shows all its columns (a view showing
 * a column twice relates once per choice of columns, as PostgREST has it).
 */
export function deriveKeys(schema: string, keys: readonly BaseForeignKey[], views: readonly ViewDefinition[]): DerivedKey[] {
  const viewsByOid = new Map(views.map((view) => [view.oid, { view, origins: targetOrigins(view.definition) }]))
  const resolve = (origin: Origin, depth: number): Origin | null => {
    const inner = viewsByOid.get(origin.table)
    if (!inner) return origin
    if (depth >= MAX_VIEW_DEPTH) return null
    const next = inner.origins.get(origin.column)
    return next ? resolve(next, depth + 1) : null
  }
  // Per base table oid and column number: the exposed views' columns that show it.
  const shownIn = new Map<string, Map<string, string[]>>()
  for (const { view, origins } of viewsByOid.values()) {
    if (view.schema !== schema) continue
    for (const [resno, origin] of origins) {
      const name = view.columns[resno - 1]
      const base = name === undefined ? null : resolve(origin, 0)
      if (!base) continue
      const byView = shownIn.get(`${base.table}:${base.column}`) ?? new Map<string, string[]>()
      byView.set(view.name, [...(byView.get(view.name) ?? []), name])
      shownIn.set(`${base.table}:${base.column}`, byView)
    }
  }
  /** Each exposed relation that shows all of a table's `columns`, with each choice of its columns. */
  const relationsShowing = (tableOid: string, tableSchema: string, table: string, columns: string[], numbers: number[]) => {
    const found: { relation: string; columns: string[] }[] = tableSchema === schema ? [{ relation: table, columns }] : []
    const perColumn = numbers.map((number) => shownIn.get(`${tableOid}:${number}`) ?? new Map<string, string[]>())
    for (const viewName of perColumn[0]?.keys() ?? []) {
      let choices: string[][] = [[]]
      for (const byView of perColumn) {
        const options = byView.get(viewName) ?? []
        choices = choices.flatMap((chosen) => options.map((option) => [...chosen, option]))
      }
      for (const chosen of choices) found.push({ relation: viewName, columns: chosen })
    }
    return found
  }
  const derived: DerivedKey[] = []
  for (const key of keys) {
    const from = relationsShowing(key.tableOid, key.tableSchema, key.table, key.columns, key.columnNumbers)
    const to = relationsShowing(key.refTableOid, key.refSchema, key.refTable, key.refColumns, key.refColumnNumbers)
    for (const a of from) {
      for (const b of to) {
        derived.push({ name: key.name, table: a.relation, columns: a.columns, refTable: b.relation, refColumns: b.columns, oneToOne: key.oneToOne })
      }
    }
  }
  return derived
}
