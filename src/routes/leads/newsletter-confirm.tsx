import { MailCheck } from 'lucide-react'
import { Form } from 'react-router'
import { Container } from '~/components/ui/container'
import { confirmSubscription } from '~/features/leads/api/subscribers'
import { NewsletterForm } from '~/features/leads/components/newsletter-form'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import type { Route } from './+types/newsletter-confirm'

// The confirmation link of a newsletter sign-up. Consent must come from the person: mail scanners
// and link prefetchers open links, so opening it (GET, HEAD, the .data request) changes nothing and
// shows one button; only its POST confirms. A page for the link's holder only, never shared by the
// page cache, never kept, never sent on as a referrer.
export const handle: ServerHints = { sharedRender: false, maxBodyBytes: 4 * 1024 }

export const headers: Route.HeadersFunction = () => ({
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
})

export async function action({ params, context }: Route.ActionArgs) {
  try {
    // Unknown, used and expired links look the same.
    return { confirmed: await confirmSubscription(requestDb(context), params.token), failed: false }
  } catch (error) {
    console.error('newsletter confirmation:', error)
    return { confirmed: false, failed: true }
  }
}

export function meta() {
  return [{ title: 'Newsletter subscription' }, { name: 'robots', content: 'noindex' }]
}

const heading = 'mt-6 text-3xl font-semibold tracking-tight text-slate-900'
const lead = 'mt-4 text-lg text-slate-600'

export default function NewsletterConfirm({ actionData }: Route.ComponentProps) {
  return (
    <Container className="max-w-xl py-16">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-primary/8 text-brand-primary">
        <MailCheck aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </span>
      {actionData?.confirmed ? (
        <>
          <h1 className={heading}>Your subscription is confirmed</h1>
          <p className={lead} role="status">
            Thank you. Every newsletter carries a link to unsubscribe in one click.
          </p>
        </>
      ) : actionData && !actionData.failed ? (
        <>
          <h1 className={heading}>This link has expired</h1>
          <p className={lead}>Confirmation links work once, for 7 days. Sign up again and we will send you a new one.</p>
          <div className="mt-8">
            <NewsletterForm />
          </div>
        </>
      ) : (
        <>
          <h1 className={heading}>Confirm your newsletter subscription</h1>
          <p className={lead}>Press the button to receive our newsletter at the address this link was sent to.</p>
          {actionData?.failed ? (
            <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              Sorry, that did not work. Please try again in a moment.
            </p>
          ) : null}
          <Form method="post" className="mt-8">
            <button
              type="submit"
              className="rounded-md bg-brand-primary px-5 py-2.5 font-semibold text-white hover:bg-brand-primary/90 focus-visible:ring-2 focus-visible:ring-brand-primary/40 focus-visible:outline-none"
            >
              Confirm my subscription
            </button>
          </Form>
        </>
      )}
    </Container>
  )
}
