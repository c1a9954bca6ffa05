import { MailCheck } from 'lucide-react'
import { Container } from '~/components/ui/container'
import { confirmSubscription } from '~/features/leads/api/subscribers'
import { NewsletterForm } from '~/features/leads/components/newsletter-form'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import type { ServerHints } from '~/lib/server-hints'
import type { Route } from './+types/newsletter-confirm'

// Opening the e-mailed link confirms the sign-up: a page for the link's holder only, never shared
// by the page cache, never kept, never sent on as a referrer.
export const handle: ServerHints = { sharedRender: false }

export const headers: Route.HeadersFunction = () => ({
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
})

export async function loader({ params, context }: Route.LoaderArgs) {
  // Unknown, used and expired links look the same.
  return { confirmed: await loadSafely('Confirming a subscription', () => confirmSubscription(requestDb(context), params.token), false) }
}

export function meta() {
  return [{ title: 'Newsletter subscription' }, { name: 'robots', content: 'noindex' }]
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <Container className="max-w-xl py-16">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-primary/8 text-brand-primary">
        <MailCheck aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </span>
      {loaderData.confirmed ? (
        <>
          <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">Your subscription is confirmed</h1>
          <p className="mt-4 text-lg text-slate-600">Thank you. Every newsletter carries a link to unsubscribe in one click.</p>
        </>
      ) : (
        <>
          <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900">This link has expired</h1>
          <p className="mt-4 text-lg text-slate-600">Confirmation links work once, for 7 days. Sign up again and we will send you a new one.</p>
          <div className="mt-8">
            <NewsletterForm />
          </div>
        </>
      )}
    </Container>
  )
}
