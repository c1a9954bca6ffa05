// Builds the local backend's bundle once per test run (every test that starts a backend runs it),
// and the web app when the site tests are part of the run.
import { bundleBackend } from '../local-supabase/build.ts'
import { ensureBuilt, runIncludesSiteTests } from './helpers/site-build.ts'

export default async function setup(): Promise<void> {
  // The web app first: its build empties build/, where the backend bundle goes next.
  if (runIncludesSiteTests()) ensureBuilt()
  await bundleBackend()
}
