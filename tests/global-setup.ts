// Builds the local backend's bundle once per test run; every test that starts a backend runs it.
import { bundleBackend } from '../local-supabase/build.ts'

export default async function setup(): Promise<void> {
  await bundleBackend()
}
