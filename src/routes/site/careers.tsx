import { Mail } from 'lucide-react'
import { Container } from '~/components/ui/container'
import { PageHero } from '~/components/ui/page-hero'
import { SectionHeading } from '~/components/ui/section-heading'
import { getOpenJobs } from '~/features/careers/api/job-openings'
import { JobList } from '~/features/careers/components/job-list'
import { Perks } from '~/features/careers/components/perks'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/careers'

export async function loader({ context }: Route.LoaderArgs) {
  return { jobs: await loadSafely('Reading job openings', () => getOpenJobs(requestDb(context)), []) }
}

export function meta({ matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'Careers',
    description: 'Join the engineers, designers and consultants building the software African banks, schools and businesses run on.',
    path: '/careers',
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const settings = useSiteSettings()
  // decisions.md: the HR e-mail is careers_email when set, otherwise the contact e-mail.
  const hrEmail = settings.careers_email || settings.contact_email
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Build software that institutions depend on"
        description="We are a team of engineers, designers and consultants in Lagos and across Nigeria. Join us to ship systems that move money, run schools and pay people on time."
      />
      <section className="py-14 sm:py-20" aria-labelledby="openings-heading">
        <Container>
          <SectionHeading
            id="openings-heading"
            title="Open Positions"
            description={`${loaderData.jobs.length} open ${loaderData.jobs.length === 1 ? 'role' : 'roles'}, newest first.`}
          />
          <div className="mt-10">
            <JobList jobs={loaderData.jobs} />
          </div>
        </Container>
      </section>
      <section className="bg-slate-50 py-14 sm:py-20" aria-labelledby="perks-heading">
        <Container>
          <SectionHeading id="perks-heading" eyebrow="Why join us" title="Perks and Benefits" />
          <div className="mt-10">
            <Perks />
          </div>
          <div className="mt-12 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:p-8">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-primary/8 text-brand-primary">
              <Mail aria-hidden="true" className="size-6" strokeWidth={1.75} />
            </span>
            <p className="text-slate-700">
              Don’t see the right role? Send your CV to our HR team at{' '}
              <a href={`mailto:${hrEmail}`} className="font-semibold text-brand-primary-text underline underline-offset-4">
                {hrEmail}
              </a>
              .
            </p>
          </div>
        </Container>
      </section>
    </>
  )
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
