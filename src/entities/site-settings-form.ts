// The Site Settings screen: the settings staff edit (key/value rows), their sections and labels,
// and each key's rule. How the web app reads them is site-settings.ts.
import { z } from '~/lib/schemas'
import { isTimeZone } from '~/lib/zoned-time'
import { emailRule, optionalEmailRule, optionalUrlRule } from './rules'
import { DEFAULT_SITE_SETTINGS } from './site-settings'

export const settingsMessages = {
  fetchFailed: 'Failed to fetch settings',
  updated: 'All settings updated successfully',
  updateFailed: 'Failed to update settings',
  twoFactorFirst: 'Set up two-factor sign-in for your own account, and sign in with it, before requiring it for all staff.',
}

/**
 * "Require two-factor for all staff": 'true' or 'false'. Back-office settings (staff_*) are readable
 * by settings editors only; every staff member learns this one through current_staff().
 */
export const REQUIRE_TWO_FACTOR_KEY = 'staff_require_two_factor'

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/

export interface SettingField {
  key: string
  label: string
  kind: 'text' | 'textarea' | 'email' | 'url' | 'colour' | 'switch' | 'time-zone' | 'days' | 'years'
  placeholder?: string
  hint?: string
}

export interface SettingSection {
  title: string
  fields: SettingField[]
}

/** Every setting the admin edits, by section of the Site Settings screen. */
export const SETTING_SECTIONS: SettingSection[] = [
  {
    title: 'Company Information',
    fields: [
      { key: 'company_name', label: 'Company Name', kind: 'text' },
      { key: 'company_logo_text', label: 'Logo Text', kind: 'text' },
      { key: 'company_tagline', label: 'Tagline', kind: 'textarea' },
      { key: 'company_address', label: 'Address', kind: 'textarea' },
    ],
  },
  {
    title: 'Contact Information',
    fields: [
      { key: 'contact_email', label: 'Email', kind: 'email' },
      { key: 'contact_phone', label: 'Phone', kind: 'text' },
      { key: 'contact_phone_secondary', label: 'Second Phone', kind: 'text' },
      { key: 'office_hours', label: 'Office Hours', kind: 'text', placeholder: 'Monday to Friday, 8:00 to 18:00' },
      { key: 'careers_email', label: 'Careers Email', kind: 'email', placeholder: 'Leave empty to use the contact email' },
      { key: 'time_zone', label: 'Time Zone', kind: 'time-zone', placeholder: 'Africa/Lagos' },
    ],
  },
  {
    title: 'Lead Notifications',
    fields: [
      { key: 'lead_notify_sales', label: 'E-mail each new contact message', kind: 'switch' },
      { key: 'lead_notify_sales_email', label: 'Sales Email', kind: 'email', placeholder: 'Leave empty to use the contact email' },
      { key: 'lead_notify_careers', label: 'E-mail each new application', kind: 'switch' },
      { key: 'lead_notify_careers_email', label: 'Recruiting Email', kind: 'email', placeholder: 'Leave empty to use the careers email' },
    ],
  },
  {
    title: 'Data Retention',
    fields: [
      { key: 'retention_contact_messages_days', label: 'Contact messages (days)', kind: 'days' },
      { key: 'retention_applications_days', label: 'Applications and CVs (days)', kind: 'days' },
      { key: 'retention_future_roles_days', label: 'Applications kept for future roles (days)', kind: 'days' },
      { key: 'retention_unsubscribed_days', label: 'Unsubscribed addresses (days)', kind: 'days' },
    ],
  },
  {
    title: 'Brand Colors',
    fields: [
      { key: 'primary_color', label: 'Primary Color', kind: 'colour' },
      { key: 'secondary_color', label: 'Secondary Color', kind: 'colour' },
    ],
  },
  {
    title: 'Social Media Links',
    fields: [
      { key: 'linkedin_url', label: 'LinkedIn', kind: 'url' },
      { key: 'twitter_url', label: 'Twitter', kind: 'url' },
      { key: 'facebook_url', label: 'Facebook', kind: 'url' },
      { key: 'github_url', label: 'GitHub', kind: 'url' },
    ],
  },
  {
    title: 'Chat and Booking',
    fields: [
      { key: 'chat_url', label: 'Chat Link', kind: 'url' },
      { key: 'booking_url', label: 'Booking Link', kind: 'url' },
    ],
  },
  {
    title: 'Publishing',
    fields: [
      {
        key: 'content_requires_approval',
        label: 'Publishing needs approval',
        kind: 'switch',
        hint: 'Posts and solutions then go live only once a reviewer (Compliance or Admin) who did not make the last change approves them.',
      },
    ],
  },
  {
    title: 'Publication Record',
    fields: [
      {
        key: 'staff_publication_record_years',
        label: 'Keep each version (years)',
        kind: 'years',
        hint: 'How long the record keeps a version of what visitors read after it stopped being live, with its approval and files: at least 3 (FINRA), 5 by default (the SEC marketing rule).',
      },
    ],
  },
  {
    title: 'Staff Security',
    fields: [
      {
        key: REQUIRE_TWO_FACTOR_KEY,
        label: 'Require two-factor for all staff',
        kind: 'switch',
        hint: 'Everyone must then sign in with a code from their authenticator app; staff without one set it up first.',
      },
    ],
  },
]

export const COLOUR_DEFAULTS: Record<string, string> = {
  primary_color: DEFAULT_SITE_SETTINGS.primary_color,
  secondary_color: DEFAULT_SITE_SETTINGS.secondary_color,
}

function ruleFor(field: SettingField) {
  switch (field.kind) {
    case 'colour':
      return z.string().trim().regex(HEX_COLOUR, 'Use a hex colour like #2d317b')
    case 'email':
      return field.key === 'contact_email' ? emailRule : optionalEmailRule
    case 'url':
      // Settings are text: a blank address is stored as '', not null.
      return optionalUrlRule(field.label).transform((url) => url ?? '')
    case 'time-zone':
      return z.string().trim().refine(isTimeZone, 'Use a time zone name like Africa/Lagos')
    case 'switch':
      return z.enum(['true', 'false'])
    case 'days':
      return z
        .string()
        .trim()
        .regex(/^[0-9]{1,4}$/, `${field.label}: a whole number of days`)
        .refine((v) => Number(v) >= 1 && Number(v) <= 3650, `${field.label}: between 1 and 3650`)
    case 'years':
      return z
        .string()
        .trim()
        .regex(/^[0-9]{1,3}$/, `${field.label}: a whole number of years`)
        .refine((v) => Number(v) >= 3 && Number(v) <= 100, `${field.label}: between 3 and 100`)
    default:
      return z.string().max(2000, `${field.label} must be at most 2000 characters`)
  }
}

/** The schema for the known keys; other keys found in the database are free text. */
export function settingsSchema(extraKeys: string[]) {
  const shape: Record<string, z.ZodType<string>> = {}
  for (const section of SETTING_SECTIONS) for (const field of section.fields) shape[field.key] = ruleFor(field)
  for (const key of extraKeys) shape[key] = z.string().max(2000, 'At most 2000 characters')
  return z.object(shape) as z.ZodType<Record<string, string>, Record<string, string>>
}

export const KNOWN_KEYS = new Set(SETTING_SECTIONS.flatMap((s) => s.fields.map((f) => f.key)))
