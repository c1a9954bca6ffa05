// The no-JavaScript page of the contact form. Lead pages render inside the public layout, which
// holds the page's <main>, so they bring none of their own.
import { data } from 'react-router'
import { getSolutionOptions } from '~/features/solutions/api/solutions'
import { ContactForm } from '~/features/leads/components/contact-form'
import { handleContactSubmission } from '~/features/leads/server/contact.server'
import { readForm } from '~/features/leads/server/read-form.server'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import type { Route } from './+types/contact'

// The page prefills the solution from ?interest; a message is a few KB of text.
export const handle: ServerHints = { queryParams: ['interest'], maxBodyBytes: 64 * 1024 }

export async function loader({ request, context }: Route.LoaderArgs) {
  const solutions = await getSolutionOptions(requestDb(context)).catch((error: unknown) => {
    console.error(error)
    return []
  })
  return { solutions, interest: new URL(request.url).searchParams.get('interest') ?? undefined }
}

// The action's own headers (a refusal's Retry-After) go out with the page and the fetcher's answer.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

export async function action({ request, context }: Route.ActionArgs) {
  const { init, result } = await handleContactSubmission(requestDb(context), await readForm(request, 'contact form'))
  return data(result, init)
}

export function meta() {
  return [{ title: 'Contact us' }, { name: 'robots', content: 'noindex' }]
}

export default function ContactResult({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold text-slate-900">Send us a message</h1>
      <div className="mt-8">
        <ContactForm solutions={loaderData.solutions} interestedIn={loaderData.interest} result={actionData} />
      </div>
    </div>
  )
}
