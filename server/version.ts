// This server's version, as /healthz reports it: the package's, read from the package.json nearest
// above this file (server/ when run from source, build/web-server/ when bundled).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export function packageVersion(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json')
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown'
    if (path.dirname(dir) === dir) return 'unknown'
  }
}
