import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useState } from 'react'
import { usePrefersReducedMotion } from '~/lib/use-reduced-motion'
import type { Testimonial } from '../api/testimonials'
import { TestimonialCard } from './testimonial-card'

export const CAROUSEL_INTERVAL_MS = 5000

/**
 * Testimonials, one at a time: advances every 5 s and wraps around; previous, next and dots move
 * it by hand. It pauses while hovered or while focus is inside it, and does not auto-advance at all
 * when the visitor prefers reduced motion (slides then change without animation).
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const reduce = usePrefersReducedMotion()
  // The server-rendered first slide is shown as is; only slides the visitor moves to animate in
  // (a CSS animation, which the reduced-motion rule switches off).
  const [moved, setMoved] = useState(false)
  const count = testimonials.length
  const paused = hovered || focused || !!reduce || count < 2

  useEffect(() => {
    if (paused) return
    const timer = setTimeout(() => {
      setMoved(true)
      setIndex((current) => (current + 1) % count)
    }, CAROUSEL_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [paused, count, index])

  if (count === 0) return null
  const current = testimonials[index % count]
  const go = (next: number) => {
    setMoved(true)
    setIndex(((next % count) + count) % count)
  }

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
      className="mx-auto max-w-3xl"
    >
      <div className="relative" aria-live={paused ? 'polite' : 'off'}>
        <div
          key={current.id}
          role="group"
          aria-roledescription="slide"
          aria-label={`${(index % count) + 1} of ${count}`}
          className={moved ? 'animate-slide-in' : undefined}
        >
          <TestimonialCard testimonial={current} large />
        </div>
      </div>
      {count > 1 && (
        <div className="mt-6 flex items-center justify-center gap-4">
          <button
            type="button"
            onClick={() => go(index - 1)}
            aria-label="Previous testimonial"
            className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 transition hover:bg-slate-50"
          >
            <ChevronLeft aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </button>
          <div className="flex items-center gap-1">
            {testimonials.map((testimonial, dot) => (
              <button
                key={testimonial.id}
                type="button"
                onClick={() => go(dot)}
                aria-label={`Show testimonial ${dot + 1}`}
                aria-current={dot === index % count ? 'true' : undefined}
                className="group inline-flex size-8 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2 rounded-full transition-all ${dot === index % count ? 'w-6 bg-brand-primary' : 'w-2 bg-slate-300 group-hover:bg-slate-400'}`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => go(index + 1)}
            aria-label="Next testimonial"
            className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 transition hover:bg-slate-50"
          >
            <ChevronRight aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </button>
        </div>
      )}
    </div>
  )
}
