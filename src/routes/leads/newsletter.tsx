import { data } from 'react-router'
import { NewsletterForm } from '~/features/leads/components/newsletter-form'
import { handleNewsletterSubmission } from '~/features/leads/server/newsletter.server'
import { readForm } from '~/features/leads/server/read-form.server'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import type { Route } from './+types/newsletter'

export const handle: ServerHints = { maxBodyBytes: 64 * 1024 }

// The action's own headers (a refusal's Retry-After) go out with the page and the fetcher's answer.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

export async function action({ request, context }: Route.ActionArgs) {
  const { init, result } = await handleNewsletterSubmission(requestDb(context), await readForm(request, 'newsletter form'))
  return data(result, init)
}

export function meta() {
  return [{ title: 'Newsletter' }, { name: 'robots', content: 'noindex' }]
}

export default function NewsletterResult({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-3xl font-semibold text-slate-900">Subscribe to our newsletter</h1>
      <p className="mt-3 text-slate-600">News, product updates and articles from our team, now and then.</p>
      <div className="mt-8">
        <NewsletterForm result={actionData} />
      </div>
    </div>
  )
}
