// The bytes of stored objects, as plain files under DATA_DIR/storage/<bucket>/<key>.
//
// The database row and the file must agree, including after a crash (SIGKILL, power cut). An upload
// streams into DATA_DIR/storage-tmp (same file system, so renames are atomic) and is fsynced; an
// intent record (temp file, bucket, key, the row's new version) is written and fsynced; the row is
// committed; only then is the temp file renamed over the old one, and the intent removed. A file is
// therefore never replaced or removed before the row that stops needing it has committed. On start,
// recover() finishes every intent whose row committed (the row holds its version) and drops the
// others. A move or copy stages a hard link of the source file the same way (a move removes the
// source file after its row committed). A delete removes files after its rows committed; a crash
// in between leaves a file no row
// names, which nothing serves and the next upload to that key replaces.
//
// Storage writes run one at a time (writeLock): the rename after COMMIT must not overtake the
// rename of a later write to the same key.
import { createHash, randomUUID, type Hash } from 'node:crypto'
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { errors } from './errors.ts'
import { SIGNATURE_BYTES } from './media-type.ts'
import { isValidKey, objectFilePath } from './paths.ts'

function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code
}

/** A file being written to storage-tmp, with a byte cap and a running MD5 (the object's ETag). */
export class TempFile {
  private size = 0
  private readonly hash: Hash = createHash('md5')
  /** The first bytes written, for signature checks. */
  private head = Buffer.alloc(0)
  private closed = false

  constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private readonly limit: number,
  ) {}

  /** Appends a chunk; returns false (writing nothing) once the total would pass the cap. */
  async write(chunk: Uint8Array): Promise<boolean> {
    if (this.size + chunk.byteLength > this.limit) return false
    this.size += chunk.byteLength
    this.hash.update(chunk)
    if (this.head.length < SIGNATURE_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SIGNATURE_BYTES - this.head.length)])
    }
    let offset = 0
    while (offset < chunk.byteLength) {
      const { bytesWritten } = await this.handle.write(chunk, offset)
      offset += bytesWritten
    }
    return true
  }

  /** Flushes and closes; the file stays for install(). */
  async finish(): Promise<{ size: number; md5: string; head: Uint8Array }> {
    await this.handle.sync()
    await this.close()
    return { size: this.size, md5: this.hash.digest('hex'), head: this.head }
  }

  /** Closes and deletes: the upload was refused or failed. Safe to call more than once. */
  async discard(): Promise<void> {
    await this.close()
    await rm(this.path, { force: true })
  }

  private async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.handle.close()
  }
}

/** An upload between its intent record and its rename into place. */
export interface Staged {
  intent: string
  temp: string
  file: string
}

interface IntentRecord {
  temp: string
  bucket: string
  key: string
  version: string
}

/** Writes a small file and flushes it (and its directory entry) to disk. */
async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx', 0o600)
  try {
    await handle.writeFile(text)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await syncDirectory(path.dirname(file))
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export interface OpenedFile {
  size: number
  mtime: Date
  /** The whole content when the file is small: read at once, the file already closed. */
  bytes: Uint8Array<ArrayBuffer> | null
  stream(): ReadableStream<Uint8Array>
  close(): Promise<void>
}

/**
 * Up to this size a file is read whole when opened: setting up a stream (a read stream, its web
 * adapter, the piping into the response) costs more CPU than reading a small file.
 */
const READ_WHOLE_BYTES = 64 * 1024

export class FileStore {
  readonly root: string
  readonly tmpDir: string
  private readonly ready: Promise<void>
  private lock: Promise<unknown> = Promise.resolve()

  /**
   * @param committedVersion the version of the committed row at bucket/key (null when none): how
   *   recovery tells a finished write from an abandoned one.
   * @param derived what else is kept per object (rendered image variants), forgotten with its file.
   */
  constructor(
    dataDir: string,
    private readonly committedVersion: (bucket: string, key: string) => Promise<string | null>,
    private readonly derived?: { drop(bucket: string, key: string): Promise<void>; dropBucket(bucket: string): Promise<void> },
  ) {
    this.root = path.join(dataDir, 'storage')
    this.tmpDir = path.join(dataDir, 'storage-tmp')
    this.ready = this.init()
    // Reported here; uploads that await it still fail (a rejection nobody handled would end the process).
    this.ready.catch((error: unknown) => console.error('storage: could not prepare the storage directories:', error))
  }

  /** Creates the directories, then recovers what a stopped process left in storage-tmp. */
  private async init(): Promise<void> {
    await mkdir(this.root, { recursive: true })
    await mkdir(this.tmpDir, { recursive: true })
    await this.recover()
  }

  /**
   * Finishes the uploads whose rows committed (the row carries the intent's version) and drops the
   * rest: temp files of unfinished uploads, intents of rolled-back writes, anything else left over.
   */
  private async recover(): Promise<void> {
    const entries = await readdir(this.tmpDir)
    let finished = 0
    for (const entry of entries.filter((name) => name.startsWith('intent-'))) {
      const intentPath = path.join(this.tmpDir, entry)
      let record: IntentRecord | null = null
      try {
        record = JSON.parse(await readFile(intentPath, 'utf8')) as IntentRecord
      } catch {
        record = null // torn while being written: its row cannot have committed
      }
      if (record && path.dirname(record.temp) === this.tmpDir && (await this.committedVersion(record.bucket, record.key)) === record.version) {
        const exists = await stat(record.temp).then(
          () => true,
          () => false,
        )
        if (exists) {
          const file = this.pathOf(record.bucket, record.key)
          await mkdir(path.dirname(file), { recursive: true })
          await rename(record.temp, file)
          await syncDirectory(path.dirname(file))
          finished++
        }
      }
      await rm(intentPath, { force: true })
    }
    for (const entry of await readdir(this.tmpDir)) await rm(path.join(this.tmpDir, entry), { force: true, recursive: true })
    if (finished > 0) console.log(`storage: finished ${finished} upload(s) that were committed before the last stop`)
  }

  /** Runs storage writes one at a time (the database transaction and the file steps after it). */
  writeLock<T>(work: () => Promise<T>): Promise<T> {
    // After recovery: nothing may write while an interrupted write is being finished.
    const run = this.lock.then(() => this.ready).then(work)
    this.lock = run.catch(() => undefined)
    return run
  }

  pathOf(bucket: string, key: string): string {
    return objectFilePath(this.root, bucket, key)
  }

  async createTemp(limit: number): Promise<TempFile> {
    await this.ready
    const file = path.join(this.tmpDir, `upload-${randomUUID()}`)
    return new TempFile(file, await open(file, 'wx', 0o600), limit)
  }

  /** Records, durably, that `temp` becomes bucket/key once the row with `version` commits. */
  async stage(temp: string, bucket: string, key: string, version: string): Promise<Staged> {
    const intent = path.join(this.tmpDir, `intent-${randomUUID()}.json`)
    const record: IntentRecord = { temp, bucket, key, version }
    await writeDurably(intent, JSON.stringify(record))
    return { intent, temp, file: this.pathOf(bucket, key) }
  }

  /**
   * Checks, inside the write's transaction, that bucket/key can be a file: its parent folders can be
   * made, and it is not itself a folder. A throw here rolls the row back.
   */
  async prepareTarget(bucket: string, key: string): Promise<void> {
    const file = this.pathOf(bucket, key)
    try {
      await mkdir(path.dirname(file), { recursive: true })
    } catch (error) {
      // A parent "folder" of this key is already an object (e.g. 'a' exists and 'a/b' is uploaded):
      // a filesystem cannot hold both, so this store refuses the second one.
      if (errno(error) === 'ENOTDIR' || errno(error) === 'EEXIST') throw errors.keyConflict(key)
      throw error
    }
    const existing = await stat(file).catch((error: unknown) => {
      if (errno(error) === 'ENOENT') return null
      throw error
    })
    if (existing?.isDirectory()) throw errors.keyConflict(key)
  }

  /** The row committed: the new file replaces the old one (one atomic rename), then the intent goes. */
  async complete(staged: Staged): Promise<void> {
    await rename(staged.temp, staged.file)
    await syncDirectory(path.dirname(staged.file))
    await rm(staged.intent, { force: true })
  }

  /** The row did not commit: the new file and the intent go; the old file was never touched. */
  async abandon(staged: Staged): Promise<void> {
    await rm(staged.temp, { force: true })
    await rm(staged.intent, { force: true })
  }

  /** Removes an object's file after its row's delete committed (and folders it leaves empty). */
  async remove(bucket: string, key: string): Promise<void> {
    const file = this.pathOf(bucket, key)
    await this.derived?.drop(bucket, key)
    try {
      const info = await stat(file)
      if (!info.isFile()) return
      await rm(file, { force: true })
      await this.pruneEmptyParents(file)
    } catch (error) {
      if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return
      throw error
    }
  }

  /** Removes the files of deleted rows; a row made outside this API may name no possible file. */
  async removeObjects(bucket: string, keys: string[]): Promise<void> {
    for (const key of keys) if (isValidKey(key)) await this.remove(bucket, key)
  }

  /** Removes a deleted bucket's directory (empty by then; anything left had no row). */
  async removeBucketDirectory(bucket: string): Promise<void> {
    await this.derived?.dropBucket(bucket)
    await rm(path.join(this.root, bucket), { recursive: true, force: true })
  }

  /**
   * Stages a copy of bucket/key's file to become toBucket/toKey once the row with `version` commits.
   * The copy is a hard link: a stored file is never changed in place (writes rename a new file over
   * it), so both names can share it. Null when the source file is missing.
   */
  async stageCopy(bucket: string, key: string, toBucket: string, toKey: string, version: string): Promise<Staged | null> {
    await this.ready
    const temp = path.join(this.tmpDir, `copy-${randomUUID()}`)
    try {
      await link(this.pathOf(bucket, key), temp)
    } catch (error) {
      if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return null
      if (errno(error) !== 'EPERM' && errno(error) !== 'EXDEV') throw error
      await copyFile(this.pathOf(bucket, key), temp)
    }
    return this.stage(temp, toBucket, toKey, version)
  }

  /** Opens an object's file for reading; null when it is missing. */
  async openObject(bucket: string, key: string): Promise<OpenedFile | null> {
    await this.ready
    let handle: FileHandle
    try {
      handle = await open(this.pathOf(bucket, key), 'r')
    } catch (error) {
      if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR' || errno(error) === 'EISDIR') return null
      throw error
    }
    const info = await handle.stat()
    if (!info.isFile()) {
      await handle.close()
      return null
    }
    if (info.size <= READ_WHOLE_BYTES) {
      let bytes: Uint8Array<ArrayBuffer>
      try {
        bytes = await handle.readFile()
      } finally {
        await handle.close()
      }
      return {
        size: bytes.length,
        mtime: info.mtime,
        bytes,
        stream: () =>
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(bytes)
              controller.close()
            },
          }),
        close: async () => undefined,
      }
    }
    // The open handle keeps reading this version even if an upsert renames a new file over it.
    return {
      size: info.size,
      mtime: info.mtime,
      bytes: null,
      stream: () => Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>,
      close: () => handle.close(),
    }
  }

  /** Removes directories emptied by a delete, up to the bucket directory, so old folders do not pile up. */
  private async pruneEmptyParents(file: string): Promise<void> {
    let dir = path.dirname(file)
    while (path.dirname(dir) !== this.root && dir.startsWith(this.root + path.sep)) {
      try {
        await rmdir(dir)
      } catch {
        return // not empty (or already gone): stop here
      }
      dir = path.dirname(dir)
    }
  }
}
