// The Testimonials screen: quote cards with their rating, searchable.
import { Star } from 'lucide-react'
import { testimonialMessages, testimonialSchema, type Testimonial, type TestimonialInput, type TestimonialValues } from '~/entities/testimonial'
import { formValuesOf } from '~/entities/form-values'
import { dialogLabels } from '../components/resource-form'
import type { ResourceDescription } from '../components/resource-screen'
import { PersonCard } from '../components/item-parts'

export const testimonialsResource: ResourceDescription<Testimonial, TestimonialInput, TestimonialValues> = {
  title: 'Testimonials',
  subtitle: 'Manage customer testimonials',
  addLabel: 'Add Testimonial',
  messages: testimonialMessages,
  label: (t) => t.name,
  search: { placeholder: 'Search testimonials...', text: (t) => [t.name, t.title, t.quote] },
  listClass: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3',
  Item: ({ row: t, controls }) => (
    <PersonCard
      avatar={t.avatar}
      name={t.name}
      subtitle={t.title}
      avatarSize="size-10"
      text={`“${t.quote}”`}
      controls={controls}
      aside={
        <span className="flex text-amber-500" aria-label={`${t.rating} out of 5 stars`} role="img">
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} aria-hidden className={`size-3.5 ${i < t.rating ? 'fill-current' : 'text-slate-300'}`} />
          ))}
        </span>
      }
    />
  ),
  form: {
    schema: testimonialSchema,
    draftKey: 'testimonial',
    initial: (item) => formValuesOf(testimonialSchema, item),
    ...dialogLabels('Testimonial'),
    parts: [
      { name: 'quote', label: 'Quote', kind: 'textarea', rows: 4 },
      [
        { name: 'name', label: 'Name' },
        { name: 'title', label: 'Title', hint: 'Position and company' },
      ],
      { name: 'avatar', label: 'Avatar URL', placeholder: 'https://…' },
      {
        name: 'rating',
        label: 'Rating',
        kind: 'select',
        options: [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} ${n === 1 ? 'star' : 'stars'}` })),
      },
    ],
  },
  review: { kind: 'testimonial', live: (row) => row.published },
}
