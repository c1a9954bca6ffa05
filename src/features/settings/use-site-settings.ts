import { useRouteLoaderData } from 'react-router'
import { DEFAULT_SITE_SETTINGS, type PageSettings } from '~/entities/site-settings'

/** The site settings the root loader read for this page (the defaults outside the app's routes, as in a test's render). */
export function useSiteSettings(): PageSettings {
  return (useRouteLoaderData('root') as { settings?: PageSettings } | undefined)?.settings ?? DEFAULT_SITE_SETTINGS
}
