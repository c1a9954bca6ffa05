import type { Tables } from '~/lib/database.types'
import { fixedImage, type ImageSources } from '~/lib/responsive-image'
import { unwrap, type Db } from '~/lib/supabase'

export type Testimonial = Pick<Tables<'testimonials'>, 'id' | 'quote' | 'name' | 'title' | 'avatar' | 'rating'> & {
  /** The avatar's sources at its shown size (48 px), made here so the page's script need not. */
  avatarImage: ImageSources
}

/** Testimonials in the order they were added; `transform`: whether Storage resizes images here. */
export async function getTestimonials(db: Db, transform: boolean): Promise<Testimonial[]> {
  const rows = unwrap(
    await db.from('testimonials').select('id, quote, name, title, avatar, rating').order('created_at', { ascending: true }),
    'Failed to fetch testimonials',
  )
  return rows.map((row) => ({ ...row, avatarImage: fixedImage(row.avatar, { width: 48, height: 48 }, transform) }))
}
