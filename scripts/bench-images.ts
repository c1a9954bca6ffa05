// `npm run bench:images`: the image transformation API of the local backend with a camera-sized
// photo. It starts its own backend on a temporary DATA_DIR, uploads a 3000×2000 JPEG of 2–4 MB
// (grain makes it weigh what a photo does) to the public media bucket, then, for each width of a
// post's featured-image srcset, times the first render (no variant yet) and the median of later
// requests (served from the variant cache), and prints each WebP's size, with the variant a 390 px
// phone picks at 1x, 2x and 3x. It prints figures; it asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { bundleBackend } from '../local-supabase/build.ts'
import { launchBackend } from '../local-supabase/launch.ts'
import { readKeys } from '../local-supabase/src/keys.ts'
import { storageRenderUrl } from '../src/lib/responsive-image.ts'

const WIDTHS = [400, 640, 800, 1080, 1280, 1600]
const CACHED_RUNS = 20
/** The article image's shown width on a 390 px phone: the viewport less its 20 px gutters. */
const PHONE_SLOT = 390 - 40
const ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function timed(url: string): Promise<{ ms: number; bytes: number; type: string }> {
  const started = performance.now()
  const response = await fetch(url, { headers: { accept: ACCEPT } })
  const bytes = (await response.arrayBuffer()).byteLength
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return { ms: performance.now() - started, bytes, type: response.headers.get('content-type') ?? '' }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-images-'))
await bundleBackend()
const { child: backend, url } = await launchBackend({ env: { DATA_DIR: dataDir, SUPABASE_PORT: '0', LOG_REQUESTS: '0' } })
try {
  const keys = await readKeys(dataDir)
  if (!keys) throw new Error('no keys written')
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#5b7fa6', noise: { type: 'gaussian', mean: 120, sigma: 18 } } })
    .jpeg({ quality: 92 })
    .toBuffer()
  const upload = await fetch(`${url}/storage/v1/object/media/bench/photo.jpg`, {
    method: 'POST',
    headers: { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': 'image/jpeg' },
    body: photo,
  })
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`)
  const publicUrl = `${url}/storage/v1/object/public/media/bench/photo.jpg`
  console.log(`Source: 3000×2000 JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB\n`)

  console.log('width  WebP kB  first render ms  cached ms (median of 20)  speed-up')
  const sizes = new Map<number, number>()
  for (const width of WIDTHS) {
    const variant = storageRenderUrl(publicUrl, { width, height: Math.round((width * 630) / 1200), resize: 'cover' })!
    const first = await timed(variant)
    const cached: number[] = []
    for (let run = 0; run < CACHED_RUNS; run++) cached.push((await timed(variant)).ms)
    sizes.set(width, first.bytes)
    const hit = median(cached)
    console.log(
      `${String(width).padEnd(5)}  ${(first.bytes / 1024).toFixed(1).padStart(7)}  ${first.ms.toFixed(1).padStart(15)}  ${hit.toFixed(2).padStart(24)}  ${(first.ms / hit).toFixed(0).padStart(7)}×`,
    )
  }
  console.log('\nA 390 px phone (image slot 350 px) picks:')
  for (const density of [1, 2, 3]) {
    const width = WIDTHS.find((candidate) => candidate >= PHONE_SLOT * density) ?? WIDTHS.at(-1)!
    console.log(
      `  at ${density}x: the ${width}w variant, ${((sizes.get(width) ?? 0) / 1024).toFixed(1)} kB (the original: ${(photo.length / 1024).toFixed(0)} kB)`,
    )
  }
} finally {
  backend.kill('SIGTERM')
  await new Promise((resolve) => backend.once('exit', resolve))
  await rm(dataDir, { recursive: true, force: true })
}
