import { testimonialMessages as m, type Testimonial, type TestimonialValues } from '~/entities/testimonial'
import type { TablesInsert } from '~/lib/database.types'
import { unwrap, type Db, versioned } from '~/lib/supabase'

/** Every testimonial, newest first. */
export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  return unwrap(await db.from('testimonials').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

function toRow(values: TestimonialValues): TablesInsert<'testimonials'> {
  return { quote: values.quote.trim(), name: values.name.trim(), title: values.title.trim(), avatar: values.avatar.trim(), rating: values.rating }
}

export async function createTestimonial(db: Db, values: TestimonialValues): Promise<void> {
  unwrap(await db.from('testimonials').insert(toRow(values)).select('id').single(), m.createFailed)
}

export async function updateTestimonial(db: Db, id: string, values: TestimonialValues, version?: string): Promise<void> {
  unwrap(
    await db
      .from('testimonials')
      .update({ ...toRow(values), ...versioned(version) })
      .eq('id', id)
      .select('id')
      .single(),
    m.updateFailed,
  )
}

export async function deleteTestimonial(db: Db, id: string): Promise<void> {
  unwrap(await db.from('testimonials').delete().eq('id', id).select('id').single(), m.deleteFailed)
}
