import { Eye, Target } from 'lucide-react'
import { Container } from '~/components/ui/container'
import { PageHero } from '~/components/ui/page-hero'
import { SectionHeading } from '~/components/ui/section-heading'
import { getContentEntries } from '~/features/content/api/website-content'
import { ValuesGrid } from '~/features/content/components/values-grid'
import { blockFrom, DEFAULT_ABOUT, DEFAULT_MISSION, DEFAULT_VISION, introFrom } from '~/features/content/page-content'
import { ClosingCta } from '~/features/home/components/closing-cta'
import { getTeamMembers } from '~/features/team/api/team-members'
import { TeamGrid } from '~/features/team/components/team-grid'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/about'

export async function loader({ context }: Route.LoaderArgs) {
  const db = requestDb(context)
  const [content, team] = await Promise.all([
    loadSafely('Reading the about copy', () => getContentEntries(db, 'about', ['main', 'mission', 'vision']), {}),
    loadSafely('Reading team members', () => getTeamMembers(db), []),
  ])
  return {
    intro: introFrom(content.main?.content, DEFAULT_ABOUT),
    mission: blockFrom(content.mission?.content, DEFAULT_MISSION),
    vision: blockFrom(content.vision?.content, DEFAULT_VISION),
    team,
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'About Us',
    description: loaderData?.intro.subtitle ?? DEFAULT_ABOUT.subtitle,
    path: '/about',
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { intro, mission, vision, team } = loaderData
  return (
    <>
      <PageHero eyebrow={intro.badge} title={intro.title} description={intro.subtitle} />
      <Container className="grid gap-6 py-14 sm:py-20 md:grid-cols-2">
        {[
          { icon: Target, block: mission },
          { icon: Eye, block: vision },
        ].map(({ icon: Icon, block }) => (
          <section key={block.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-8">
            <Icon aria-hidden="true" className="size-7 text-brand-primary" strokeWidth={1.75} />
            <h2 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">{block.title}</h2>
            <p className="mt-3 text-lg leading-8 text-slate-700">{block.content}</p>
          </section>
        ))}
      </Container>
      <section className="pb-14 sm:pb-20" aria-labelledby="values-heading">
        <Container>
          <SectionHeading id="values-heading" eyebrow="What we stand for" title="Our Core Values" />
          <div className="mt-10">
            <ValuesGrid />
          </div>
        </Container>
      </section>
      <section className="bg-slate-50 py-14 sm:py-20" aria-labelledby="team-heading">
        <Container>
          <SectionHeading
            id="team-heading"
            eyebrow="Leadership"
            title="Meet Our Leadership Team"
            description="The people responsible for our products, our clients and the trust they place in us."
          />
          <div className="mt-10">
            <TeamGrid members={team} />
          </div>
        </Container>
      </section>
      <ClosingCta title="Work with a team that stays beside you" action="Get in Touch" />
    </>
  )
}

export default function About({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
