import { Container } from '~/components/ui/container'
import { PageHero } from '~/components/ui/page-hero'
import { SectionHeading } from '~/components/ui/section-heading'
import { getClients } from '~/features/clients/api/clients'
import { ClientMarquee } from '~/features/clients/components/client-marquee'
import { ClosingCta } from '~/features/home/components/closing-cta'
import { INDUSTRIES } from '~/features/industries/industries'
import { getTestimonials } from '~/features/testimonials/api/testimonials'
import { TestimonialCard } from '~/features/testimonials/components/testimonial-card'
import { requestDb } from '~/lib/db.server'
import { imageTransformations } from '~/lib/env.server'
import { loadSafely } from '~/lib/load-safely'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/clients'

export async function loader({ context }: Route.LoaderArgs) {
  const db = requestDb(context)
  const transform = imageTransformations()
  const [clients, testimonials] = await Promise.all([
    loadSafely('Reading clients', () => getClients(db, transform), []),
    loadSafely('Reading testimonials', () => getTestimonials(db, transform), []),
  ])
  return { clients, testimonials }
}

export function meta({ matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'Our Clients',
    description: 'Banks, microfinance institutions, schools and enterprises that run on our software, in their own words.',
    path: '/clients',
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { clients, testimonials } = loaderData
  return (
    <>
      <PageHero
        eyebrow="Our Clients"
        title="Trusted by the institutions that serve millions"
        description="From microfinance banks to school groups and manufacturers, our clients rely on our software every working day."
      />
      <section className="py-14 sm:py-20" aria-labelledby="testimonials-heading">
        <Container>
          <SectionHeading id="testimonials-heading" title="What Our Clients Say" />
          {testimonials.length === 0 ? (
            <p className="mt-8 text-slate-600">Client stories will appear here soon.</p>
          ) : (
            <ul className="mt-10 grid gap-6 md:grid-cols-2">
              {testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          )}
        </Container>
      </section>
      <ClientMarquee clients={clients} title="Some of the institutions we serve" />
      <section className="py-14 sm:py-20" aria-labelledby="industries-heading">
        <Container>
          <SectionHeading id="industries-heading" title="Industries We Serve" align="center" />
          <ul className="mx-auto mt-8 flex max-w-4xl flex-wrap justify-center gap-3">
            {INDUSTRIES.map((industry) => (
              <li key={industry.name} className="rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm">
                {industry.name}
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <ClosingCta title="Become our next success story" action="Talk to Our Team" />
    </>
  )
}

export default function Clients({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
