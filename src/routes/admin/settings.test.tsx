// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute } from '../../../tests/helpers/admin-harness'
import { saveAllSettings } from '~/features/admin/settings/api/settings'
import * as screenRoute from './settings'

const env = adminBackend()

async function settings(): Promise<Record<string, string>> {
  const { data } = await env.db.from('site_settings').select('key, value')
  return Object.fromEntries((data ?? []).map((r) => [r.key, r.value]))
}

describe('Site Settings', () => {
  it('shows every key and saves them all in one go', async () => {
    const user = userEvent.setup()
    // A key the database does not hold yet shows empty, and saving leaves it absent.
    expect((await env.db.from('site_settings').delete().eq('key', 'contact_phone_secondary')).error).toBeNull()
    renderRoute(screenRoute, env.db, '/admin/settings')
    await listLoaded()
    for (const label of [
      'Company Name',
      'Logo Text',
      'Tagline',
      'Address',
      'Email',
      'Phone',
      'Second Phone',
      'Office Hours',
      'Careers Email',
      'Primary Color',
      'Secondary Color',
      'LinkedIn',
      'Twitter',
      'Facebook',
      'GitHub',
      'Chat Link',
      'Booking Link',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy()
    }
    expect((screen.getByLabelText('Primary Color') as HTMLInputElement).value).toBe('#2d317b')
    const name = screen.getByLabelText('Company Name')
    await user.clear(name)
    await enterText(user, name, 'Ledgerfield Group')
    const hours = screen.getByLabelText('Office Hours')
    await user.clear(hours)
    await enterText(user, hours, 'Mon–Fri 8:00–18:00')
    const primary = screen.getByLabelText('Primary Color')
    await user.clear(primary)
    await enterText(user, primary, '#112233')
    expect((screen.getByLabelText('Primary Color picker') as HTMLInputElement).value).toBe('#112233')
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }))
    await expectToast('Success', 'All settings updated successfully')
    const saved = await settings()
    expect(saved).toMatchObject({ company_name: 'Ledgerfield Group', primary_color: '#112233', office_hours: 'Mon–Fri 8:00–18:00' })
    // An empty new key is not created.
    expect('contact_phone_secondary' in saved).toBe(false)
  })

  it('checks hex colours and e-mails beside the field before sending anything', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/settings')
    await listLoaded()
    const primary = screen.getByLabelText('Primary Color')
    await user.clear(primary)
    await enterText(user, primary, 'blue')
    await user.clear(screen.getByLabelText('Email'))
    await enterText(user, screen.getByLabelText('Email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }))
    expect(primary.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Use a hex colour like #2d317b')).toBeTruthy()
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy()
    expect((await settings()).primary_color).toBe('#112233')
  })

  it('warns beside a brand colour whose text contrast fails, and still saves it', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/settings')
    await listLoaded()
    const primary = screen.getByLabelText('Primary Color')
    await user.clear(primary)
    await enterText(user, primary, '#2d317b')
    // The seed's colours read well: no warning.
    expect(screen.queryByText(/against white|Text on this colour/)).toBeNull()

    await user.clear(primary)
    await enterText(user, primary, '#7dd3fc')
    const warning = screen.getByText(/^Contrast 1\.\d:1 against white, below the 4\.5:1 minimum for text/)
    expect(warning.getAttribute('aria-live')).toBe('polite')
    expect(primary.getAttribute('aria-describedby')?.split(' ')).toContain(warning.id)
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }))
    await expectToast('Success', 'All settings updated successfully')
    expect((await settings()).primary_color).toBe('#7dd3fc')
  })

  it('refuses to require two-factor for all staff from a session without two-factor, saying why', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/settings')
    await listLoaded()
    const section = screen.getByRole('region', { name: 'Staff Security' })
    const required = within(section).getByLabelText('Require two-factor for all staff') as HTMLInputElement
    expect(required.checked).toBe(false)
    await user.click(required)
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }))
    await expectToast('Error', 'Failed to update settings')
    expect(await within(section).findByText(/before requiring it for all staff/)).toBeTruthy()
    expect((await settings()).staff_require_two_factor).toBe('false')
    // The database says the same to a hand-made request.
    const direct = await env.db.from('site_settings').update({ value: 'true' }).eq('key', 'staff_require_two_factor')
    expect(direct.error?.message).toMatch(/before requiring it for all staff/)
  })

  it('is all or nothing: one value the database refuses, and none is saved, with the error toast', async () => {
    const before = await settings()
    const values = { ...before, company_name: 'Should Not Stick', secondary_color: 'not-a-colour' }
    await expect(saveAllSettings(env.db, values, before)).rejects.toThrow(/Failed to update settings/)
    expect(await settings()).toEqual(before)

    // And through the screen: a key the form does not check, refused by the database.
    await env.db.from('site_settings').upsert({ key: 'support_url', value: 'https://help.example.com' })
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/settings')
    await listLoaded()
    const section = screen.getByRole('region', { name: 'Other Settings' })
    const field = within(section).getByLabelText('Support url')
    await user.clear(field)
    await enterText(user, field, 'javascript:alert(1)')
    await user.clear(screen.getByLabelText('Company Name'))
    await enterText(user, screen.getByLabelText('Company Name'), 'Also Not Saved')
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }))
    await expectToast('Error', 'Failed to update settings')
    expect((await settings()).company_name).toBe(before.company_name)
  })

  it('turns each new-lead e-mail on or off and names where it goes', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/settings')
    await listLoaded()
    const section = screen.getByRole('region', { name: 'Lead Notifications' })
    const sales = within(section).getByLabelText('E-mail each new contact message') as HTMLInputElement
    expect(sales.checked).toBe(true)
    await user.click(sales)
    await enterText(user, within(section).getByLabelText('Recruiting Email'), 'hiring@example.test')
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }))
    await expectToast('Success', 'All settings updated successfully')
    expect(await settings()).toMatchObject({ lead_notify_sales: 'false', lead_notify_careers: 'true', lead_notify_careers_email: 'hiring@example.test' })
  })
})
