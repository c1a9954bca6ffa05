// Bundles the web server into build/web-server/main.mjs so `npm start` runs it on plain Node, not
// under the TypeScript loader (less memory, faster start). Dependencies stay in node_modules, so the
// server and the React Router build share one copy of react-router.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleForNode } from '../scripts/lib/bundle-for-node.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
export const webServerEntry = path.resolve(here, '../build/web-server/main.mjs')

export async function bundleWebServer(): Promise<string> {
  await bundleForNode({ entryPoints: [path.join(here, 'main.ts')], outfile: webServerEntry })
  return webServerEntry
}
