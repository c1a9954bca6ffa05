import { describe, expect, it } from 'vitest'
import { brandContrastWarning } from './brand-contrast'

describe('brandContrastWarning', () => {
  it('says nothing about the seed colours', () => {
    expect(brandContrastWarning('primary_color', '#2d317b')).toBeNull()
    expect(brandContrastWarning('secondary_color', '#28a9e1')).toBeNull()
  })

  it('warns when the primary is too light for text on white, with the measured contrast', () => {
    expect(brandContrastWarning('primary_color', '#28a9e1')).toBe(
      'Contrast 2.6:1 against white, below the 4.5:1 minimum for text: links and headings will show in dark slate instead of this colour.',
    )
  })

  it('warns when neither white nor dark text is readable on a colour', () => {
    // A mid-tone: about 4.1:1 with white and 4.4:1 with ink.
    expect(brandContrastWarning('secondary_color', '#e0464e')).toMatch(/^Text on this colour reaches only 4\.\d:1 with white or dark text/)
    // A light secondary is fine: dark labels read well on it.
    expect(brandContrastWarning('secondary_color', '#ffee00')).toBeNull()
  })

  it('waits for a whole hex colour, and ignores other settings', () => {
    expect(brandContrastWarning('primary_color', '#fff')).toBeNull()
    expect(brandContrastWarning('primary_color', '')).toBeNull()
    expect(brandContrastWarning('company_name', '#ffffff')).toBeNull()
  })
})
