import { describe, expect, it } from 'vitest'
import { contrastRatio, INK, luminance, textOn, WHITE } from './color-contrast'

describe('contrastRatio', () => {
  it('gives the WCAG figures: 21:1 for black on white, 1:1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#2d317b', '#2d317b')).toBe(1)
    expect(contrastRatio('#777777', WHITE)).toBeCloseTo(4.48, 2)
  })

  it('reads #rgb as #rrggbb', () => {
    expect(luminance('#fa0')).toBe(luminance('#ffaa00'))
  })
})

describe('textOn', () => {
  it('picks white on a dark colour and ink on a light one', () => {
    expect(textOn('#2d317b')).toBe(WHITE)
    expect(textOn('#28a9e1')).toBe(INK)
    expect(textOn('#ffff00')).toBe(INK)
  })
})
