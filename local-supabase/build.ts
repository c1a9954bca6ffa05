// Bundles the local backend into build/local-supabase/*.mjs so it runs on plain Node: under the
// TypeScript loader the same process holds ~55 MB more, most of it for PGlite's module.
// The bundle sits at the same depth below the repository as src/, so paths that src/bootstrap.ts
// derives from its own location (migrations, seed, preamble) resolve the same way.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleForNode } from '../scripts/lib/bundle-for-node.ts'
import { backendBundleDir, backendEntry } from './bundle-paths.ts'

export { backendBundleDir, backendEntry }

const here = path.dirname(fileURLToPath(import.meta.url))

export async function bundleBackend(): Promise<string> {
  await bundleForNode({
    entryPoints: [path.join(here, 'src/main.ts'), path.join(here, 'src/initdb.ts')],
    outdir: backendBundleDir,
    outExtension: { '.js': '.mjs' },
  })
  return backendEntry
}
