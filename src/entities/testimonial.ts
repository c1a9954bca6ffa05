// A customer's quote with their name, position and a 1-5 rating.
import { z } from '~/lib/schemas'
import type { Tables } from '~/lib/database.types'
import { entityMessages } from './messages'
import { requiredText, urlRule } from './rules'

export type Testimonial = Tables<'testimonials'>

export const testimonialSchema = z.object({
  quote: requiredText('Quote', 2000),
  name: requiredText('Name', 200),
  title: requiredText('Title', 200),
  avatar: urlRule('Avatar URL'),
  // A new testimonial opens at five stars.
  rating: z.coerce.number<string | number>().int().min(1, 'Rating is 1 to 5').max(5, 'Rating is 1 to 5').prefault('5'),
})

/** What the form holds. */
export type TestimonialInput = z.input<typeof testimonialSchema>
/** The row to write. */
export type TestimonialValues = z.output<typeof testimonialSchema>

export const testimonialMessages = entityMessages('testimonial', 'testimonials')
