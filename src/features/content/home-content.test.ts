import { describe, expect, it } from 'vitest'
import { DEFAULT_HERO, heroFrom } from './home-content'

describe('heroFrom', () => {
  it('shows the built-in image instead of one a browser would load from another site', () => {
    for (const image of ['//evil.example/x.png', '/\\evil.example/x.png', '/\t/evil.example/x.png']) {
      expect(heroFrom({ image }).image, JSON.stringify(image)).toBe(DEFAULT_HERO.image)
    }
    for (const image of ['/images/team.svg', 'https://cdn.example/a.png']) expect(heroFrom({ image }).image).toBe(image)
  })
})
