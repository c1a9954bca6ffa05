// The web server's environment, checked once at start. The anon key is public by design; the
// service-role key is never read here.
import { z } from 'zod'

const serverEnvSchema = z.object({
  SUPABASE_URL: z.url({ message: 'SUPABASE_URL must be the URL of a Supabase project' }),
  SUPABASE_ANON_KEY: z.string().min(20, 'SUPABASE_ANON_KEY must be the project anon key'),
})

export type ServerEnv = z.infer<typeof serverEnvSchema>

let cached: ServerEnv | undefined

export function serverEnv(): ServerEnv {
  if (cached) return cached
  const parsed = serverEnvSchema.safeParse({
    SUPABASE_URL: process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL,
    SUPABASE_ANON_KEY: process.env.SUPABASE_ANON_KEY ?? process.env.VITE_SUPABASE_ANON_KEY,
  })
  if (!parsed.success) {
    throw new Error(`Invalid web server environment: ${parsed.error.issues.map((i) => i.message).join('; ')}`)
  }
  cached = parsed.data
  return cached
}
