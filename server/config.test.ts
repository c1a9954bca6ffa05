import { describe, expect, it } from 'vitest'
import { readConfig } from './config.ts'

const project = { SUPABASE_URL: 'https://ref.supabase.co', SUPABASE_ANON_KEY: 'a'.repeat(40) }

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
