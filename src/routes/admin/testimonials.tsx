import { TestimonialsManager } from '~/features/admin/testimonials/components/testimonials-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/testimonials'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Testimonials')

export default function AdminTestimonialsManagerRoute() {
  return <TestimonialsManager />
}
