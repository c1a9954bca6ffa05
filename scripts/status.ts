// `npm run status`: the local backend's URL and keys in env format, as `supabase status -o env`:
// the publishable and secret keys beside the legacy anon and service-role keys.
import { loadDotEnv, resolveDataDir, resolvePort } from '../local-supabase/src/config.ts'
import { loadOrCreateKeys, readKeys } from '../local-supabase/src/keys.ts'

loadDotEnv()
const dataDir = resolveDataDir()
if (!(await readKeys(dataDir))) {
  console.error(`No local backend in ${dataDir} yet: run npm start (or npm run dev) once to create it.`)
  process.exit(1)
}
// A keys.json from before the current keys gains them here, as at the backend's next start.
const keys = await loadOrCreateKeys(dataDir)
console.log(`API_URL=http://127.0.0.1:${resolvePort()}`)
console.log(`PUBLISHABLE_KEY=${keys.publishableKey}`)
console.log(`SECRET_KEY=${keys.secretKey}`)
console.log(`ANON_KEY=${keys.anonKey}`)
console.log(`SERVICE_ROLE_KEY=${keys.serviceRoleKey}`)
