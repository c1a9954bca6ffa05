// The last good render of each public page, for when the database cannot be read: a render whose
// reads failed would show the seed's default copy (which may say what the company withdrew long
// ago), so the web server serves the last render that read everything instead. Kept in memory and
// on disk (PAGE_STORE_DIR), so a restart during an outage keeps them; only pages without a search
// (the site's own pages and their .data answers), status 200, are kept, so their number is the
// site's, whatever visitors ask for. A page is written to disk only when its body changed.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface StoredPage {
  status: number
  headers: [string, string][]
  body: Buffer
  keys: readonly string[]
  /** The body's tag (edge-cache.ts bodyTag). */
  tag: string
}

interface Meta {
  key: string
  status: number
  headers: [string, string][]
  keys: string[]
  tag: string
}

// Pages kept on disk at most; the oldest go first when a start finds more.
const MAX_FILES = 5000

export class LastGoodPages {
  // In order of last save, least recent first.
  private readonly pages = new Map<string, StoredPage>()
  private bytes = 0
  private writing = Promise.resolve()
  private failedWriteNoted = false

  /** `dir`: where pages are kept across restarts (null: in memory only). */
  constructor(
    private readonly dir: string | null,
    private readonly maxBytes: number,
  ) {}

  /** Prepares the directory and trims it to MAX_FILES; pages are read from it only when needed. */
  async open(): Promise<void> {
    if (!this.dir) return
    await mkdir(this.dir, { recursive: true })
    const names = (await readdir(this.dir)).filter((name) => name.endsWith('.page'))
    if (names.length <= MAX_FILES) return
    const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(path.join(this.dir!, name))).mtimeMs })))
    dated.sort((a, b) => a.at - b.at)
    for (const { name } of dated.slice(0, dated.length - MAX_FILES)) await unlink(path.join(this.dir, name)).catch(() => undefined)
  }

  /** Keeps `page` as the last good render of `key`. */
  save(key: string, page: StoredPage): void {
    const previous = this.pages.get(key)
    if (previous) {
      this.pages.delete(key)
      this.bytes -= previous.body.length
    }
    this.pages.set(key, page)
    this.bytes += page.body.length
    for (const [oldest, kept] of this.pages) {
      if (this.bytes <= this.maxBytes) break
      this.pages.delete(oldest)
      this.bytes -= kept.body.length
    }
    if (this.dir && previous?.tag !== page.tag) this.writeLater(key, page)
  }

  /** The last good render of `key`, from memory or disk; null when it was never rendered well. */
  async get(key: string): Promise<StoredPage | null> {
    const kept = this.pages.get(key)
    if (kept || !this.dir) return kept ?? null
    let file: Buffer
    try {
      file = await readFile(this.fileOf(key))
    } catch {
      return null
    }
    const newline = file.indexOf(10)
    const meta = JSON.parse(file.subarray(0, newline).toString('utf8')) as Meta
    if (meta.key !== key) return null
    const page: StoredPage = { status: meta.status, headers: meta.headers, keys: meta.keys, tag: meta.tag, body: file.subarray(newline + 1) }
    this.pages.set(key, page)
    this.bytes += page.body.length
    return page
  }

  /** Waits for the writes queued so far (tests, shutdown). */
  flushed(): Promise<void> {
    return this.writing
  }

  private fileOf(key: string): string {
    return path.join(this.dir!, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.page`)
  }

  // One write at a time, each to a temporary file renamed over the old one: a crash leaves the old
  // page or the new one, never half of either, and processes sharing the directory never collide.
  private writeLater(key: string, page: StoredPage): void {
    const meta: Meta = { key, status: page.status, headers: page.headers, keys: [...page.keys], tag: page.tag }
    const file = this.fileOf(key)
    this.writing = this.writing
      .then(async () => {
        const temporary = `${file}.${process.pid}.tmp`
        await writeFile(temporary, Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), page.body]))
        await rename(temporary, file)
      })
      .catch((error: unknown) => {
        if (this.failedWriteNoted) return
        this.failedWriteNoted = true
        console.error(`web server: could not keep a page on disk in ${this.dir} (${(error as Error).message}); pages are kept in memory only. Said once.`)
      })
  }
}
