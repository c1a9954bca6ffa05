// Builds once per test run what the tests start: the web app and the web server (when their sources
// changed), then the local backend's bundle. In that order: react-router build empties build/.
import { bundleBackend } from '../local-supabase/build.ts'
import { ensureWebBuild } from '../scripts/lib/web-build.ts'

export default async function setup(): Promise<void> {
  await ensureWebBuild({ quiet: true })
  await bundleBackend()
}
