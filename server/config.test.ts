import { describe, expect, it } from 'vitest'
import { readConfig } from './config.ts'

const project = { SUPABASE_URL: 'https://ref.supabase.co', SUPABASE_PUBLISHABLE_KEY: 'a'.repeat(40) }

describe('SUPABASE_IMAGE_TRANSFORMATIONS', () => {
  it('is on unless set to off (either case); empty means unset', () => {
    expect(readConfig(project).SUPABASE_IMAGE_TRANSFORMATIONS).toBe(true)
    expect(readConfig({ ...project, SUPABASE_IMAGE_TRANSFORMATIONS: '' }).SUPABASE_IMAGE_TRANSFORMATIONS).toBe(true)
    expect(readConfig({ ...project, SUPABASE_IMAGE_TRANSFORMATIONS: 'on' }).SUPABASE_IMAGE_TRANSFORMATIONS).toBe(true)
    expect(readConfig({ ...project, SUPABASE_IMAGE_TRANSFORMATIONS: 'off' }).SUPABASE_IMAGE_TRANSFORMATIONS).toBe(false)
    expect(readConfig({ ...project, SUPABASE_IMAGE_TRANSFORMATIONS: 'OFF' }).SUPABASE_IMAGE_TRANSFORMATIONS).toBe(false)
  })

  it('refuses any other value at start, saying what it must be', () => {
    for (const value of ['false', 'disabled', 'of']) {
      expect(() => readConfig({ ...project, SUPABASE_IMAGE_TRANSFORMATIONS: value })).toThrow(
        `Invalid web server settings: SUPABASE_IMAGE_TRANSFORMATIONS: SUPABASE_IMAGE_TRANSFORMATIONS must be on or off, not "${value}"`,
      )
    }
  })
})

describe('the project keys', () => {
  it('takes SUPABASE_PUBLISHABLE_KEY and SUPABASE_SECRET_KEY, or the legacy names when those are unset', () => {
    const current = readConfig({
      SUPABASE_URL: project.SUPABASE_URL,
      SUPABASE_PUBLISHABLE_KEY: 'p'.repeat(40),
      SUPABASE_SECRET_KEY: 's'.repeat(40),
      SUPABASE_ANON_KEY: 'a'.repeat(40),
    })
    expect(current.SUPABASE_PUBLISHABLE_KEY).toBe('p'.repeat(40))
    expect(current.SUPABASE_SECRET_KEY).toBe('s'.repeat(40))
    const legacy = readConfig({
      SUPABASE_URL: project.SUPABASE_URL,
      SUPABASE_ANON_KEY: 'a'.repeat(40),
      SUPABASE_SERVICE_ROLE_KEY: 'r'.repeat(40),
      SUPABASE_SECRET_KEY: '',
    })
    expect(legacy.SUPABASE_PUBLISHABLE_KEY).toBe('a'.repeat(40))
    expect(legacy.SUPABASE_SECRET_KEY).toBe('r'.repeat(40))
  })

  it('needs a public key under one of its names', () => {
    expect(() => readConfig({ SUPABASE_URL: project.SUPABASE_URL })).toThrow('SUPABASE_PUBLISHABLE_KEY')
  })
})
