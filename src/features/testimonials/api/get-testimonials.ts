import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'

export type Testimonial = Pick<Tables<'testimonials'>, 'id' | 'quote' | 'name' | 'title' | 'avatar' | 'rating'>

/** Testimonials in the order they were added. */
export async function getTestimonials(db: Db): Promise<Testimonial[]> {
  return unwrap(
    await db.from('testimonials').select('id, quote, name, title, avatar, rating').order('created_at', { ascending: true }),
    'Failed to fetch testimonials',
  )
}
