// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { MediaFile } from '~/entities/media-file'
import { MediaScreen } from './media-screen'

afterEach(cleanup)

const publicUrl = 'https://ref.supabase.co/storage/v1/object/public/media/press/kit.png'
const file: MediaFile = {
  path: 'press/kit.png',
  folder: 'press',
  name: 'kit.png',
  size: 2048,
  mimetype: 'image/png',
  createdAt: '2026-11-20T10:00:00Z',
  publicUrl,
  uses: [],
}

/** The screen under the root route, whose data says whether Storage resizes images here. */
async function thumbnail(imageTransformations: boolean): Promise<HTMLImageElement> {
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => ({ imageTransformations }), children: [{ path: 'admin/media', Component: () => <MediaScreen files={[file]} /> }] },
  ])
  render(<Stub initialEntries={['/admin/media']} />)
  const item = (await screen.findByRole('heading', { name: 'kit.png' })).closest('li')!
  return item.querySelector('img')!
}

describe('Media screen thumbnails', () => {
  it('are small renderings of each image where Storage resizes images', async () => {
    const image = await thumbnail(true)
    expect(image.getAttribute('src')).toBe(
      'https://ref.supabase.co/storage/v1/render/image/public/media/press/kit.png?width=48&height=48&resize=cover&quality=75',
    )
    expect(image.getAttribute('srcset')).toContain('?width=96&height=96&resize=cover&quality=75 2x')
  })

  it('are the image itself where it does not (SUPABASE_IMAGE_TRANSFORMATIONS=off)', async () => {
    const image = await thumbnail(false)
    expect(image.getAttribute('src')).toBe(publicUrl)
    expect(image.hasAttribute('srcset')).toBe(false)
  })
})
