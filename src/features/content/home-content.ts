// Home page copy from website_content (hero/main, stats/main) with the built-in defaults.
import { isSafeUrl } from '~/lib/safe-url'
import { list, text } from './content-fields'

export type StatIcon = 'Users' | 'Building' | 'Globe' | 'Award'

export interface HeroContent {
  badge: string
  title: string
  subtitle: string
  primaryButton: string
  secondaryButton: string
  image: string
  imageAlt: string
}

export interface Stat {
  icon: StatIcon
  number: string
  label: string
  description: string
}

export interface StatsContent {
  title: string
  subtitle: string
  stats: Stat[]
}

export const DEFAULT_HERO: HeroContent = {
  badge: 'Fintech & enterprise software',
  title: 'Software that moves money, schools and businesses forward',
  subtitle:
    'Core banking, payments, debt recovery, HR and education platforms for institutions across Africa: secure by design, ready to scale, and supported by engineers who know your market.',
  primaryButton: 'Request a Review',
  secondaryButton: 'View Solutions Suite',
  image: '/images/hero.svg',
  imageAlt: 'Illustration of a dashboard with account balances, a growth chart and a portfolio breakdown',
}

export const DEFAULT_STATS: StatsContent = {
  title: 'Trusted by institutions across Africa',
  subtitle: 'More than a decade of building the systems that banks, schools and businesses run on every day.',
  stats: [
    { icon: 'Users', number: '500+', label: 'Clients', description: 'Banks, microfinance institutions, schools and enterprises' },
    { icon: 'Building', number: '10+', label: 'Software Products', description: 'From core banking to HR, education and debt recovery' },
    { icon: 'Globe', number: '15+', label: 'Countries', description: 'Deployments across West, East and Southern Africa' },
    { icon: 'Award', number: '99.9%', label: 'Uptime', description: 'Measured across our hosted platforms every month' },
  ],
}

const STAT_ICONS: StatIcon[] = ['Users', 'Building', 'Globe', 'Award']

export function heroFrom(content: Record<string, unknown> | undefined): HeroContent {
  const image = text(content, 'image', DEFAULT_HERO.image)
  return {
    badge: text(content, 'badge', DEFAULT_HERO.badge),
    title: text(content, 'title', DEFAULT_HERO.title),
    subtitle: text(content, 'subtitle', DEFAULT_HERO.subtitle),
    primaryButton: text(content, 'primaryButton', DEFAULT_HERO.primaryButton),
    secondaryButton: text(content, 'secondaryButton', DEFAULT_HERO.secondaryButton),
    // Only paths on this site and web addresses are used as an image source.
    image: isSafeUrl(image) ? image : DEFAULT_HERO.image,
    imageAlt: text(content, 'imageAlt', DEFAULT_HERO.imageAlt),
  }
}

export function statsFrom(content: Record<string, unknown> | undefined): StatsContent {
  const stored = list(content, 'stats')
  const stats = stored.length
    ? stored.map((item, index) => {
        const fallback = DEFAULT_STATS.stats[index % DEFAULT_STATS.stats.length]
        const icon = STAT_ICONS.find((name) => name === item.icon) ?? fallback.icon
        return {
          icon,
          number: text(item, 'number', fallback.number),
          label: text(item, 'label', fallback.label),
          description: text(item, 'description', ''),
        }
      })
    : DEFAULT_STATS.stats
  return {
    title: text(content, 'title', DEFAULT_STATS.title),
    subtitle: text(content, 'subtitle', DEFAULT_STATS.subtitle),
    stats,
  }
}
