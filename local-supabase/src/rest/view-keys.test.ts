import { describe, expect, it } from 'vitest'
import { deriveKeys, targetOrigins, type BaseForeignKey, type ViewDefinition } from './view-keys.ts'

/** A query tree as Postgres stores a view's, reduced to what is read: entries of the outer target list. */
function tree(entries: { resno: number; name: string; table: number; column: number }[], inner = ''): string {
  const list = entries
    .map(
      (e) =>
        `{TARGETENTRY :expr {VAR :varno 1 :varattno ${e.column}} :resno ${e.resno} :resname ${e.name} :resorigtbl ${e.table} :resorigcol ${e.column} :resjunk false}`,
    )
    .join(' ')
  return `({QUERY :commandType 1 :rtable (${inner}) :targetList (${list}) :sortClause <>})`
}

describe('targetOrigins', () => {
  it("reads the outer query's target list, not a subquery's, and skips computed columns", () => {
    const subquery = `{RANGETBLENTRY :subquery {QUERY :targetList ({TARGETENTRY :resno 1 :resname x :resorigtbl 99 :resorigcol 9})}}`
    const definition = tree(
      [
        { resno: 1, name: 'id', table: 100, column: 1 },
        { resno: 2, name: 'label', table: 0, column: 0 },
        { resno: 3, name: 'owner', table: 100, column: 3 },
      ],
      subquery,
    )
    expect(targetOrigins(definition)).toEqual(
      new Map([
        [1, { table: '100', column: 1 }],
        [3, { table: '100', column: 3 }],
      ]),
    )
  })

  it('is not misled by escaped brackets and blanks in names', () => {
    const definition = `({QUERY :targetList ({TARGETENTRY :resno 1 :resname a\\)\\ :resno\\ 7 :resorigtbl 100 :resorigcol 2})})`
    expect(targetOrigins(definition)).toEqual(new Map([[1, { table: '100', column: 2 }]]))
    expect(targetOrigins('({QUERY :targetList <>})')).toEqual(new Map())
  })
})

describe('deriveKeys', () => {
  const key: BaseForeignKey = {
    name: 'orders_customer_fkey',
    tableOid: '100',
    tableSchema: 'public',
    table: 'orders',
    columns: ['customer_id'],
    columnNumbers: [2],
    refTableOid: '200',
    refSchema: 'public',
    refTable: 'customers',
    refColumns: ['id'],
    refColumnNumbers: [1],
    oneToOne: false,
  }
  const view = (oid: string, name: string, columns: string[], entries: { resno: number; table: number; column: number }[]): ViewDefinition => ({
    oid,
    schema: 'public',
    name,
    columns,
    definition: tree(entries.map((e) => ({ ...e, name: columns[e.resno - 1] }))),
  })

  it('carries a key onto views that show its columns, and through a view of a view', () => {
    const views = [
      view(
        '300',
        'order_list',
        ['no', 'buyer'],
        [
          { resno: 1, table: 100, column: 1 },
          { resno: 2, table: 100, column: 2 },
        ],
      ),
      view('301', 'recent_orders', ['buyer'], [{ resno: 1, table: 300, column: 2 }]),
    ]
    const keys = deriveKeys('public', [key], views).map((k) => `${k.table}(${k.columns.join()})->${k.refTable}(${k.refColumns.join()})`)
    expect(keys.sort()).toEqual(['order_list(buyer)->customers(id)', 'orders(customer_id)->customers(id)', 'recent_orders(buyer)->customers(id)'])
  })

  it('relates once per column that shows the key twice, and not at all without every column', () => {
    const views = [
      view(
        '300',
        'twice',
        ['a', 'b'],
        [
          { resno: 1, table: 100, column: 2 },
          { resno: 2, table: 100, column: 2 },
        ],
      ),
      view('301', 'none', ['no'], [{ resno: 1, table: 100, column: 1 }]),
    ]
    const keys = deriveKeys('public', [key], views).filter((k) => k.table !== 'orders')
    expect(keys.map((k) => k.columns)).toEqual([['a'], ['b']])
  })

  it('leaves out keys of schemas the API does not expose unless a view shows them', () => {
    const hidden = { ...key, tableSchema: 'private', table: 'orders' }
    expect(deriveKeys('public', [hidden], [])).toEqual([])
  })
})
