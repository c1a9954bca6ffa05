// `npm run status`: the local backend's URL and keys in env format, as `supabase status -o env`:
// the publishable and secret keys beside the legacy anon and service-role keys.
import { resolvePort } from '../local-supabase/src/config.ts'
import { localKeysOrExit } from './lib/local-keys.ts'

const { keys } = await localKeysOrExit()
console.log(`API_URL=http://127.0.0.1:${resolvePort()}`)
console.log(`PUBLISHABLE_KEY=${keys.publishableKey}`)
console.log(`SECRET_KEY=${keys.secretKey}`)
console.log(`ANON_KEY=${keys.anonKey}`)
console.log(`SERVICE_ROLE_KEY=${keys.serviceRoleKey}`)
