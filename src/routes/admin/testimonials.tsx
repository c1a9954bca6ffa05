import { testimonialMessages, testimonialSchema } from '~/entities/testimonial'
import { createTestimonial, deleteTestimonial, listTestimonials, updateTestimonial } from '~/features/admin/testimonials/api/testimonials'
import { testimonialsResource } from '~/features/admin/testimonials/testimonials-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, crudIntents, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/testimonials'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Testimonials')

export async function clientLoader() {
  return { rows: await loadOr(testimonialMessages.fetchFailed, listTestimonials, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction(
  crudIntents(
    { schema: testimonialSchema, messages: testimonialMessages, toast: 'done' },
    { create: createTestimonial, update: updateTestimonial, remove: deleteTestimonial },
  ),
)

export default function AdminTestimonialsRoute({ loaderData }: Route.ComponentProps) {
  return <ResourceScreen resource={testimonialsResource} rows={loaderData.rows} />
}
