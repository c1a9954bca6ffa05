import { getSiteSettings } from '~/features/settings/api/get-site-settings'
import { getSolutions } from '~/features/solutions/api/get-solutions'
import { requestDb } from '~/lib/db.server'
import type { Route } from './+types/home'

export async function loader({ context }: Route.LoaderArgs) {
  const db = requestDb(context)
  const [settings, solutions] = await Promise.all([getSiteSettings(db), getSolutions(db)])
  return { settings, solutions }
}

export function meta({ data }: Route.MetaArgs) {
  const name = data?.settings.company_name ?? 'Home'
  return [
    { title: name },
    { name: 'description', content: data?.settings.company_tagline ?? '' },
  ]
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, solutions } = loaderData
  return (
    <main className="mx-auto max-w-5xl px-6 py-16">
      <h1 className="text-4xl font-bold text-brand-primary">{settings.company_name}</h1>
      <p className="mt-3 text-lg text-slate-600">{settings.company_tagline}</p>
      <h2 className="mt-12 text-2xl font-semibold">Solutions</h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {solutions.map((solution) => (
          <li key={solution.id} className="rounded-lg border border-slate-200 p-5">
            <p className="text-sm text-brand-secondary">{solution.category}</p>
            <h3 className="mt-1 text-lg font-semibold">{solution.title}</h3>
            <p className="mt-2 text-slate-600">{solution.shortdescription}</p>
          </li>
        ))}
      </ul>
    </main>
  )
}
