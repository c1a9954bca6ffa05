// The site settings staff edit (key/value rows): their sections and labels, and each key's rule.
import { z } from 'zod'
import { optionalUrlRule } from './rules'

export const settingsMessages = {
  fetchFailed: 'Failed to fetch settings',
  updated: 'All settings updated successfully',
  updateFailed: 'Failed to update settings',
}

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/

export interface SettingField {
  key: string
  label: string
  kind: 'text' | 'textarea' | 'email' | 'url' | 'colour' | 'switch'
  placeholder?: string
}

export interface SettingSection {
  title: string
  fields: SettingField[]
}

/** Every setting the admin edits, in the spec's sections, plus the keys the product adds. */
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
]

export const COLOUR_DEFAULTS: Record<string, string> = { primary_color: '#2d317b', secondary_color: '#28a9e1' }

/** A switch setting's stored values. */
export const SWITCH_ON = 'on'
export const SWITCH_OFF = 'off'

const email = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || /^[^@\s<>()",;]+@[^@\s<>()",;]+\.[^@\s<>()",;.]+$/.test(v), 'Enter a valid email address')

function ruleFor(field: SettingField) {
  switch (field.kind) {
    case 'colour':
      return z.string().trim().regex(HEX_COLOUR, 'Use a hex colour like #2d317b')
    case 'switch':
      return z.enum([SWITCH_ON, SWITCH_OFF])
    case 'email':
      return field.key === 'contact_email' ? email.refine((v) => v !== '', 'Email is required') : email
    case 'url':
      return optionalUrlRule(field.label)
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
