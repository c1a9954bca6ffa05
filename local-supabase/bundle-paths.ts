// Where the bundled local backend lives (build/local-supabase/*.mjs). Kept apart from build.ts so
// that starting the bundle does not load esbuild (which refuses to load in a jsdom test).
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const backendBundleDir = path.resolve(here, '../build/local-supabase')
export const backendEntry = path.join(backendBundleDir, 'main.mjs')
