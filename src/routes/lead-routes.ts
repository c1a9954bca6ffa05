import { route, type RouteConfigEntry } from '@react-router/dev/routes'

/**
 * Lead capture: the actions behind the contact and newsletter forms (a job application posts to the
 * role's own page, /careers/{slug}). Each route's page is what a visitor without JavaScript sees
 * after posting (the form again with its errors and input, or the confirmation); with JavaScript
 * the forms post through fetchers and stay where they are. careers/{id}/apply is the old address of
 * the application form and redirects to the role's page. newsletter/confirm/{token} and
 * newsletter/unsubscribe/{token} are the personal links e-mailed to a subscriber. Page views are
 * counted through page-view.
 */
export const leadRoutes: RouteConfigEntry[] = [
  route('leads/contact', 'routes/leads/contact.tsx'),
  route('leads/newsletter', 'routes/leads/newsletter.tsx'),
  route('newsletter/confirm/:token', 'routes/leads/newsletter-confirm.tsx'),
  route('newsletter/unsubscribe/:token', 'routes/leads/newsletter-unsubscribe.tsx'),
  route('careers/:id/apply', 'routes/leads/apply.tsx'),
  route('leads/page-view', 'routes/leads/page-view.ts'),
]
