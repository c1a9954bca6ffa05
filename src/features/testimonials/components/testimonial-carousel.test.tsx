// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Testimonial } from '../api/testimonials'
import { TestimonialCarousel } from './testimonial-carousel'

const testimonials: Testimonial[] = ['Ada', 'Bola', 'Chidi'].map((name, i) => ({
  id: `t${i}`,
  quote: `Quote from ${name}`,
  name,
  title: `Title ${i}`,
  avatar: `/images/avatars/${name}.svg`,
  avatarImage: { src: `/images/avatars/${name}.svg` },
  rating: 5 - i,
}))

function preferReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  })
}

const shown = () => screen.getByRole('group').textContent ?? ''
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))

beforeEach(() => {
  vi.useFakeTimers()
  preferReducedMotion(false)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('testimonial carousel', () => {
  it('advances every 5 s and wraps around to the first', () => {
    render(<TestimonialCarousel testimonials={testimonials} />)
    expect(shown()).toContain('Ada')
    tick(4999)
    expect(shown()).toContain('Ada')
    tick(1)
    expect(shown()).toContain('Bola')
    tick(5000)
    expect(shown()).toContain('Chidi')
    tick(5000)
    expect(shown()).toContain('Ada')
    expect(screen.getByRole('group').getAttribute('aria-label')).toBe('1 of 3')
  })

  it('shows the star rating of each testimonial', () => {
    render(<TestimonialCarousel testimonials={testimonials} />)
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy()
    tick(5000)
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy()
  })

  it('previous, next and the dots move it, wrapping both ways', () => {
    render(<TestimonialCarousel testimonials={testimonials} />)
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }))
    expect(shown()).toContain('Chidi')
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }))
    expect(shown()).toContain('Ada')
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 2' }))
    expect(shown()).toContain('Bola')
    expect(screen.getByRole('button', { name: 'Show testimonial 2' }).getAttribute('aria-current')).toBe('true')
  })

  it('pauses while hovered and resumes when the pointer leaves', () => {
    render(<TestimonialCarousel testimonials={testimonials} />)
    const carousel = screen.getByRole('region', { name: 'Testimonials' })
    fireEvent.mouseEnter(carousel)
    tick(20_000)
    expect(shown()).toContain('Ada')
    fireEvent.mouseLeave(carousel)
    tick(5000)
    expect(shown()).toContain('Bola')
  })

  it('pauses while focus is inside it', () => {
    render(<TestimonialCarousel testimonials={testimonials} />)
    const next = screen.getByRole('button', { name: 'Next testimonial' })
    act(() => next.focus())
    tick(20_000)
    expect(shown()).toContain('Ada')
    act(() => next.blur())
    tick(5000)
    expect(shown()).toContain('Bola')
  })

  it('with reduced motion it does not auto-advance or animate, and still moves by hand', () => {
    preferReducedMotion(true)
    render(<TestimonialCarousel testimonials={testimonials} />)
    tick(30_000)
    expect(shown()).toContain('Ada')
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }))
    expect(shown()).toContain('Bola')
  })

  it('the first slide is not animated (it is the server-rendered one); slides moved to are', () => {
    render(<TestimonialCarousel testimonials={testimonials} />)
    expect(screen.getByRole('group').className).not.toContain('animate-slide-in')
    tick(5000)
    expect(screen.getByRole('group').className).toContain('animate-slide-in')
  })
})
