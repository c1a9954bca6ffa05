// The site settings as the web app reads them (key/value rows of site_settings), each of its type,
// with the built-in defaults it falls back to when a row is missing or the read fails
// (siteSettingsFrom in features/settings/api makes them from the rows). Kept apart from the Site
// Settings screen's rules (site-settings-form.ts): every page loads this module, and no zod.

/** How long each kind of personal data is kept, in days (the settings the daily retention run applies). */
export interface RetentionPeriods {
  contactMessages: number
  applications: number
  futureRoles: number
  unsubscribed: number
}

/** The settings held as text: company and contact details, brand colours, links. */
export interface TextSettings {
  company_name: string
  company_logo_text: string
  company_tagline: string
  company_address: string
  contact_email: string
  contact_phone: string
  contact_phone_secondary: string
  office_hours: string
  careers_email: string
  primary_color: string
  secondary_color: string
  linkedin_url: string
  twitter_url: string
  facebook_url: string
  github_url: string
  chat_url: string
  booking_url: string
}

export interface SiteSettings extends TextSettings {
  /** The IANA zone the company states times in (the default when the stored one is unknown here). */
  time_zone: string
  /** Null when one period is missing: the privacy page then states none. */
  retention: RetentionPeriods | null
  /** Whether content goes live only once a reviewer has approved it (the back office's sign-off). */
  content_requires_approval: boolean
}

export const DEFAULT_TEXT_SETTINGS: TextSettings = {
  company_name: 'Ledgerfield Technologies',
  company_logo_text: 'Ledgerfield',
  company_tagline: 'Pioneering the future of financial technology with secure, scalable and innovative software.',
  company_address: '12 Idowu Taylor Street, Victoria Island, Lagos, Nigeria',
  contact_email: 'hello@ledgerfield.com.ng',
  contact_phone: '+234 700 555 0100',
  contact_phone_secondary: '+234 700 555 0101',
  office_hours: 'Monday to Friday, 8:00 to 18:00',
  careers_email: '',
  primary_color: '#2d317b',
  secondary_color: '#28a9e1',
  linkedin_url: '',
  twitter_url: '',
  facebook_url: '',
  github_url: '',
  chat_url: 'https://wa.me/2347005550100',
  booking_url: 'https://cal.com/ledgerfield/product-demo',
}

/** What every page gets from the root loader: all but the retention periods, which only the privacy page's loader needs. */
export type PageSettings = Omit<SiteSettings, 'retention'>

export const DEFAULT_SITE_SETTINGS: SiteSettings = { ...DEFAULT_TEXT_SETTINGS, time_zone: 'Africa/Lagos', retention: null, content_requires_approval: false }

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** A colour setting safe to put in CSS: a hex colour, or the default. */
export function safeColor(value: string, fallback: string): string {
  return HEX.test(value) ? value : fallback
}

/** Only web links become hrefs; anything else (a typo, a script URL) is dropped. */
export function safeLink(value: string): string | null {
  return /^https?:\/\/[^\s]+$/i.test(value) ? value : null
}
