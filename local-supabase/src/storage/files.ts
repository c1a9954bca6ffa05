// The bytes of stored objects, as plain files under DATA_DIR/storage/<bucket>/<key>.
//
// The database row and the file must never disagree for long, so every change is staged:
// uploads stream into DATA_DIR/storage-tmp (same filesystem, so renames are atomic), and the
// renames that install a new file or take an old one away run inside the role transaction, right
// after the SQL statement and before COMMIT. PGlite runs one transaction at a time, so these
// renames are serialized exactly like the rows. Anything displaced is parked in storage-tmp until
// the transaction has committed (then deleted) or rolled back (then put back).
import { createHash, randomUUID, type Hash } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, rmdir, stat, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { errors } from './errors.ts'
import { SIGNATURE_BYTES } from './media-type.ts'
import { objectFilePath } from './paths.ts'

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

/** An installed file whose transaction has not committed yet. */
export interface Installed {
  file: string
  /** The previous file at that key (upsert / update), parked until commit. */
  parked: string | null
}

export interface OpenedFile {
  size: number
  mtime: Date
  stream(): ReadableStream<Uint8Array>
  close(): Promise<void>
}

export class FileStore {
  readonly root: string
  readonly tmpDir: string
  private readonly ready: Promise<void>

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage')
    this.tmpDir = path.join(dataDir, 'storage-tmp')
    this.ready = this.init()
    // Reported here; uploads that await it still fail (a rejection nobody handled would end the process).
    this.ready.catch((error: unknown) => console.error('storage: could not prepare the storage directories:', error))
  }

  /**
   * Creates the directories and empties storage-tmp: whatever is there was left by a process that
   * stopped mid-upload (a temp file nobody will install) or mid-commit.
   */
  private async init(): Promise<void> {
    await mkdir(this.root, { recursive: true })
    await mkdir(this.tmpDir, { recursive: true })
    for (const entry of await readdir(this.tmpDir)) await rm(path.join(this.tmpDir, entry), { force: true, recursive: true })
  }

  pathOf(bucket: string, key: string): string {
    return objectFilePath(this.root, bucket, key)
  }

  async createTemp(limit: number): Promise<TempFile> {
    await this.ready
    const file = path.join(this.tmpDir, `upload-${randomUUID()}`)
    return new TempFile(file, await open(file, 'wx', 0o600), limit)
  }

  /**
   * Moves a finished temp file to its key, parking any file already there. Run inside the
   * transaction: a throw here rolls the row back too.
   */
  async install(tempPath: string, bucket: string, key: string): Promise<Installed> {
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
    const parked = existing ? await this.park(file) : null
    try {
      await rename(tempPath, file)
    } catch (error) {
      if (parked) await rename(parked, file)
      throw error
    }
    return { file, parked }
  }

  /** The transaction committed: the parked previous version can go. */
  async commitInstall(installed: Installed): Promise<void> {
    if (installed.parked) await rm(installed.parked, { force: true })
  }

  /** The transaction failed after install(): remove the new file and put the previous one back. */
  async undoInstall(installed: Installed): Promise<void> {
    await rm(installed.file, { force: true })
    if (installed.parked) await rename(installed.parked, installed.file)
    else await this.pruneEmptyParents(installed.file)
  }

  /**
   * Takes an object's file out of the tree (its row is being deleted in the running transaction).
   * Returns where it was parked, or null when there was no file.
   */
  async takeOut(bucket: string, key: string): Promise<{ file: string; parked: string } | null> {
    const file = this.pathOf(bucket, key)
    try {
      const parked = await this.park(file)
      await this.pruneEmptyParents(file)
      return { file, parked }
    } catch (error) {
      if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR' || errno(error) === 'EISDIR') return null
      throw error
    }
  }

  /** The delete rolled back: put the files back where they were. */
  async putBack(taken: { file: string; parked: string }): Promise<void> {
    await mkdir(path.dirname(taken.file), { recursive: true })
    await rename(taken.parked, taken.file)
  }

  /** Opens an object's file for reading; null when it is missing. */
  async openObject(bucket: string, key: string): Promise<OpenedFile | null> {
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
    // The open handle keeps reading this version even if an upsert renames a new file over it.
    return {
      size: info.size,
      mtime: info.mtime,
      stream: () => Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>,
      close: () => handle.close(),
    }
  }

  private async park(file: string): Promise<string> {
    const parked = path.join(this.tmpDir, `parked-${randomUUID()}`)
    await rename(file, parked)
    return parked
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
