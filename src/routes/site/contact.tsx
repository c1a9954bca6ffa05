import { Container } from '~/components/ui/container'
import { PageHero } from '~/components/ui/page-hero'
import { ContactDetails } from '~/features/contact/components/contact-details'
import { getContent } from '~/features/content/api/website-content'
import { ContactForm } from '~/features/leads/components/contact-form'
import { DEFAULT_CONTACT, introFrom } from '~/features/content/page-content'
import { safeLink } from '~/entities/site-settings'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { getSolutionOptions } from '~/features/solutions/api/solutions'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import type { ServerHints } from '~/lib/server-hints'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/contact'

export const handle: ServerHints = { queryParams: ['interest'] }

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = requestDb(context)
  const [intro, solutions] = await Promise.all([
    loadSafely('Reading the contact copy', () => getContent(db, 'contact', 'main'), null),
    loadSafely('Reading solutions', () => getSolutionOptions(db), []),
  ])
  // ?interest=<solution slug> preselects 'interested in' (from /products 'Discuss' and demo links).
  const interest = new URL(request.url).searchParams.get('interest') ?? ''
  return {
    intro: introFrom(intro?.content, DEFAULT_CONTACT),
    solutions,
    interestedIn: solutions.some((solution) => solution.slug === interest) ? interest : undefined,
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'Contact Us',
    description: loaderData?.intro.subtitle ?? DEFAULT_CONTACT.subtitle,
    path: '/contact',
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const settings = useSiteSettings()
  const { intro } = loaderData
  const phones = [settings.contact_phone, settings.contact_phone_secondary].filter(Boolean)
  const form = <ContactForm solutions={loaderData.solutions} interestedIn={loaderData.interestedIn} />
  return (
    <>
      <PageHero eyebrow={intro.badge} title={intro.title} description={intro.subtitle} />
      <Container className="grid gap-10 py-14 sm:py-20 lg:grid-cols-12">
        <div className="lg:col-span-7">{form}</div>
        <div className="lg:col-span-5">
          <ContactDetails
            email={settings.contact_email}
            phones={phones}
            address={settings.company_address}
            hours={settings.office_hours}
            bookingUrl={safeLink(settings.booking_url)}
          />
        </div>
      </Container>
    </>
  )
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
