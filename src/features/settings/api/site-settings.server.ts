// The site settings of one request, read once: the root loader asks on every page, and a page's own
// loader that needs one (a role's time zone) or a resource route (the feed) gets the same read.
import { createContext, type RouterContextProvider } from 'react-router'
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '~/entities/site-settings'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { getSiteSettings } from './site-settings'

const siteSettingsContext = createContext<Promise<SiteSettings> | null>(null)

/** This request's settings; the defaults when the read fails or is slow, so a page never breaks on it. */
export function requestSiteSettings(context: Readonly<RouterContextProvider>): Promise<SiteSettings> {
  let settings = context.get(siteSettingsContext)
  if (!settings) {
    settings = loadSafely('Reading site settings', () => getSiteSettings(requestDb(context)), DEFAULT_SITE_SETTINGS)
    context.set(siteSettingsContext, settings)
  }
  return settings
}
