// The publication record through the built web server and the real local backend: a post is
// published, the next day (the test clock) its title and the home page's hero sentence change; the
// site as of the first moment shows the old words and as of the second the new ones, each part with
// its record; the export of the period holds both versions, and the README's own commands (sha256sum
// and jq, nothing of this software) verify its chain and notice a tampered record.
import { execFile } from 'node:child_process'
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { SupabaseClient } from '@supabase/supabase-js'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { siteOnBackend, type SiteHandler } from '../helpers/site-build.ts'
import { advanceBackendClock } from '../helpers/test-clock.ts'

const DAY = 24 * 60 * 60 * 1000
const MINUTE = 60 * 1000
const SLUG = 'archive-rates-explained'

let backend: LocalBackend
let service: SupabaseClient
let admin: SupabaseClient
let get: SiteHandler
let token: string
const workDir = mkdtempSync(path.join(tmpdir(), 'archive-export-'))
const ENV = ['SUPABASE_SECRET_KEY'] as const
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]))

// The moments the test looks at: just after the post went live, and just after the next day's edit.
let firstMoment: string
let secondMoment: string
let oldHero: string
const newHero = 'Core banking your branches can run on, audited end to end.'

interface PagePart {
  kind: string
  title: string
  liveFrom: string
  changedBy: string | null
}
interface ArchivePage {
  status: number
  location: string | null
  html: string
  parts: PagePart[]
  pages: { path: string }[]
}

beforeAll(async () => {
  backend = await startLocalBackend()
  service = backend.service()
  get = await siteOnBackend(backend)
  process.env.SUPABASE_SECRET_KEY = backend.keys.serviceRoleKey
  admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  token = (await admin.auth.getSession()).data.session!.access_token

  const { data: hero } = await service.from('website_content').select('id, content').eq('section', 'hero').eq('key', 'main').single()
  oldHero = String((hero!.content as { title: string }).title)
  const published = await admin.from('blog_posts').insert({
    slug: SLUG,
    title: 'Rates explained',
    excerpt: 'How our rates work.',
    content: '<p>Our rates are fair and fixed for a year.</p>',
    category: 'News',
    featured_image: '/images/hero.svg',
    author_name: 'Ada',
    published: true,
    publish_at: new Date(Date.now() - MINUTE).toISOString(),
  })
  expect(published.error).toBeNull()
  firstMoment = new Date((await advanceBackendClock(backend.url, backend.keys.serviceRoleKey, MINUTE)) + 1000).toISOString()

  // The next day: the post's title and the hero's sentence change.
  await advanceBackendClock(backend.url, backend.keys.serviceRoleKey, DAY)
  expect((await admin.from('blog_posts').update({ title: 'Rates, explained again' }).eq('slug', SLUG)).error).toBeNull()
  expect(
    (
      await admin
        .from('website_content')
        .update({ content: { ...(hero!.content as object), title: newHero } })
        .eq('id', hero!.id)
    ).error,
  ).toBeNull()
  secondMoment = new Date((await advanceBackendClock(backend.url, backend.keys.serviceRoleKey, MINUTE)) + 1000).toISOString()
}, 240_000)

afterAll(async () => {
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name]
    else process.env[name] = savedEnv[name]
  }
  rmSync(workDir, { recursive: true, force: true })
  await backend?.dispose()
})

async function archived(at: string, pagePath: string, bearer = token): Promise<Response> {
  return get(`/admin/api/archive/page?${new URLSearchParams({ at, path: pagePath })}`, { headers: { Authorization: `Bearer ${bearer}` } })
}

async function archivedPage(at: string, pagePath: string): Promise<ArchivePage> {
  const response = await archived(at, pagePath)
  expect(response.status).toBe(200)
  return ((await response.json()) as { view: ArchivePage }).view
}

/** The README's commands: each line after "$ ", run as written in the export's folder. */
function readmeCommands(readme: string): string[] {
  return readme
    .split('\n')
    .map((line) => /^\s*\$ (.+)$/.exec(line)?.[1])
    .filter((command): command is string => command !== undefined)
}

/** A command's output (and its exit status when it failed); run apart, so this process keeps serving its sockets meanwhile. */
async function run(command: string, cwd: string): Promise<string> {
  try {
    return (await promisify(execFile)('bash', ['-c', command], { cwd, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })).stdout
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; status?: number }
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}(exit ${failed.status})`
  }
}

describe('the site as of a moment', () => {
  it('shows the post and the hero as they were at the first moment and at the second', async () => {
    const before = await archivedPage(firstMoment, `/resources/blog/${SLUG}`)
    expect(before.html).toContain('Rates explained')
    expect(before.html).not.toContain('Rates, explained again')
    const after = await archivedPage(secondMoment, `/resources/blog/${SLUG}`)
    expect(after.html).toContain('Rates, explained again')

    const homeBefore = await archivedPage(firstMoment, '/')
    expect(homeBefore.html).toContain(oldHero)
    expect(homeBefore.html).not.toContain(newHero)
    expect((await archivedPage(secondMoment, '/')).html).toContain(newHero)
    // The live site is the second version too.
    expect(await (await get('/')).text()).toContain(newHero)
  })

  it("is a still page of the site, with each part's record", async () => {
    const page = await archivedPage(secondMoment, `/resources/blog/${SLUG}`)
    expect(page.status).toBe(200)
    expect(page.html).toMatch(/^<!DOCTYPE html>/i)
    expect(page.html).not.toMatch(/<script(?![^>]*application\/ld\+json)/i)
    const post = page.parts.find((part) => part.kind === 'post')
    expect(post?.title).toBe('Rates, explained again')
    expect(Date.parse(post!.liveFrom)).toBeGreaterThan(Date.parse(firstMoment))
    expect(post?.changedBy).toBeTruthy()
    expect(page.parts.some((part) => part.kind === 'setting')).toBe(true)
    expect(page.pages.map((link) => link.path)).toContain(`/resources/blog/${SLUG}`)
  })

  it('sends a visitor on, as the site did, from a post not published yet', async () => {
    const page = await archivedPage(new Date(Date.parse(firstMoment) - 10 * MINUTE).toISOString(), `/resources/blog/${SLUG}`)
    expect([page.status, page.location]).toEqual([302, '/resources'])
    expect(page.html).toBe('')
  })

  it('is refused to visitors and to staff who do not review', async () => {
    expect((await get(`/admin/api/archive/page?at=${firstMoment}&path=/`)).status).toBe(401)
    const editorId = await backend.createUser('archive-editor@test.local', 'editor-password-12')
    expect((await service.from('staff_roles').insert({ user_id: editorId, role: 'editor' })).error).toBeNull()
    const editor = await backend.signIn('archive-editor@test.local', 'editor-password-12')
    const editorToken = (await editor.auth.getSession()).data.session!.access_token
    const refused = await archived(firstMoment, '/', editorToken)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { toast: { message: string } }).toast.message).toBe('Only reviewers and admins can read the publication record')
    const exported = await get(`/admin/api/archive/export?${new URLSearchParams({ from: firstMoment, to: secondMoment })}`, {
      headers: { Authorization: `Bearer ${editorToken}` },
    })
    expect(exported.status).toBe(403)
    expect(exported.headers.get('content-type')).toContain('application/json')
  })
})

describe('the export for an examiner', () => {
  let files: Record<string, Uint8Array>
  let readme: string

  beforeAll(async () => {
    const from = new Date(Date.parse(firstMoment) - 10 * MINUTE).toISOString()
    const response = await get(`/admin/api/archive/export?${new URLSearchParams({ from, to: secondMoment })}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    readme = strFromU8(files['README.txt'])
    for (const [name, bytes] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(workDir, name)), { recursive: true })
      writeFileSync(path.join(workDir, name), bytes)
    }
  })

  it('holds both versions of the post and of the home page', () => {
    const manifest = JSON.parse(strFromU8(files['manifest.json'])) as { pages: { path: string; file: string; live_from: string; live_until: string | null }[] }
    const postVersions = manifest.pages.filter((page) => page.path === `/resources/blog/${SLUG}`)
    expect(postVersions.map((page) => strFromU8(files[page.file]).includes('Rates, explained again'))).toEqual([false, true])
    expect(strFromU8(files[postVersions[0].file])).toContain('Rates explained')
    expect(postVersions[0].live_until).toBe(postVersions[1].live_from)
    const homeVersions = manifest.pages.filter((page) => page.path === '/')
    expect(homeVersions.some((page) => strFromU8(files[page.file]).includes(oldHero))).toBe(true)
    expect(homeVersions.some((page) => strFromU8(files[page.file]).includes(newHero))).toBe(true)
  })

  it("has a manifest whose chain the README's own commands verify", async () => {
    const commands = readmeCommands(readme)
    expect(commands.length).toBeGreaterThanOrEqual(4)
    for (const command of commands) expect(await run(command, workDir)).toBe('')
  })

  it('whose commands name a record changed after the export', async () => {
    const manifestPath = path.join(workDir, 'manifest.json')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { records: { seq: number; canonical: string; record: { title: string | null } }[] }
    const tampered = manifest.records.find((entry) => entry.record.title === 'Rates explained')!
    tampered.record.title = 'Rates guaranteed'
    tampered.canonical = tampered.canonical.replace('"Rates explained"', '"Rates guaranteed"')
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2))
    const [sums, hashes] = readmeCommands(readme)
    expect(await run(sums, workDir)).toContain('manifest.json')
    expect(await run(hashes, workDir)).toBe(`record ${tampered.seq}: its text does not give its hash\n`)
  })

  it('is in the activity log', async () => {
    const { data, error } = await admin.rpc('activity_feed', { by_action: 'exported', in_area: 'content' })
    expect(error).toBeNull()
    expect((data as { table_name: string }[]).some((entry) => entry.table_name === 'publication_records')).toBe(true)
  })
})
