import { describe, expect, it } from 'vitest'
import { keySourcesLine, publishableKeyOf, secretKeyOf } from './project-keys'

describe('project keys from the environment', () => {
  it('takes the current names first, then the legacy ones; empty is unset', () => {
    expect(publishableKeyOf({ SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x', SUPABASE_ANON_KEY: 'eyJ.anon' })).toEqual({
      value: 'sb_publishable_x',
      name: 'SUPABASE_PUBLISHABLE_KEY',
    })
    expect(publishableKeyOf({ SUPABASE_PUBLISHABLE_KEY: '', SUPABASE_ANON_KEY: 'eyJ.anon' })).toEqual({ value: 'eyJ.anon', name: 'SUPABASE_ANON_KEY' })
    expect(publishableKeyOf({ VITE_SUPABASE_ANON_KEY: 'eyJ.vite' })?.name).toBe('VITE_SUPABASE_ANON_KEY')
    expect(secretKeyOf({ SUPABASE_SECRET_KEY: 'sb_secret_x', SUPABASE_SERVICE_ROLE_KEY: 'eyJ.service' })?.value).toBe('sb_secret_x')
    expect(secretKeyOf({ SUPABASE_SERVICE_ROLE_KEY: ' eyJ.service ' })).toEqual({ value: 'eyJ.service', name: 'SUPABASE_SERVICE_ROLE_KEY' })
    expect(secretKeyOf({})).toBeNull()
  })

  it('says which variables were used, never the values', () => {
    expect(keySourcesLine({ SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x', SUPABASE_SECRET_KEY: 'sb_secret_x' })).toBe(
      'Supabase keys: public from SUPABASE_PUBLISHABLE_KEY, secret from SUPABASE_SECRET_KEY',
    )
    const legacy = keySourcesLine({ SUPABASE_ANON_KEY: 'eyJ.anon' })
    expect(legacy).toBe('Supabase keys: public from SUPABASE_ANON_KEY (legacy name), secret from none')
    expect(legacy).not.toContain('eyJ')
  })
})
