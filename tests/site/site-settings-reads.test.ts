// The site settings are read once per request, whole: the root loader's read serves the pages that
// need a setting for their own data too (a role's closing time in the company's time zone, the
// privacy page's retention periods), and the feed reads them once. Counted through a recording relay.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'
import { startRelay, startSite, type Relay, type SiteServer } from '../helpers/site-server.ts'

let backend: LocalBackend
let relay: Relay
let site: SiteServer
let rolePath: string

beforeAll(async () => {
  backend = await startLocalBackend()
  relay = await startRelay(backend)
  // No shared renders: every request below renders.
  site = await startSite(relay.url, backend.keys.anonKey, { PAGE_CACHE_MS: '0' })
  const { data, error } = await backend.anon().from('job_openings').select('slug').eq('active', true).limit(1).single()
  if (error) throw error
  rolePath = `/careers/${data.slug}`
})

afterAll(async () => {
  await site?.stop()
  await relay?.close()
  await backend?.dispose()
})

const settingsReads = () => relay.requests.filter((request) => request.path.startsWith('/rest/v1/site_settings')).length

it.each(['/', '/contact', '/privacy-policy', 'a role', '/rss.xml'])('%s reads the site settings once', async (name) => {
  const path = name === 'a role' ? rolePath : name
  const before = settingsReads()
  const response = await fetch(`${site.url}${path}`)
  expect(response.status).toBe(200)
  const body = await response.text()
  expect(settingsReads() - before).toBe(1)
  if (path === '/privacy-policy') expect(body).toContain('How long we keep your data')
  if (path === rolePath) expect(body).toContain('Apply for this role')
})
