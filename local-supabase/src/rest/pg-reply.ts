// Reads the backend's reply to a pipeline straight from the protocol bytes: the data rows of each
// statement and the first error. Only what the executor needs (DataRow, CommandComplete,
// ErrorResponse); everything else (ParseComplete, BindComplete, notices, ReadyForQuery) is skipped.
const decoder = new TextDecoder()

export type Row = (string | null)[]

/** A Postgres error as the backend reported it (SQLSTATE code, message, detail, hint). */
export class PgError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly detail: string | undefined,
    readonly hint: string | undefined,
  ) {
    super(message)
    this.name = 'PgError'
  }
}

export interface Reply {
  /** Data rows per completed statement (simple queries such as BEGIN count as one). */
  statements: Row[][]
  error: PgError | null
}

function errorFrom(bytes: Uint8Array, start: number, end: number): PgError {
  const fields: Record<string, string> = {}
  let at = start
  while (at < end && bytes[at] !== 0) {
    const type = String.fromCharCode(bytes[at])
    const close = bytes.indexOf(0, at + 1)
    fields[type] = decoder.decode(bytes.subarray(at + 1, close))
    at = close + 1
  }
  return new PgError(fields.M ?? 'Unknown database error', fields.C ?? 'XX000', fields.D, fields.H)
}

export function readReply(bytes: Uint8Array): Reply {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const statements: Row[][] = []
  let rows: Row[] = []
  let error: PgError | null = null
  let at = 0
  while (at + 5 <= bytes.length) {
    const type = bytes[at]
    const length = view.getInt32(at + 1)
    const body = at + 5
    const end = at + 1 + length
    if (type === 0x44) {
      // 'D' DataRow: int16 count, then per field int32 length (-1 = null) and the bytes.
      const count = view.getInt16(body)
      const row: Row = new Array<string | null>(count)
      let field = body + 2
      for (let i = 0; i < count; i++) {
        const size = view.getInt32(field)
        field += 4
        if (size < 0) {
          row[i] = null
        } else {
          row[i] = decoder.decode(bytes.subarray(field, field + size))
          field += size
        }
      }
      rows.push(row)
    } else if (type === 0x43) {
      // 'C' CommandComplete
      statements.push(rows)
      rows = []
    } else if (type === 0x45 && error === null) {
      // 'E' ErrorResponse
      error = errorFrom(bytes, body, end)
    }
    at = end
  }
  return { statements, error }
}
