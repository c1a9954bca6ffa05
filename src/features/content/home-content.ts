// Home page copy from website_content (hero/main, stats/main) with the built-in defaults.
import { readBlock, readList, readText, STAT_ICONS, type HeroContent, type StatsContent } from '~/entities/website-content'
import { fluidImage, type ImageSources } from '~/lib/responsive-image'
import { isSafeUrl } from '~/lib/safe-url'

export type { HeroContent, Stat, StatIcon, StatsContent } from '~/entities/website-content'

export const DEFAULT_HERO: HeroContent = {
  badge: 'Fintech & enterprise software, built in Lagos',
  title: 'Software that moves money, schools and businesses forward',
  subtitle:
    'Core banking, payments, debt recovery, HR and education platforms for institutions across Africa: secure by design, ready to scale, and supported by engineers who know your market.',
  primaryButton: 'Request a Review',
  secondaryButton: 'View Solutions Suite',
  image: '/images/hero.svg',
  imageAlt: 'Illustration of a Ledgerfield dashboard with account balances, a growth chart and a portfolio breakdown',
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

/** The hero as the home page shows it: its image's sources are made on the server, so the page's script need not. */
export type HeroView = HeroContent & { imageSources: ImageSources }

/** `transform`: whether Storage resizes images here (imageTransformations()). */
export function heroFrom(content: Record<string, unknown> | undefined, transform: boolean): HeroView {
  const hero = readBlock(content, DEFAULT_HERO)
  // Only paths on this site and web addresses are used as an image source.
  const image = isSafeUrl(hero.image) ? hero.image : DEFAULT_HERO.image
  const imageSources = fluidImage(
    image,
    { widths: [480, 640, 960, 1280], sizes: '(min-width: 1280px) 600px, (min-width: 1024px) 47vw, calc(100vw - 40px)' },
    transform,
  )
  return { ...hero, image, imageSources }
}

export function statsFrom(content: Record<string, unknown> | undefined): StatsContent {
  const stored = readList(content, 'stats')
  const stats = stored.length
    ? stored.map((item, index) => {
        const fallback = DEFAULT_STATS.stats[index % DEFAULT_STATS.stats.length]
        const icon = STAT_ICONS.find((name) => name === item.icon) ?? fallback.icon
        return {
          icon,
          number: readText(item, 'number', fallback.number),
          label: readText(item, 'label', fallback.label),
          description: readText(item, 'description', ''),
        }
      })
    : DEFAULT_STATS.stats
  return {
    title: readText(content, 'title', DEFAULT_STATS.title),
    subtitle: readText(content, 'subtitle', DEFAULT_STATS.subtitle),
    stats,
  }
}
