import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClasses } from '~/components/ui/button-link'
import { Container } from '~/components/ui/container'
import { Glow } from '~/components/ui/glow'
import type { HeroView } from '../home-content'

/** The home hero: badge, title (the page's h1), subtitle, two calls to action and the illustration. */
export function HeroSection({ hero }: { hero: HeroView }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-slate-50 via-white to-white">
      <Glow className="-top-72 -right-72 size-[52rem] from-brand-secondary/15 from-38%" />
      <Glow className="top-8 -left-72 size-[44rem] from-brand-primary/10 from-27%" />
      <Container className="relative grid gap-12 py-14 sm:py-20 lg:grid-cols-12 lg:items-center lg:py-24">
        <div className="lg:col-span-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-700 shadow-sm">
            <span aria-hidden="true" className="size-2 rounded-full bg-brand-secondary" />
            {hero.badge}
          </p>
          <h1 className="mt-6 text-4xl leading-[1.1] font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">{hero.title}</h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600">{hero.subtitle}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <Link to="/contact" className={buttonClasses('primary', 'lg')}>
              {hero.primaryButton} <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.75} />
            </Link>
            <Link to="/solutions" className={buttonClasses('outline', 'lg')}>
              {hero.secondaryButton}
            </Link>
          </div>
        </div>
        <div className="lg:col-span-6">
          <img
            {...hero.imageSources}
            alt={hero.imageAlt}
            width={1200}
            height={900}
            fetchPriority="high"
            decoding="async"
            className="w-full rounded-2xl shadow-2xl ring-1 shadow-brand-primary/15 ring-slate-900/5"
          />
        </div>
      </Container>
    </section>
  )
}
