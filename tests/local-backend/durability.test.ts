// Durability: a storage upsert, move or copy puts a file in place only after
// its row has committed, so killing the process at any moment leaves a row whose file is there and
// whose eTag matches its bytes; and SIGTERM lets requests already received finish before it stops.
import { createHash, randomBytes } from 'node:crypto'
import { request } from 'node:http'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

let backend: LocalBackend

beforeAll(async () => {
  backend = await startLocalBackend()
})

afterAll(async () => {
  await backend?.dispose()
})

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('storage upserts under SIGKILL', () => {
  it('never loses the committed file: after every kill the object downloads and matches its eTag', async () => {
    const key = 'durable/replaced.png'
    let admin: SupabaseClient = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    expect((await admin.storage.from('media').upload(key, randomBytes(4096), { contentType: 'image/png' })).error).toBeNull()

    for (let round = 0; round < 8; round++) {
      let stop = false
      const writer = (async () => {
        while (!stop) {
          const { error } = await admin.storage.from('media').upload(key, randomBytes(64 * 1024), { contentType: 'image/png', upsert: true })
          if (error) return // the process is gone
        }
      })().catch(() => undefined)
      await pause(150 + ((round * 97) % 400))
      await backend.kill()
      stop = true
      await writer
      await backend.restart()
      admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)

      const { data: listed } = await admin.storage.from('media').list('durable')
      const row = listed?.find((item) => item.name === 'replaced.png')
      expect(row, `round ${round}: the row is there`).toBeDefined()
      const { data: blob, error } = await admin.storage.from('media').download(key)
      expect(error, `round ${round}: the file is there`).toBeNull()
      const bytes = new Uint8Array(await (blob as Blob).arrayBuffer())
      expect(`"${md5(bytes)}"`, `round ${round}: the file is the row's version`).toBe((row?.metadata as { eTag: string }).eTag)
    }
  }, 600_000) // eight restarts of the backend
})

describe('storage moves and copies under SIGKILL', () => {
  it('keep row and file together: after every kill the moved object is at one name and its copy matches', async () => {
    const names = ['durable/ping.png', 'durable/pong.png']
    let admin: SupabaseClient = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const original = randomBytes(32 * 1024)
    expect((await admin.storage.from('media').upload(names[0], original, { contentType: 'image/png' })).error).toBeNull()
    let moves = 0

    for (let round = 0; round < 4; round++) {
      let stop = false
      const mover = (async () => {
        for (let turn = round; !stop; turn++) {
          const { error } = await admin.storage.from('media').move(names[turn % 2], names[(turn + 1) % 2])
          if (error?.message === 'Object not found') continue // it sits at the other name since the last round
          if (error) return // the process is gone
          moves++
          const copied = await fetch(`${backend.url}/storage/v1/object/copy`, {
            method: 'POST',
            headers: {
              apikey: backend.keys.anonKey,
              authorization: `Bearer ${backend.keys.serviceRoleKey}`,
              'content-type': 'application/json',
              'x-upsert': 'true',
            },
            body: JSON.stringify({ bucketId: 'media', sourceKey: names[(turn + 1) % 2], destinationKey: 'durable/copy.png' }),
          })
          if (!copied.ok) return
        }
      })().catch(() => undefined)
      // The kill lands mid-burst: after this round's first move (a busy machine may take seconds to
      // make it), then a pause that varies by round.
      const movesBefore = moves
      for (let waited = 0; moves === movesBefore && waited < 60_000; waited += 20) await pause(20)
      await pause(150 + ((round * 131) % 400))
      await backend.kill()
      stop = true
      await mover
      await backend.restart()
      admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)

      const { data: listed } = await admin.storage.from('media').list('durable')
      const present = names.filter((name) => listed?.some((item) => `durable/${item.name}` === name))
      expect(present, `round ${round}: the object is at exactly one name`).toHaveLength(1)
      for (const name of [...present, ...(listed?.some((item) => item.name === 'copy.png') ? ['durable/copy.png'] : [])]) {
        const { data: blob, error } = await admin.storage.from('media').download(name)
        expect(error, `round ${round}: ${name}'s file is there`).toBeNull()
        expect(Buffer.from(await (blob as Blob).arrayBuffer()).equals(original), `round ${round}: ${name} holds the bytes`).toBe(true)
      }
    }
    expect(moves).toBeGreaterThan(0)
  }, 600_000) // four restarts of the backend
})

describe('SIGTERM', () => {
  it('finishes the uploads already received before stopping', async () => {
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const token = (await admin.auth.getSession()).data.session?.access_token ?? ''
    const { hostname, port } = new URL(backend.url)
    const chunks = [randomBytes(32 * 1024), randomBytes(32 * 1024), randomBytes(32 * 1024)]
    const whole = Buffer.concat(chunks)

    // Three uploads whose bodies arrive slowly: the stop comes after their first bytes.
    const uploads = [0, 1, 2].map((i) => {
      const req = request({
        host: hostname,
        port: Number(port),
        method: 'POST',
        path: `/storage/v1/object/media/sigterm/${i}.png`,
        headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png', 'content-length': whole.length },
      })
      const answered = new Promise<number>((resolve, reject) => {
        req.on('response', (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        })
        req.on('error', reject)
      })
      req.write(chunks[0])
      return { req, answered }
    })
    await pause(300)
    const stopped = backend.stop()
    // The rest of each body arrives once the backend is stopping.
    await vi.waitFor(() => expect(backend.output()).toContain('SIGTERM: stopping the local backend'), { timeout: 10_000, interval: 10 })
    for (const { req } of uploads) req.write(chunks[1])
    for (const { req } of uploads) req.end(chunks[2])

    const statuses = await Promise.all(uploads.map((u) => u.answered.catch((error: Error) => error.message)))
    expect(statuses).toEqual([200, 200, 200])
    await stopped
    expect(backend.output()).toContain('SIGTERM: stopping the local backend')

    await backend.restart()
    const again = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    for (const i of [0, 1, 2]) {
      const { data, error } = await again.storage.from('media').download(`sigterm/${i}.png`)
      expect(error).toBeNull()
      expect(md5(new Uint8Array(await (data as Blob).arrayBuffer()))).toBe(md5(whole))
    }
  })
})
