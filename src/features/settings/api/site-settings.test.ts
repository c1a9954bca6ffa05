import { describe, expect, it } from 'vitest'
import { DEFAULT_SITE_SETTINGS } from '~/entities/site-settings'
import { siteSettingsFrom } from './site-settings'

const RETENTION = {
  retention_contact_messages_days: '730',
  retention_applications_days: '180',
  retention_future_roles_days: '365',
  retention_unsubscribed_days: '30',
}

describe('the site settings as the web app reads them', () => {
  it('takes stored text over the defaults, trimmed; blank or unknown keys change nothing', () => {
    const settings = siteSettingsFrom({
      company_name: '  Acme Bank  ',
      company_tagline: '   ',
      linkedin_url: 'https://linkedin.com/company/acme',
      something_else: 'x',
    })
    expect(settings.company_name).toBe('Acme Bank')
    expect(settings.company_tagline).toBe(DEFAULT_SITE_SETTINGS.company_tagline)
    expect(settings.linkedin_url).toBe('https://linkedin.com/company/acme')
    expect(settings).not.toHaveProperty('something_else')
  })

  it('keeps only hex brand colours', () => {
    const settings = siteSettingsFrom({ primary_color: '#112233', secondary_color: 'red; background: url(x)' })
    expect(settings.primary_color).toBe('#112233')
    expect(settings.secondary_color).toBe(DEFAULT_SITE_SETTINGS.secondary_color)
  })

  it('takes a time zone this runtime knows, and the default for any other', () => {
    expect(siteSettingsFrom({ time_zone: 'Europe/London' }).time_zone).toBe('Europe/London')
    expect(siteSettingsFrom({ time_zone: 'Mars/Olympus_Mons' }).time_zone).toBe(DEFAULT_SITE_SETTINGS.time_zone)
    expect(siteSettingsFrom({}).time_zone).toBe(DEFAULT_SITE_SETTINGS.time_zone)
  })

  it('needs approval to publish only while the stored switch is on', () => {
    expect(siteSettingsFrom({ content_requires_approval: 'true' }).content_requires_approval).toBe(true)
    expect(siteSettingsFrom({ content_requires_approval: 'false' }).content_requires_approval).toBe(false)
    expect(siteSettingsFrom({}).content_requires_approval).toBe(false)
  })

  it('has the retention periods in days only when all four are whole positive numbers', () => {
    expect(siteSettingsFrom(RETENTION).retention).toEqual({ contactMessages: 730, applications: 180, futureRoles: 365, unsubscribed: 30 })
    const { retention_unsubscribed_days: _left, ...three } = RETENTION
    expect(siteSettingsFrom(three).retention).toBeNull()
    expect(siteSettingsFrom({ ...RETENTION, retention_applications_days: '0' }).retention).toBeNull()
    expect(siteSettingsFrom({ ...RETENTION, retention_applications_days: 'six months' }).retention).toBeNull()
  })
})
