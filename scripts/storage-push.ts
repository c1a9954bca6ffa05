// `npm run storage:push`: copies every stored file of the local backend (DATA_DIR) to the buckets of
// the Supabase project named by SUPABASE_URL and SUPABASE_SECRET_KEY (or the legacy
// SUPABASE_SERVICE_ROLE_KEY), keeping each file's
// path, content type and cache control. Idempotent and resumable: a file the project already holds
// with the same size and ETag (the MD5 of its bytes) is skipped, so an interrupted push is simply
// run again. The buckets themselves come from the migrations (`supabase db push`).
import { readFile } from 'node:fs/promises'
import { loadConfig, loadDotEnv } from '../local-supabase/src/config.ts'
import type { StoredObject } from '../local-supabase/src/dump.ts'
import { objectFilePath } from '../local-supabase/src/storage/paths.ts'
import { secretKeyOf } from '../src/lib/project-keys.ts'
import { storageRoot, takeDump } from './lib/local-data.ts'

loadDotEnv()
const url = process.env.SUPABASE_URL?.replace(/\/+$/, '')
const key = secretKeyOf()?.value
if (!url || !key) {
  console.error('Set SUPABASE_URL and SUPABASE_SECRET_KEY to the project the files go to.')
  process.exit(2)
}
const headers = { authorization: `Bearer ${key}`, apikey: key }

function objectUrl(object: StoredObject): string {
  const path = object.name.split('/').map(encodeURIComponent).join('/')
  return `${url}/storage/v1/object/${encodeURIComponent(object.bucket)}/${path}`
}

async function alreadyThere(object: StoredObject): Promise<boolean> {
  const response = await fetch(objectUrl(object), { method: 'HEAD', headers })
  return response.ok && Number(response.headers.get('content-length')) === object.size && response.headers.get('etag') === object.eTag
}

async function upload(object: StoredObject, bytes: Buffer): Promise<void> {
  const response = await fetch(objectUrl(object), {
    method: 'POST',
    headers: { ...headers, 'content-type': object.mimetype, 'cache-control': object.cacheControl, 'x-upsert': 'true' },
    body: new Uint8Array(bytes),
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null
    throw new Error(`${response.status} ${body?.message ?? response.statusText}`)
  }
}

const config = loadConfig()
const { objects } = await takeDump(config).catch((error: unknown) => {
  console.error(`storage:push could not read the local data: ${(error as Error).message}`)
  process.exit(1)
})
let uploaded = 0
let skipped = 0
const failed: string[] = []
for (const object of objects) {
  const label = `${object.bucket}/${object.name}`
  try {
    if (await alreadyThere(object)) {
      skipped++
      continue
    }
    const bytes = await readFile(objectFilePath(storageRoot(config.dataDir), object.bucket, object.name))
    if (bytes.length !== object.size) throw new Error('changed locally while pushing; run storage:push again')
    await upload(object, bytes)
    uploaded++
  } catch (error) {
    failed.push(`${label}: ${(error as Error).message}`)
  }
}
console.log(`storage:push to ${url}: ${uploaded} uploaded, ${skipped} already there, ${failed.length} failed (of ${objects.length}).`)
if (failed.length > 0) {
  for (const line of failed) console.error(`  ${line}`)
  console.error('Run storage:push again to retry: files already copied are skipped.')
  process.exit(1)
}
