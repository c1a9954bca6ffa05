import { describe, expect, it } from 'vitest'
import { fixedImage, fluidImage, storageRenderUrl } from './responsive-image'

const uploaded = 'https://ref.supabase.co/storage/v1/object/public/media/blog/harbour.jpg'
const render = 'https://ref.supabase.co/storage/v1/render/image/public/media/blog/harbour.jpg'
const fluid = { widths: [400, 800], sizes: '(min-width: 1024px) 50vw, 100vw', aspectRatio: 2 }

describe('with image transformations', () => {
  it('turns an uploaded image into width candidates, cropped to the box, with sizes', () => {
    expect(fluidImage(uploaded, fluid, true)).toEqual({
      src: `${render}?width=400&height=200&resize=cover&quality=75`,
      srcSet: `${render}?width=400&height=200&resize=cover&quality=75 400w, ${render}?width=800&height=400&resize=cover&quality=75 800w`,
      sizes: fluid.sizes,
    })
  })

  it('turns an uploaded avatar into 1x, 2x and 3x candidates', () => {
    const avatar = fixedImage(uploaded, { width: 48, height: 48 }, true)
    expect(avatar.src).toBe(`${render}?width=48&height=48&resize=cover&quality=75`)
    expect(avatar.srcSet?.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['1x', '2x', '3x'])
    expect(avatar.sizes).toBeUndefined()
  })

  it('keeps a site-relative storage address on the site', () => {
    expect(storageRenderUrl('/storage/v1/object/public/media/a.png', { width: 10 })).toBe('/storage/v1/render/image/public/media/a.png?width=10&quality=75')
  })

  it('uses any other address as it is', () => {
    expect(fluidImage('/images/hero.svg', fluid, true)).toEqual({ src: '/images/hero.svg' })
    expect(fixedImage('https://cdn.example/a.png', { height: 48 }, true)).toEqual({ src: 'https://cdn.example/a.png' })
  })
})

describe('without image transformations', () => {
  it('sends an uploaded image as its object URL, with no srcset or sizes', () => {
    expect(fluidImage(uploaded, fluid, false)).toEqual({ src: uploaded })
    expect(fixedImage(uploaded, { width: 64, height: 64 }, false)).toEqual({ src: uploaded })
    expect(fixedImage(uploaded, { height: 48 }, false)).toEqual({ src: uploaded })
  })

  it('leaves other addresses as they are', () => {
    expect(fluidImage('/images/hero.svg', fluid, false)).toEqual({ src: '/images/hero.svg' })
  })
})
