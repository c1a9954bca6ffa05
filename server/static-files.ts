// The built browser files (build/client: hashed assets, favicon, images) served from memory with
// their gzip and brotli forms computed once, so a static file costs no disk read and no compression
// per request. Hashed /assets/ never change: a year, immutable. Other files: an hour, revalidated.
import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { isCompressible } from './compression.ts'

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

interface StaticFile {
  type: string
  etag: string
  cacheControl: string
  identity: Buffer
  gzip?: Buffer
  br?: Buffer
}

export class StaticFiles {
  private readonly files = new Map<string, Promise<StaticFile | null>>()
  private readonly root: string

  constructor(root: string) {
    this.root = path.resolve(root)
  }

  /** The response for a GET/HEAD of `pathname`, or null when no such file exists. */
  async serve(pathname: string, acceptEncoding: string, head: boolean): Promise<Response | null> {
    let file = this.files.get(pathname)
    if (!file) {
      file = this.load(pathname)
      // Only files that exist stay in the map, so made-up paths cannot fill memory.
      void file.then((loaded) => {
        if (!loaded) this.files.delete(pathname)
      })
      this.files.set(pathname, file)
    }
    const loaded = await file
    if (!loaded) return null
    const headers = new Headers({ 'Content-Type': loaded.type, 'Cache-Control': loaded.cacheControl, ETag: loaded.etag })
    let body = loaded.identity
    if (loaded.gzip) headers.set('Vary', 'Accept-Encoding')
    if (loaded.br && /\bbr\b/.test(acceptEncoding)) {
      body = loaded.br
      headers.set('Content-Encoding', 'br')
    } else if (loaded.gzip && /\bgzip\b/.test(acceptEncoding)) {
      body = loaded.gzip
      headers.set('Content-Encoding', 'gzip')
    }
    headers.set('Content-Length', String(body.byteLength))
    return new Response(head ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: 200, headers })
  }

  notModified(pathname: string, ifNoneMatch: string | undefined): Promise<boolean> {
    if (!ifNoneMatch) return Promise.resolve(false)
    const file = this.files.get(pathname)
    if (!file) return Promise.resolve(false)
    return file.then((loaded) => loaded !== null && ifNoneMatch.split(',').some((tag) => tag.trim() === loaded.etag))
  }

  private async load(pathname: string): Promise<StaticFile | null> {
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return null
    }
    const full = path.join(this.root, decoded)
    // Never outside the build's client folder, and never a dotfile.
    if (!full.startsWith(this.root + path.sep) || decoded.split('/').some((part) => part.startsWith('.'))) return null
    const type = TYPES[path.extname(full).toLowerCase()]
    if (!type) return null
    try {
      const info = await stat(full)
      if (!info.isFile() || info.size > MAX_IN_MEMORY) return null
      const identity = await readFile(full)
      const etag = `"${createHash('sha1').update(identity).digest('base64url').slice(0, 20)}"`
      const immutable = decoded.startsWith('/assets/')
      const file: StaticFile = {
        type,
        etag,
        cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600, must-revalidate',
        identity,
      }
      if (isCompressible(type) && identity.byteLength >= 1024) {
        file.gzip = gzipSync(identity, { level: 9 })
        file.br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      }
      return file
    } catch {
      return null
    }
  }
}
