// `npx tsx scripts/bench-requests.ts`: what one test backend costs, started as the integration tests start it
// (a copy of the migrated template, --liftoff-only) and asked what tests ask through supabase-js:
// the CPU of its start and its CPU per request of each kind (user + system time of the backend's
// process, from /proc), over the first ROUNDS_COLD requests of each kind (a fresh backend, as a
// test file sees it) and the ROUNDS_WARM after them. BENCH_CPU_PROF=dir writes the backend's CPU
// profile there. It prints figures; it asserts nothing.
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type RealtimeClientOptions, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { bundleBackend } from '../local-supabase/build.ts'
import { launchBackend } from '../local-supabase/launch.ts'
import { readKeys } from '../local-supabase/src/keys.ts'
import { TEST_ADMIN } from '../tests/helpers/backend-process.ts'
import { copyDataTemplate, ensureDataTemplate } from '../tests/helpers/data-template.ts'

const ROUNDS_COLD = Number(process.env.BENCH_ROUNDS_COLD ?? 50)
const ROUNDS_WARM = Number(process.env.BENCH_ROUNDS_WARM ?? 450)
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const ADMIN = TEST_ADMIN

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100)

/** User + system CPU time the process has used, in milliseconds. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
}

const transport = WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']>
const clientFor = (url: string, key: string): SupabaseClient =>
  createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport } })

function check<T extends { error: unknown }>(result: T, what: string): T {
  if (result.error) throw new Error(`${what}: ${JSON.stringify(result.error)}`)
  return result
}

await bundleBackend()
await ensureDataTemplate()
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-requests-'))
await copyDataTemplate(dataDir)
const profileDir = process.env.BENCH_CPU_PROF
const launched = Date.now()
const { child: backend, url } = await launchBackend({
  nodeFlags: ['--liftoff-only', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
  env: {
    DATA_DIR: dataDir,
    SUPABASE_PORT: '0',
    LOG_REQUESTS: '0',
    TEST_CLOCK: '1',
    TEST_QUICK_HASH: process.env.TEST_QUICK_HASH ?? '1',
    ...(process.env.DURABLE_COMMITS ? { DURABLE_COMMITS: process.env.DURABLE_COMMITS } : {}),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
})
const pid = backend.pid as number
const startCpu = await cpuMs(pid)
console.log(`start: ${startCpu.toFixed(0)} CPU-ms, ready after ${Date.now() - launched} ms`)

try {
  const keys = await readKeys(dataDir)
  if (!keys) throw new Error('no keys written')
  const anon = clientFor(url, keys.anonKey)
  const service = clientFor(url, keys.serviceRoleKey)
  const admin = clientFor(url, keys.anonKey)
  check(await admin.auth.signInWithPassword(ADMIN), 'sign-in')
  const file = 'bench/pixel.png'
  check(await service.storage.from('media').upload(file, new Blob([PIXEL_PNG], { type: 'image/png' }), { upsert: true }), 'upload')
  const opening = check(await service.from('job_openings').select('id').limit(1).single(), 'opening').data as { id: string }

  let serial = 0
  const allKinds: { name: string; request: () => Promise<unknown> }[] = [
    {
      name: 'select, filters + order + limit (anon)',
      request: async () =>
        check(await anon.from('blog_posts').select('id, title, slug').eq('published', true).order('publish_at', { ascending: false }).limit(6), 'select'),
    },
    {
      name: 'select with embedding (signed in)',
      request: async () => check(await admin.from('job_openings').select('title, job_applications(name)').eq('id', opening.id), 'embed'),
    },
    {
      name: 'insert, return=representation (service)',
      request: async () =>
        check(
          await service
            .from('testimonials')
            .insert({ quote: 'Fine.', name: `Bench ${++serial}`, title: 'Bench', avatar: '/images/bench.svg', rating: 5 })
            .select('id'),
          'insert',
        ),
    },
    {
      name: 'update by filter (signed in)',
      request: async () => check(await admin.from('testimonials').update({ rating: 4 }).eq('title', 'Bench').eq('name', `Bench ${serial}`), 'update'),
    },
    { name: 'rpc (anon)', request: async () => check(await anon.rpc('record_page_view', { page_path: '/bench' }), 'rpc') },
    {
      name: 'auth: refresh token',
      request: async () => check(await admin.auth.refreshSession(), 'refresh'),
    },
    { name: 'auth: get user', request: async () => check(await admin.auth.getUser(), 'getUser') },
    { name: 'storage: download (signed in)', request: async () => check(await admin.storage.from('media').download(file), 'download') },
  ]

  // BENCH_ONLY=text: only the kinds whose name contains it (to profile one kind alone).
  const kinds = allKinds.filter((kind) => kind.name.includes(process.env.BENCH_ONLY ?? ''))
  async function round(count: number): Promise<number[]> {
    const perKind: number[] = []
    for (const kind of kinds) {
      const before = await cpuMs(pid)
      for (let i = 0; i < count; i++) await kind.request()
      perKind.push(((await cpuMs(pid)) - before) / count)
    }
    return perKind
  }
  const cold = await round(ROUNDS_COLD)
  const warm = await round(ROUNDS_WARM)
  console.log(`kind | CPU ms/req, first ${ROUNDS_COLD} | next ${ROUNDS_WARM}`)
  kinds.forEach((kind, i) => console.log(`${kind.name} | ${cold[i].toFixed(2)} | ${warm[i].toFixed(2)}`))
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  console.log(`mean of the kinds | ${mean(cold).toFixed(2)} | ${mean(warm).toFixed(2)}`)
  console.log(`backend total: ${(await cpuMs(pid)).toFixed(0)} CPU-ms`)
} finally {
  backend.kill('SIGTERM')
  await new Promise((resolve) => backend.once('exit', resolve))
  await rm(dataDir, { recursive: true, force: true })
}
