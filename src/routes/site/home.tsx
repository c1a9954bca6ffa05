import { HydrationChunk } from '~/components/layout/hydration-chunk'
import { Container } from '~/components/ui/container'
import { SectionHeading } from '~/components/ui/section-heading'
import { getClients } from '~/features/clients/api/clients'
import { ClientMarquee } from '~/features/clients/components/client-marquee'
import { getContent } from '~/features/content/api/website-content'
import { HeroSection } from '~/features/content/components/hero-section'
import { StatsBand } from '~/features/content/components/stats-band'
import { heroFrom, statsFrom } from '~/features/content/home-content'
import { ClosingCta } from '~/features/home/components/closing-cta'
import { CustomDevelopment } from '~/features/home/components/custom-development'
import { FintechSpecialisation } from '~/features/home/components/fintech-specialisation'
import { ProductHighlights } from '~/features/home/components/product-highlights'
import { WhyChooseUs } from '~/features/home/components/why-choose-us'
import { getTestimonials } from '~/features/testimonials/api/testimonials'
import { TestimonialCarousel } from '~/features/testimonials/components/testimonial-carousel'
import { requestDb } from '~/lib/db.server'
import { imageTransformations } from '~/lib/env.server'
import { loadSafely } from '~/lib/load-safely'
import { buildMeta, organizationLd, siteContextFrom } from '~/lib/seo'
import type { loader as rootLoader } from '~/root'
import type { Route } from './+types/home'

export async function loader({ context }: Route.LoaderArgs) {
  const db = requestDb(context)
  const transform = imageTransformations()
  const [hero, stats, clients, testimonials] = await Promise.all([
    loadSafely('Reading the hero copy', () => getContent(db, 'hero', 'main'), null),
    loadSafely('Reading the stats copy', () => getContent(db, 'stats', 'main'), null),
    loadSafely('Reading clients', () => getClients(db, transform), []),
    loadSafely('Reading testimonials', () => getTestimonials(db, transform), []),
  ])
  return { hero: heroFrom(hero?.content, transform), stats: statsFrom(stats?.content), clients, testimonials }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteContextFrom(matches)
  const settings = (matches.find((match) => match?.id === 'root')?.loaderData as Awaited<ReturnType<typeof rootLoader>> | undefined)?.settings
  const description = settings?.company_tagline ?? loaderData?.hero.subtitle ?? ''
  return buildMeta(site, {
    title: site.siteName,
    isHome: true,
    description,
    path: '/',
    image: loaderData?.hero.image,
    jsonLd: [
      organizationLd(site, {
        description,
        email: settings?.contact_email,
        phone: settings?.contact_phone,
        address: settings?.company_address,
        sameAs: [settings?.linkedin_url, settings?.twitter_url, settings?.facebook_url, settings?.github_url].filter(
          (url): url is string => !!url && /^https?:\/\//.test(url),
        ),
      }),
    ],
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { hero, stats, clients, testimonials } = loaderData
  return (
    <>
      <HydrationChunk>
        <HeroSection hero={hero} />
        <ClientMarquee clients={clients} title="Trusted by banks, schools and businesses" />
        <StatsBand stats={stats} />
      </HydrationChunk>
      <HydrationChunk>
        <CustomDevelopment />
        <ProductHighlights />
      </HydrationChunk>
      <HydrationChunk>
        <WhyChooseUs />
        <FintechSpecialisation />
      </HydrationChunk>
      <HydrationChunk>
        {testimonials.length > 0 && (
          <section className="bg-slate-50 py-16 sm:py-24" aria-labelledby="testimonials-heading">
            <Container>
              <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What our clients say" align="center" />
              <div className="mt-12">
                <TestimonialCarousel testimonials={testimonials} />
              </div>
            </Container>
          </section>
        )}
        <ClosingCta />
      </HydrationChunk>
    </>
  )
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
