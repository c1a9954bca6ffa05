// Revisions and the activity log through the admin's data functions, against the real local backend
// with real supabase-js and the real web server: a restored version is what the public page shows,
// and every save and the restore are in the log under the person who made them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listActivity } from '../../src/features/admin/activity/api/activity'
import { listRecentlyDeleted, listRevisions, restoreRevision } from '../../src/features/admin/lib/revisions'
import { NO_ACTIVITY_FILTERS } from '../../src/entities/activity'
import type { Db } from '../../src/lib/supabase'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { startSite, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let site: SiteServer
let admin: Db
let adminId: string

beforeAll(async () => {
  backend = await startLocalBackend()
  site = await startSite(backend.url, backend.keys.anonKey, { PAGE_CACHE_MS: '0' })
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  adminId = (await admin.auth.getUser()).data.user!.id
})
afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
})

async function publicPage(slug: string): Promise<string> {
  const response = await fetch(`${site.url}/resources/blog/${slug}`)
  expect(response.status).toBe(200)
  return response.text()
}

describe('Revisions', () => {
  it('an edit saved twice and the first edit restored: the public page shows it, and the log holds three rows by that person', async () => {
    const { data: post } = await admin.from('blog_posts').select('id, slug').eq('published', true).order('created_at').limit(1).single()
    for (const title of ['Core banking, first edit', 'Core banking, second edit']) {
      expect((await admin.from('blog_posts').update({ title }).eq('id', post!.id)).error).toBeNull()
    }
    expect(await publicPage(post!.slug)).toContain('Core banking, second edit')

    const versions = await listRevisions(admin, 'blog_posts', post!.id)
    expect(versions.slice(0, 2).map((v) => [v.kind, (v.data as { title: string }).title, v.changed_fields, v.author_email])).toEqual([
      ['saved', 'Core banking, second edit', ['title'], TEST_ADMIN.email],
      ['saved', 'Core banking, first edit', ['title'], TEST_ADMIN.email],
    ])
    await restoreRevision(admin, versions[1].id)

    const page = await publicPage(post!.slug)
    expect(page).toContain('Core banking, first edit')
    expect(page).not.toContain('Core banking, second edit')
    expect((await listRevisions(admin, 'blog_posts', post!.id))[0].kind).toBe('restored')

    const { rows } = await listActivity(admin, { ...NO_ACTIVITY_FILTERS, actor: adminId, area: 'content' }, 1)
    const mine = rows.filter((r) => r.row_id === post!.id)
    expect(mine.map((r) => [r.action, r.title, r.actor_email])).toEqual([
      ['restored', 'Core banking, first edit', TEST_ADMIN.email],
      ['updated', 'Core banking, second edit', TEST_ADMIN.email],
      ['updated', 'Core banking, first edit', TEST_ADMIN.email],
    ])
  })

  it('brings a deleted job opening back from Recently deleted', async () => {
    const { data: job } = await admin.from('job_openings').select('id, title').order('created_at').limit(1).single()
    expect((await admin.from('job_openings').delete().eq('id', job!.id)).error).toBeNull()
    const deleted = await listRecentlyDeleted(admin, 'job_openings')
    expect(deleted.map((d) => d.title)).toContain(job!.title)
    await restoreRevision(admin, deleted.find((d) => d.item_id === job!.id)!.revision_id)
    expect((await admin.from('job_openings').select('title').eq('id', job!.id).single()).data?.title).toBe(job!.title)
    expect(await listRecentlyDeleted(admin, 'job_openings')).toEqual([])
  })

  it('refuses versions and restores to a visitor', async () => {
    const visitor = backend.anon() as unknown as Db
    await expect(listRevisions(visitor, 'blog_posts', '00000000-0000-4000-8000-000000000000')).rejects.toThrow(/Failed to fetch versions/)
    await expect(restoreRevision(visitor, 1)).rejects.toThrow(/Failed to restore version/)
  })
})
