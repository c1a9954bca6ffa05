// Builds once per test run what the tests start: the web app and the web server (when their sources
// changed), then the local backend's bundle, then the migrated data directory every test backend
// starts from a copy of. In that order: react-router build empties build/, and the template is made
// with the bundle's initdb.
import { bundleBackend } from '../local-supabase/build.ts'
import { ensureWebBuild } from '../scripts/lib/web-build.ts'
import { ensureDataTemplate } from './helpers/data-template.ts'

export default async function setup(): Promise<void> {
  await ensureWebBuild({ quiet: true })
  await bundleBackend()
  await ensureDataTemplate()
}
