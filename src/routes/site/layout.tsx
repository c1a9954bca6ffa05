import { Outlet } from 'react-router'
import { HydrationChunk } from '~/components/layout/hydration-chunk'
import { NavigationProgress } from '~/components/layout/navigation-progress'
import { PageTransition } from '~/components/layout/page-transition'
import { SiteFooter } from '~/components/layout/site-footer'
import { SiteHeader } from '~/components/layout/site-header'
import type { SocialNetwork } from '~/components/ui/social-icon'
import { getContent } from '~/features/content/api/website-content'
import { footerFrom } from '~/features/content/page-content'
import { NewsletterForm } from '~/features/leads/components/newsletter-form'
import { DEFAULT_SITE_SETTINGS, safeLink, type TextSettings } from '~/entities/site-settings'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import { loadSafely } from '~/lib/load-safely'
import type { Route } from './+types/layout'

// Every public page renders the same for every visitor: the web server may share one render for a moment.
export const handle: ServerHints = { sharedRender: true }

export async function loader({ context }: Route.LoaderArgs) {
  const footer = await loadSafely('Reading the footer copy', () => getContent(requestDb(context), 'footer', 'main'), null)
  // Shaped here, on the server: the footer's defaults stay out of the browser's JavaScript.
  return { footer: footerFrom(footer?.content ?? undefined) }
}

const SOCIAL: { key: keyof TextSettings; network: SocialNetwork; label: string }[] = [
  { key: 'linkedin_url', network: 'linkedin', label: 'LinkedIn' },
  { key: 'twitter_url', network: 'twitter', label: 'X (Twitter)' },
  { key: 'facebook_url', network: 'facebook', label: 'Facebook' },
  { key: 'github_url', network: 'github', label: 'GitHub' },
]

/** The public layout: fixed header, the page (transitions keyed by path), footer. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings()
  const { footer } = loaderData
  const social = SOCIAL.flatMap(({ key, network, label }) => {
    const href = safeLink(settings[key])
    return href ? [{ network, label, href }] : []
  })
  return (
    <>
      <NavigationProgress />
      <HydrationChunk>
        <SiteHeader logoText={settings.company_logo_text} chatUrl={safeLink(settings.chat_url)} />
      </HydrationChunk>
      <main id="main" className="pt-16">
        <PageTransition>
          <HydrationChunk>
            <Outlet />
          </HydrationChunk>
        </PageTransition>
      </main>
      <HydrationChunk>
        <SiteFooter
          companyName={settings.company_name}
          logoText={settings.company_logo_text}
          description={footer.description ?? (settings.company_tagline || DEFAULT_SITE_SETTINGS.company_tagline)}
          email={settings.contact_email}
          phone={settings.contact_phone}
          address={settings.company_address}
          social={social}
          newsletterTitle={footer.newsletterTitle}
          newsletterDescription={footer.newsletterDescription}
          newsletterSlot={<NewsletterForm tone="dark" />}
        />
      </HydrationChunk>
    </>
  )
}
