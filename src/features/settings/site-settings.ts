// The settings the public site reads, with the built-in defaults it falls back to when a row is
// missing or the read fails. Stored values win; unknown keys are ignored.
export interface SiteSettings {
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

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
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

/** Stored rows over the defaults; blank stored values fall back too, except optional links. */
export function withDefaults(stored: Record<string, string>): SiteSettings {
  const settings = { ...DEFAULT_SITE_SETTINGS }
  for (const key of Object.keys(settings) as (keyof SiteSettings)[]) {
    const value = stored[key]
    if (typeof value === 'string' && value.trim() !== '') settings[key] = value.trim()
  }
  // Colours go into CSS: only hex colours pass, anything else falls back to the default.
  settings.primary_color = safeColor(settings.primary_color, DEFAULT_SITE_SETTINGS.primary_color)
  settings.secondary_color = safeColor(settings.secondary_color, DEFAULT_SITE_SETTINGS.secondary_color)
  return settings
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** A colour setting safe to put in CSS: a hex colour, or the default. */
export function safeColor(value: string, fallback: string): string {
  return HEX.test(value) ? value : fallback
}

/** Only web links become hrefs; anything else (a typo, a script URL) is dropped. */
export function safeLink(value: string): string | null {
  return /^https?:\/\/[^\s]+$/i.test(value) ? value : null
}
