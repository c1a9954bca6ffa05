import { afterEach, describe, expect, it, vi } from 'vitest'
import { imageTransformations } from './env.server'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('imageTransformations', () => {
  it('is on unless SUPABASE_IMAGE_TRANSFORMATIONS is off', () => {
    vi.stubEnv('SUPABASE_IMAGE_TRANSFORMATIONS', undefined)
    expect(imageTransformations()).toBe(true)
    vi.stubEnv('SUPABASE_IMAGE_TRANSFORMATIONS', ' Off ')
    expect(imageTransformations()).toBe(false)
    vi.stubEnv('SUPABASE_IMAGE_TRANSFORMATIONS', 'on')
    expect(imageTransformations()).toBe(true)
  })

  it('refuses any other value with the setting it expects', () => {
    vi.stubEnv('SUPABASE_IMAGE_TRANSFORMATIONS', 'no')
    expect(() => imageTransformations()).toThrow('SUPABASE_IMAGE_TRANSFORMATIONS must be on or off, not "no"')
  })
})
