// `npm run status`: the local backend's URL and keys in env format, as `supabase status -o env`.
import { loadDotEnv, resolveDataDir, resolvePort } from '../local-supabase/src/config.ts'
import { readKeys } from '../local-supabase/src/keys.ts'

loadDotEnv()
const dataDir = resolveDataDir()
const keys = await readKeys(dataDir)
if (!keys) {
  console.error(`No local backend in ${dataDir} yet: run npm start (or npm run dev) once to create it.`)
  process.exit(1)
}
console.log(`API_URL=http://127.0.0.1:${resolvePort()}`)
console.log(`ANON_KEY=${keys.anonKey}`)
console.log(`SERVICE_ROLE_KEY=${keys.serviceRoleKey}`)
