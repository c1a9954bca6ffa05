// Copy of the about, contact and footer blocks from website_content, with the built-in defaults.
import { readText as text, type IntroContent } from '~/entities/website-content'

export type { IntroContent } from '~/entities/website-content'

export const DEFAULT_ABOUT: IntroContent = {
  badge: 'About Ledgerfield',
  title: "Building the software Africa's institutions run on",
  subtitle:
    'Ledgerfield Technologies is a Lagos-based fintech and enterprise software company. We design, build and support the systems behind bank accounts, loan books, payrolls and classrooms, and we stay beside our clients long after go-live.',
}

export const DEFAULT_MISSION = {
  title: 'Our Mission',
  content:
    'To give every bank, school and business we serve software that is secure, dependable and simple to run, so they can spend their energy on the people they serve rather than on the systems behind them.',
}

export const DEFAULT_VISION = {
  title: 'Our Vision',
  content:
    'An Africa where every institution, from a rural microfinance bank to a national school network, runs on technology as good as any in the world, built and supported close to home.',
}

export const DEFAULT_CONTACT: IntroContent = {
  badge: 'Get in touch',
  title: "Let's talk about your next system",
  subtitle: 'Tell us what you are building or replacing. A product specialist will reply within one business day with next steps, a demo slot or a proposal.',
}

export interface FooterContent {
  /** Null when none is stored: the footer then shows the company's tagline from site settings. */
  description: string | null
  newsletterTitle: string
  newsletterDescription: string
}

export const DEFAULT_FOOTER: Omit<FooterContent, 'description'> = {
  newsletterTitle: 'Stay in the loop',
  newsletterDescription: 'Product news, engineering notes and fintech insight from our team in Lagos. One e-mail a month, no spam.',
}

export function introFrom(content: Record<string, unknown> | undefined, fallback: IntroContent): IntroContent {
  return {
    badge: text(content, 'badge', fallback.badge),
    // The admin's about editor stores either a title or a single `content` text.
    title: text(content, 'title', fallback.title),
    subtitle: text(content, 'subtitle', text(content, 'content', fallback.subtitle)),
  }
}

export function blockFrom(content: Record<string, unknown> | undefined, fallback: { title: string; content: string }) {
  return { title: text(content, 'title', fallback.title), content: text(content, 'content', fallback.content) }
}

export function footerFrom(content: Record<string, unknown> | undefined): FooterContent {
  return {
    description: text(content, 'description', '') || null,
    newsletterTitle: text(content, 'newsletterTitle', DEFAULT_FOOTER.newsletterTitle),
    newsletterDescription: text(content, 'newsletterDescription', DEFAULT_FOOTER.newsletterDescription),
  }
}
