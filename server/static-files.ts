// The built browser files (build/client: hashed assets, favicon, images), read into memory once at
// start with their gzip and brotli forms, so a static file costs no disk read and no compression per
// request. The set is fixed at start: a request names one of these files (exactly, or after its
// spelling is normalised, which answers a 301 to the real path) or none, and no request can add an
// entry or make the server compress anything. The compressed forms are written at build time
// (precompressStaticFiles); a file without them is compressed here, before the server listens.
// Hashed /assets/ never change: a year, immutable. Other files: an hour, revalidated.
import { createHash } from 'node:crypto'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { chooseEncoding, isCompressible } from './compression.ts'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
}

const MAX_IN_MEMORY = 2 * 1024 * 1024
const MIN_COMPRESSED = 1024

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)
// The strongest settings: paid once per build, never per request.
const compressGzip = (data: Buffer) => gzipAsync(data, { level: 9 })
const compressBrotli = (data: Buffer) =>
  brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })

interface StaticFile {
  type: string
  etag: string
  cacheControl: string
  identity: Buffer
  gzip?: Buffer
  br?: Buffer
}

export type StaticLookup = { file: StaticFile } | { redirect: string } | null

/** Every servable file under `root`, as URL paths (`/assets/x.js`) with their full paths. */
async function listFiles(root: string): Promise<{ urlPath: string; full: string }[]> {
  const found: { urlPath: string; full: string }[] = []
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    const relative = path.relative(root, full).split(path.sep)
    // Never a dotfile or a file in a dot folder, and only the types this server knows.
    if (relative.some((part) => part.startsWith('.')) || !TYPES[path.extname(full).toLowerCase()]) continue
    found.push({ urlPath: `/${relative.join('/')}`, full })
  }
  return found
}

const worthCompressing = (type: string, size: number) => isCompressible(type) && size >= MIN_COMPRESSED

/** Writes `x.gz` and `x.br` beside each compressible file under `root` (run after each build). */
export async function precompressStaticFiles(root: string): Promise<void> {
  for (const { full } of await listFiles(root)) {
    const data = await readFile(full)
    if (!worthCompressing(TYPES[path.extname(full).toLowerCase()], data.length) || data.length > MAX_IN_MEMORY) continue
    const [gz, br] = await Promise.all([compressGzip(data), compressBrotli(data)])
    await Promise.all([writeFile(`${full}.gz`, gz), writeFile(`${full}.br`, br)])
  }
}

/** A compressed form written at build time, when it is there and newer than its file. */
async function precompressed(full: string, suffix: string, fileTime: number): Promise<Buffer | undefined> {
  try {
    const info = await stat(full + suffix)
    return info.mtimeMs >= fileTime ? await readFile(full + suffix) : undefined
  } catch {
    return undefined
  }
}

async function loadFile(urlPath: string, full: string): Promise<StaticFile | null> {
  const info = await stat(full)
  if (info.size > MAX_IN_MEMORY) return null
  const type = TYPES[path.extname(full).toLowerCase()]
  const identity = await readFile(full)
  const file: StaticFile = {
    type,
    etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 20)}"`,
    cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600, must-revalidate',
    identity,
  }
  if (worthCompressing(type, identity.length)) {
    file.gzip = (await precompressed(full, '.gz', info.mtimeMs)) ?? (await compressGzip(identity))
    file.br = (await precompressed(full, '.br', info.mtimeMs)) ?? (await compressBrotli(identity))
  }
  return file
}

/** The path as the file system would read it: escapes decoded once, `//` and `/./` folded; null if it climbs out. */
function canonicalPath(pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const normal = path.posix.normalize(decoded)
  return normal.startsWith('/') && !normal.split('/').includes('..') ? normal : null
}

export class StaticFiles {
  private constructor(private readonly files: ReadonlyMap<string, StaticFile>) {}

  /** Reads every file under `root` (and its compressed forms) into memory. */
  static async load(root: string): Promise<StaticFiles> {
    const resolved = path.resolve(root)
    const files = new Map<string, StaticFile>()
    const listed = await listFiles(resolved).catch(() => [])
    await Promise.all(
      listed.map(async ({ urlPath, full }) => {
        const file = await loadFile(urlPath, full)
        if (file) files.set(urlPath, file)
      }),
    )
    return new StaticFiles(files)
  }

  /** The file `pathname` names, a redirect to the real path when it names one in another spelling, or null. */
  lookup(pathname: string): StaticLookup {
    const exact = this.files.get(pathname)
    if (exact) return { file: exact }
    const canonical = canonicalPath(pathname)
    if (canonical && canonical !== pathname && this.files.has(canonical)) return { redirect: canonical }
    return null
  }

  /** The response for a GET or HEAD of `file`. */
  respond(file: StaticFile, request: { acceptEncoding?: string; ifNoneMatch?: string; head: boolean }): Response {
    const headers = new Headers({ 'Content-Type': file.type, 'Cache-Control': file.cacheControl, ETag: file.etag })
    if (file.gzip) headers.set('Vary', 'Accept-Encoding')
    if (request.ifNoneMatch?.split(',').some((tag) => tag.trim() === file.etag)) {
      return new Response(null, { status: 304, headers })
    }
    let body = file.identity
    const encoding = file.gzip && file.br ? chooseEncoding(request.acceptEncoding) : null
    if (encoding === 'br' && file.br) body = file.br
    if (encoding === 'gzip' && file.gzip) body = file.gzip
    if (encoding) headers.set('Content-Encoding', encoding)
    headers.set('Content-Length', String(body.byteLength))
    return new Response(request.head ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: 200, headers })
  }
}
