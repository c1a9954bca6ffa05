import { MailX } from 'lucide-react'
import { Form } from 'react-router'
import { Container } from '~/components/ui/container'
import { unsubscribeByToken } from '~/features/leads/api/subscribers'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import type { Route } from './+types/newsletter-unsubscribe'

// The personal unsubscribe link of every e-mail to a subscriber. Opening it (GET) changes nothing,
// so a mail scanner that follows links cannot unsubscribe anyone; the page's one button, or a mail
// client's one-click POST (RFC 8058, body "List-Unsubscribe=One-Click"), unsubscribes without a
// session. Never shared by the page cache, never kept, never sent on as a referrer.
export const handle: ServerHints = { sharedRender: false, maxBodyBytes: 4 * 1024 }

export const headers: Route.HeadersFunction = () => ({
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
})

export async function action({ params, context }: Route.ActionArgs) {
  try {
    // An unknown token answers the same as a known one: the link reveals nothing.
    await unsubscribeByToken(requestDb(context), params.token)
    return { unsubscribed: true as const }
  } catch (error) {
    console.error('newsletter unsubscribe:', error)
    return { unsubscribed: false as const }
  }
}

export function meta() {
  return [{ title: 'Unsubscribe from the newsletter' }, { name: 'robots', content: 'noindex' }]
}

export default function NewsletterUnsubscribe({ actionData }: Route.ComponentProps) {
  return (
    <Container className="max-w-xl py-16">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-primary/8 text-brand-primary">
        <MailX aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </span>
      {actionData?.unsubscribed ? (
        <>
          <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">You are unsubscribed</h1>
          <p className="mt-4 text-lg text-slate-600" role="status">
            You will get no more newsletters from us at this address.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">Unsubscribe from our newsletter</h1>
          <p className="mt-4 text-lg text-slate-600">One click and this address gets no more newsletters from us.</p>
          {actionData ? (
            <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              Sorry, that did not work. Please try again in a moment.
            </p>
          ) : null}
          <Form method="post" className="mt-8">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button
              type="submit"
              className="rounded-md bg-brand-primary px-5 py-2.5 font-semibold text-white hover:bg-brand-primary/90 focus-visible:ring-2 focus-visible:ring-brand-primary/40 focus-visible:outline-none"
            >
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </Container>
  )
}
