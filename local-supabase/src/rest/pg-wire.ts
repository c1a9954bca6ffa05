// A minimal encoder for the extended query protocol, so one request's statements (role settings,
// then the query) reach PGlite as ONE message: a single call into the WASM backend instead of the
// six that PGlite's query() makes per statement. Parameters are sent as text with no declared type,
// so Postgres infers each one from its use, exactly as for an untyped bind parameter.
const encoder = new TextEncoder()

export interface WireStatement {
  /** Name of the prepared statement ('' for the unnamed one). */
  name: string
  /** SQL text to prepare under `name` first, or null when it is already prepared. */
  parse: string | null
  params: readonly (string | null)[]
}

class Writer {
  private readonly chunks: Uint8Array[] = []
  private size = 0

  message(type: string, body: readonly Uint8Array[]): void {
    let length = 4
    for (const part of body) length += part.length
    const head = new Uint8Array(5)
    head[0] = type.charCodeAt(0)
    new DataView(head.buffer).setInt32(1, length)
    this.push(head)
    for (const part of body) this.push(part)
  }

  private push(part: Uint8Array): void {
    this.chunks.push(part)
    this.size += part.length
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size)
    let offset = 0
    for (const chunk of this.chunks) {
      out.set(chunk, offset)
      offset += chunk.length
    }
    return out
  }
}

function cstring(text: string): Uint8Array {
  const bytes = encoder.encode(text)
  const out = new Uint8Array(bytes.length + 1)
  out.set(bytes)
  return out
}

function int16(value: number): Uint8Array {
  const out = new Uint8Array(2)
  new DataView(out.buffer).setInt16(0, value)
  return out
}

function int32(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setInt32(0, value)
  return out
}

const UNNAMED_PORTAL = cstring('')
const STATEMENT_KIND = new Uint8Array([0x53]) // 'S': Close targets a prepared statement

export class Pipeline {
  private readonly writer = new Writer()

  /** Drops a prepared statement; closing a name that does not exist is not an error. */
  close(name: string): this {
    this.writer.message('C', [STATEMENT_KIND, cstring(name)])
    return this
  }

  /** Parse (when needed), Bind and Execute one statement; its rows end with a CommandComplete. */
  statement(statement: WireStatement): this {
    const name = cstring(statement.name)
    if (statement.parse !== null) this.writer.message('P', [name, cstring(statement.parse), int16(0)])
    const bind: Uint8Array[] = [UNNAMED_PORTAL, name, int16(0), int16(statement.params.length)]
    for (const param of statement.params) {
      if (param === null) {
        bind.push(int32(-1))
      } else {
        const bytes = encoder.encode(param)
        bind.push(int32(bytes.length), bytes)
      }
    }
    bind.push(int16(0))
    this.writer.message('B', bind)
    this.writer.message('E', [UNNAMED_PORTAL, int32(0)])
    return this
  }

  /** Simple-protocol query (no parameters): used for transaction control only. */
  simple(sql: string): this {
    this.writer.message('Q', [cstring(sql)])
    return this
  }

  /** Ends the pipeline: commits an implicit transaction, or rolls it back after an error. */
  sync(): Uint8Array {
    this.writer.message('S', [])
    return this.writer.finish()
  }

  /** The messages as they are, without a Sync (after simple-protocol queries only). */
  finish(): Uint8Array {
    return this.writer.finish()
  }
}
