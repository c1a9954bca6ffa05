// The Testimonials screen: quote cards with their rating, searchable.
import { Star } from 'lucide-react'
import { testimonialMessages, testimonialSchema, type Testimonial, type TestimonialInput, type TestimonialValues } from '~/entities/testimonial'
import type { ResourceDescription } from '../components/resource-screen'
import { card } from '../components/styles'

export const testimonialsResource: ResourceDescription<Testimonial, TestimonialInput, TestimonialValues> = {
  title: 'Testimonials',
  subtitle: 'Manage customer testimonials',
  addLabel: 'Add Testimonial',
  messages: testimonialMessages,
  label: (t) => t.name,
  search: { placeholder: 'Search testimonials...', text: (t) => [t.name, t.title, t.quote] },
  listClass: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3',
  Item: ({ row: t, controls }) => (
    <li className={`${card} flex flex-col p-4`}>
      <div className="flex items-center gap-3">
        <img src={t.avatar} alt="" className="size-10 shrink-0 rounded-full bg-slate-100 object-cover" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-medium text-slate-900">{t.name}</h2>
          <p className="truncate text-xs text-slate-600">{t.title}</p>
        </div>
      </div>
      <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-700">“{t.quote}”</p>
      <div className="mt-3 flex items-center justify-between">
        <span className="flex text-amber-500" aria-label={`${t.rating} out of 5 stars`} role="img">
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} aria-hidden className={`size-3.5 ${i < t.rating ? 'fill-current' : 'text-slate-300'}`} />
          ))}
        </span>
        <span className="flex gap-1">
          {controls.edit}
          {controls.remove}
        </span>
      </div>
    </li>
  ),
  form: {
    schema: testimonialSchema,
    draftKey: 'testimonial',
    initial: (item) => ({ quote: item?.quote ?? '', name: item?.name ?? '', title: item?.title ?? '', avatar: item?.avatar ?? '', rating: String(item?.rating ?? 5) }),
    titles: { create: 'Add Testimonial', edit: 'Edit Testimonial' },
    submitLabels: { create: 'Create Testimonial', update: 'Update Testimonial' },
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
}
