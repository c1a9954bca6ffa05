// The raw rows of any table of a running local backend, private ones included (the activity log,
// which no API role may read): taken from the dump `npm run db:dump` makes, through the backend's
// dump socket, so a test sees exactly what is stored, as a copy of the database would hold it.
import { requestDump } from '../../local-supabase/src/dump-socket.ts'

export type RawRow = Record<string, string | null>

/** One value of a dump's row: NULL, '…' or E'…' (see sqlLiteral in local-supabase/src/dump.ts). */
function readLiteral(text: string, at: number): { value: string | null; end: number } {
  if (text.startsWith('NULL', at)) return { value: null, end: at + 4 }
  const escaped = text[at] === 'E'
  let i = at + (escaped ? 2 : 1)
  let value = ''
  for (;;) {
    const ch = text[i]
    if (ch === "'" && text[i + 1] === "'") {
      value += "'"
      i += 2
    } else if (ch === "'") {
      return { value, end: i + 1 }
    } else if (escaped && ch === '\\') {
      const next = text[i + 1]
      if (next === 'x') {
        value += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 4), 16))
        i += 4
      } else {
        value += next === 'n' ? '\n' : next === 'r' ? '\r' : next === 't' ? '\t' : next
        i += 2
      }
    } else {
      value += ch
      i += 1
    }
  }
}

function readTuple(line: string): (string | null)[] {
  const values: (string | null)[] = []
  let at = 1
  while (at < line.length && line[at] !== ')') {
    const { value, end } = readLiteral(line, at)
    values.push(value)
    at = line.startsWith(', ', end) ? end + 2 : end
  }
  return values
}

/** Every row of `table` (e.g. `private.activity_log`), each value as the text Postgres gives it. */
export async function rawRows(dataDir: string, table: string): Promise<RawRow[]> {
  const dump = await requestDump(dataDir)
  if (!dump) throw new Error(`no backend answers on the dump socket in ${dataDir}`)
  const rows: RawRow[] = []
  let columns: string[] | null = null
  for (const line of dump.sql.split('\n')) {
    const head = /^insert into (\S+) \(([^)]*)\)/.exec(line)
    if (head) {
      columns = head[1] === table ? head[2].split(', ') : null
    } else if (columns && line.startsWith('(')) {
      const values = readTuple(line)
      rows.push(Object.fromEntries(columns.map((column, i) => [column, values[i]])))
    } else if (!line.startsWith('(')) {
      columns = null
    }
  }
  return rows
}
