import { Quote } from 'lucide-react'
import { StarRating } from '~/components/ui/star-rating'
import type { Testimonial } from '../api/testimonials'

export function TestimonialCard({ testimonial, large = false }: { testimonial: Testimonial; large?: boolean }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex items-center justify-between">
        <StarRating rating={testimonial.rating} />
        <Quote aria-hidden="true" className="size-7 text-brand-secondary/60" strokeWidth={1.75} />
      </div>
      <blockquote className={`mt-5 text-pretty text-slate-700 ${large ? 'text-lg leading-8 sm:text-xl sm:leading-9' : 'leading-7'}`}>
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-auto flex items-center gap-4 pt-6">
        <img {...testimonial.avatarImage} alt="" width={48} height={48} loading="lazy" decoding="async" className="size-12 rounded-full bg-slate-100" />
        <div>
          <p className="font-semibold text-slate-900">{testimonial.name}</p>
          <p className="text-sm text-slate-600">{testimonial.title}</p>
        </div>
      </figcaption>
    </figure>
  )
}
