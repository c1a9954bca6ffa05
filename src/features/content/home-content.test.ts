import { describe, expect, it } from 'vitest'
import { DEFAULT_HERO, heroFrom } from './home-content'

describe('heroFrom', () => {
  it('shows the built-in image instead of one a browser would load from another site', () => {
    for (const image of ['//evil.example/x.png', '/\\evil.example/x.png', '/\t/evil.example/x.png']) {
      expect(heroFrom({ image }, true).image, JSON.stringify(image)).toBe(DEFAULT_HERO.image)
    }
    for (const image of ['/images/team.svg', 'https://cdn.example/a.png']) expect(heroFrom({ image }, true).image).toBe(image)
  })

  it('offers an uploaded hero image in sizes, or as uploaded where Storage does not resize images', () => {
    const image = 'https://ref.supabase.co/storage/v1/object/public/media/hero/desk.jpg'
    const resized = heroFrom({ image }, true).imageSources
    expect(resized.src).toContain('/storage/v1/render/image/public/media/hero/desk.jpg?width=')
    expect(resized.srcSet?.split(', ')).toHaveLength(4)
    expect(heroFrom({ image }, false).imageSources).toEqual({ src: image })
  })
})
