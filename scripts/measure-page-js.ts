// `npx tsx scripts/measure-page-js.ts [path…]`: the JavaScript a visitor's first load of a page
// downloads, from the built app (run `npx react-router build` first): the entry, then every
// route module on the page's route chain with its imports, exactly the files the server HTML
// references (<script type="module"> and modulepreload links). Prints raw and gzipped sizes.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { matchRoutes } from 'react-router'

interface ManifestEntry {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  imports?: string[]
}
interface ServerBuild {
  assets: { entry: { module: string; imports: string[] }; routes: Record<string, ManifestEntry> }
}

const root = path.resolve(import.meta.dirname, '..')
const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild
const { entry, routes } = build.assets

type RouteObject = { id: string; path?: string; index?: boolean; children?: RouteObject[] }
function tree(parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({ id: route.id, path: route.path, index: route.index, children: route.index ? undefined : tree(route.id) }))
}

export function pageScripts(pathname: string): string[] {
  const matches = matchRoutes(tree(undefined) as Parameters<typeof matchRoutes>[0], pathname) ?? []
  const files = new Set([entry.module, ...entry.imports])
  for (const match of matches) {
    const route = routes[match.route.id ?? '']
    if (!route) continue
    files.add(route.module)
    for (const file of route.imports ?? []) files.add(file)
  }
  return [...files]
}

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/']
for (const page of pages) {
  let raw = 0
  let gzipped = 0
  const rows: string[] = []
  for (const file of pageScripts(page)) {
    const content = readFileSync(path.join(root, 'build/client', file))
    const gz = gzipSync(content, { level: 9 }).length
    raw += content.length
    gzipped += gz
    rows.push(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${file}`)
  }
  console.log(`${page}: ${rows.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzipped (${gzipped} bytes)`)
  console.log(rows.sort().reverse().join('\n'))
}
