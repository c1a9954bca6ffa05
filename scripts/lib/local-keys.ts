// The keys of this DATA_DIR's local backend for the commands that print or change them; a keys.json
// from before the current keys gains them here, as at the backend's next start. Without one, the
// backend has never started there: the command says so and exits.
import { loadDotEnv, resolveDataDir } from '../../local-supabase/src/config.ts'
import { loadOrCreateKeys, readKeys, type ProjectKeys } from '../../local-supabase/src/keys.ts'

export async function localKeysOrExit(): Promise<{ dataDir: string; keys: ProjectKeys }> {
  loadDotEnv()
  const dataDir = resolveDataDir()
  if (!(await readKeys(dataDir))) {
    console.error(`No local backend in ${dataDir} yet: run npm start (or npm run dev) once to create it.`)
    process.exit(1)
  }
  return { dataDir, keys: await loadOrCreateKeys(dataDir) }
}
