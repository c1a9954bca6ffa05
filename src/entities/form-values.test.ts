import { describe, expect, it } from 'vitest'
import { clientSchema } from './client'
import { formValuesOf } from './form-values'
import { teamMemberSchema } from './team-member'

describe('formValuesOf', () => {
  it('opens a new item with every field of the schema blank, and a choice at its first option', () => {
    expect(formValuesOf(clientSchema, null)).toEqual({ name: '', icon: 'Building', logo_url: '' })
    expect(formValuesOf(teamMemberSchema, null)).toEqual({ name: '', position: '', bio: '', avatar: '', linkedin_url: '', twitter_url: '' })
  })

  it("opens a row with its values, an empty column as '', and a choice that is no longer an option as the first", () => {
    expect(formValuesOf(clientSchema, { name: 'Harbour', icon: 'Gem', logo_url: null })).toEqual({ name: 'Harbour', icon: 'Gem', logo_url: '' })
    expect(formValuesOf(clientSchema, { name: 'Harbour', icon: 'Retired', logo_url: '/logo.svg' })).toEqual({
      name: 'Harbour',
      icon: 'Building',
      logo_url: '/logo.svg',
    })
  })
})
