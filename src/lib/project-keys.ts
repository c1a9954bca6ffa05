// The Supabase project's API keys as the environment names them. Supabase's current names come
// first (SUPABASE_PUBLISHABLE_KEY for the public key, SUPABASE_SECRET_KEY for the server-only one);
// the legacy names (SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, and the VITE_ forms of the public
// key) are read when the current ones are unset, so an install configured before keeps working. An
// empty variable, as in a copied .env.example, is unset.

export const PUBLIC_KEY_NAMES = ['SUPABASE_PUBLISHABLE_KEY', 'SUPABASE_ANON_KEY', 'VITE_SUPABASE_PUBLISHABLE_KEY', 'VITE_SUPABASE_ANON_KEY'] as const
export const SECRET_KEY_NAMES = ['SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const

export interface NamedKey {
  value: string
  /** The variable it came from. */
  name: string
}

function firstSet(env: NodeJS.ProcessEnv, names: readonly string[]): NamedKey | null {
  for (const name of names) {
    const value = env[name]?.trim()
    if (value) return { value, name }
  }
  return null
}

/** The publishable key (or the legacy anon key): public by design, it goes to browsers. */
export function publishableKeyOf(env: NodeJS.ProcessEnv = process.env): NamedKey | null {
  return firstSet(env, PUBLIC_KEY_NAMES)
}

/** The secret key (or the legacy service-role key): server-side only, never sent to a browser. */
export function secretKeyOf(env: NodeJS.ProcessEnv = process.env): NamedKey | null {
  return firstSet(env, SECRET_KEY_NAMES)
}

/** The start-up line that says which variables the keys came from (never their values). */
export function keySourcesLine(env: NodeJS.ProcessEnv = process.env): string {
  const describe = (key: NamedKey | null, current: string) => (key ? `${key.name}${key.name.endsWith(current) ? '' : ' (legacy name)'}` : 'none')
  return `Supabase keys: public from ${describe(publishableKeyOf(env), 'PUBLISHABLE_KEY')}, secret from ${describe(secretKeyOf(env), 'SECRET_KEY')}`
}
