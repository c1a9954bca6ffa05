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

/** One growing buffer: a pipeline is a handful of small messages, written without temporaries. */
class Writer {
  private bytes = new Uint8Array(1024)
  private view = new DataView(this.bytes.buffer)
  private at = 0
  private messageStart = 0

  private reserve(size: number): void {
    if (this.at + size <= this.bytes.length) return
    let length = this.bytes.length * 2
    while (length < this.at + size) length *= 2
    const next = new Uint8Array(length)
    next.set(this.bytes.subarray(0, this.at))
    this.bytes = next
    this.view = new DataView(next.buffer)
  }

  begin(type: string): this {
    this.reserve(5)
    this.messageStart = this.at
    this.bytes[this.at] = type.charCodeAt(0)
    this.at += 5
    return this
  }

  /** Writes the length of the message begun last (its type byte excluded). */
  end(): void {
    this.view.setInt32(this.messageStart + 1, this.at - this.messageStart - 1)
  }

  int16(value: number): this {
    this.reserve(2)
    this.view.setInt16(this.at, value)
    this.at += 2
    return this
  }

  int32(value: number): this {
    this.reserve(4)
    this.view.setInt32(this.at, value)
    this.at += 4
    return this
  }

  byte(value: number): this {
    this.reserve(1)
    this.bytes[this.at++] = value
    return this
  }

  /** UTF-8 text: after its byte length with `lengthPrefix`, otherwise NUL-terminated. */
  text(value: string, lengthPrefix = false): this {
    const maxBytes = value.length * 3
    this.reserve(maxBytes + 5)
    const head = this.at
    if (lengthPrefix) this.at += 4
    const { written } = encoder.encodeInto(value, this.bytes.subarray(this.at, this.at + maxBytes))
    if (lengthPrefix) this.view.setInt32(head, written)
    this.at += written
    if (!lengthPrefix) this.bytes[this.at++] = 0
    return this
  }

  finish(): Uint8Array {
    return this.bytes.subarray(0, this.at)
  }
}

const STATEMENT_KIND = 0x53 // 'S': Close targets a prepared statement

export class Pipeline {
  private readonly writer = new Writer()

  /** Drops a prepared statement; closing a name that does not exist is not an error. */
  close(name: string): this {
    this.writer.begin('C').byte(STATEMENT_KIND).text(name).end()
    return this
  }

  /** Parse (when needed), Bind and Execute one statement; its rows end with a CommandComplete. */
  statement(statement: WireStatement): this {
    const w = this.writer
    if (statement.parse !== null) w.begin('P').text(statement.name).text(statement.parse).int16(0).end()
    // Bind: unnamed portal, the statement, no parameter formats (all text), the values, text results.
    w.begin('B').text('').text(statement.name).int16(0).int16(statement.params.length)
    for (const param of statement.params) {
      if (param === null) w.int32(-1)
      else w.text(param, true)
    }
    w.int16(0).end()
    w.begin('E').text('').int32(0).end()
    return this
  }

  /** Simple-protocol query (no parameters): used for transaction control only. */
  simple(sql: string): this {
    this.writer.begin('Q').text(sql).end()
    return this
  }

  /** Ends the pipeline: commits an implicit transaction, or rolls it back after an error. */
  sync(): Uint8Array {
    this.writer.begin('S').end()
    return this.writer.finish()
  }

  /** The messages as they are, without a Sync (after simple-protocol queries only). */
  finish(): Uint8Array {
    return this.writer.finish()
  }
}
