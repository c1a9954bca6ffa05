import { testimonialMessages, testimonialSchema } from '~/entities/testimonial'
import { createTestimonial, deleteTestimonial, listTestimonials, updateTestimonial } from '~/features/admin/testimonials/api/testimonials'
import { testimonialsResource } from '~/features/admin/testimonials/testimonials-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { reviewMessages } from '~/entities/content-review'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { signOffIntents } from '~/features/admin/reviews/sign-off-intents'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { approvalRequired } from '~/features/settings/api/site-settings'
import type { Route } from './+types/testimonials'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Testimonials')

export async function clientLoader() {
  const [rows, signOff] = await Promise.all([
    loadOr(testimonialMessages.fetchFailed, listTestimonials, []),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'testimonial'), NO_SIGN_OFF),
  ])
  return { rows, signOff }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction(
  signOffIntents(
    'testimonial',
    { schema: testimonialSchema, messages: testimonialMessages, toast: 'done' },
    { create: createTestimonial, update: updateTestimonial, remove: deleteTestimonial },
    approvalRequired,
  ),
)

export default function AdminTestimonialsRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <ResourceScreen resource={testimonialsResource} rows={loaderData.rows} />
    </ReviewStates>
  )
}
