import { testimonialMessages as m, type Testimonial, type TestimonialValues } from '~/entities/testimonial'
import { unwrap, type Db, versioned } from '~/lib/supabase'

/** Every testimonial, newest first. */
export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  return unwrap(await db.from('testimonials').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

export async function createTestimonial(db: Db, values: TestimonialValues): Promise<void> {
  unwrap(await db.from('testimonials').insert(values).select('id').single(), m.createFailed)
}

export async function updateTestimonial(db: Db, id: string, values: TestimonialValues, version?: string): Promise<void> {
  unwrap(
    await db
      .from('testimonials')
      .update({ ...values, ...versioned(version) })
      .eq('id', id)
      .select('id')
      .single(),
    m.updateFailed,
  )
}

export async function deleteTestimonial(db: Db, id: string): Promise<void> {
  unwrap(await db.from('testimonials').delete().eq('id', id).select('id').single(), m.deleteFailed)
}
