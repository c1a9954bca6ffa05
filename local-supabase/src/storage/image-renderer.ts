// Renders transformed images with sharp (libvips) and keeps each variant on disk under
// DATA_DIR/storage-render/<bucket>/<sha256(key)>/<version>-<options>.<ext>, so a variant is made once
// per object version. What one request can cost is bounded: the source at most 25 MB and 50
// megapixels (hosted Supabase's limits), output at most 2500 px a side, never enlarged, at most
// `parallel` renders at once (the rest wait their turn), the same variant rendered once however
// many ask for it together, and each render stopped after 15 s. What anonymous requests can make
// the disk keep is bounded too: at most `maxVariants` variants per object (the least recently
// served go first), so the store holds at most that many per file staff uploaded.
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Metadata } from 'sharp'
import { StorageHttpError } from './errors.ts'
import type { TransformOptions } from './transform-options.ts'

export const MAX_SOURCE_BYTES = 25 * 1024 * 1024
export const MAX_SOURCE_PIXELS = 50_000_000
const DEFAULT_QUALITY = 80
/** Variants kept per object: the site asks for a few widths in two formats; a stranger's every size would fill the disk. */
export const MAX_VARIANTS_PER_OBJECT = 64
const RENDER_TIMEOUT_SECONDS = 15

let sharpModule: Promise<typeof import('sharp')> | undefined
/** sharp (libvips) loads with the first image, not at start: it costs a start 0.2 s of CPU that most backends never use. */
async function loadSharp() {
  sharpModule ??= import('sharp')
  return (await sharpModule).default
}

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'

const CONTENT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
}

/** Source formats sniffed per object version, so a cached variant is served without reading the object. */
const MAX_KNOWN_SOURCES = 4096
/** Bytes enough to tell the source formats apart. */
export const SOURCE_HEAD_BYTES = 64

/**
 * The format of an image by its first bytes, as Supabase's renderer (imgproxy) tells it: the stored
 * content type does not count. Only JPEG, PNG, WebP, GIF and AVIF render; SVG, PDF and the rest are refused.
 */
export function sniffFormat(head: Uint8Array): OutputFormat | null {
  const ascii = (from: number, to: number) => Buffer.from(head.subarray(from, to)).toString('latin1')
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (ascii(4, 8) === 'ftyp') {
    // The file type box: its major brand, then compatible brands, four bytes each.
    const boxEnd = Math.min(head.byteLength, Buffer.from(head).readUInt32BE(0))
    for (let at = 8; at + 4 <= boxEnd; at += at === 8 ? 8 : 4) {
      if (['avif', 'avis'].includes(ascii(at, at + 4))) return 'avif'
    }
  }
  return null
}

/** sharp's name for what the bytes are, for each sniffed format. */
const DECODED_AS: Record<OutputFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' }

export const renderErrors = {
  unsupported: () => new StorageHttpError(400, 'InvalidRequest', 'The source image is invalid or unsupported for rendering', 'Bad Request'),
  tooLarge: () => new StorageHttpError(400, 'InvalidRequest', 'The source image file is too large to process', 'Bad Request'),
  tooManyPixels: () => new StorageHttpError(400, 'InvalidRequest', 'The source image resolution is too large to process', 'Bad Request'),
  timedOut: () => new StorageHttpError(408, 'InvalidRequest', 'Image request timed out', 'Request Timeout'),
}

export interface Variant {
  file: string
  size: number
  contentType: string
  /** Which options made it, for the response's ETag. */
  tag: string
}

export interface RenderRequest {
  bucket: string
  key: string
  version: string
  /** Reads the source's first SOURCE_HEAD_BYTES bytes (or all of a shorter one). */
  readHead: () => Promise<Buffer>
  /** Reads the source's bytes (already known to be at most MAX_SOURCE_BYTES). */
  readSource: () => Promise<Buffer>
  options: TransformOptions
  /** The browser accepts WebP; used when no format was asked for. */
  acceptsWebp: boolean
}

/** Runs at most `limit` tasks at once; the others wait in order. */
class Gate {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    this.running++
    try {
      return await task()
    } finally {
      this.running--
      this.waiting.shift()?.()
    }
  }
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex')

export class ImageRenderer {
  readonly root: string
  private readonly gate: Gate
  private readonly inFlight = new Map<string, Promise<Variant>>()
  private readonly sourceFormats = new Map<string, OutputFormat | null>()

  constructor(
    dataDir: string,
    parallel = Math.max(1, availableParallelism() - 1),
    private readonly maxVariants = MAX_VARIANTS_PER_OBJECT,
  ) {
    this.root = path.join(dataDir, 'storage-render')
    this.gate = new Gate(parallel)
  }

  private objectDir(bucket: string, key: string): string {
    return path.join(this.root, bucket, hash(key))
  }

  /** The variant for these options, from the cache or rendered now. */
  async variant(request: RenderRequest): Promise<Variant> {
    const asked = askedFormat(request.options, request.acceptsWebp)
    // The source's own format only matters when it is the output's.
    const output = asked ?? (await this.sourceFormat(request))
    const tag = [
      request.options.width ?? 0,
      request.options.height ?? 0,
      request.options.resize ?? 'cover',
      request.options.quality ?? DEFAULT_QUALITY,
      output,
    ].join('-')
    const dir = this.objectDir(request.bucket, request.key)
    const file = path.join(dir, `${hash(request.version).slice(0, 16)}-${tag}.${output}`)
    const cached = await sizeOf(file)
    if (cached !== null) {
      // Served now: the last to be dropped when the object reaches its limit.
      const now = new Date()
      await utimes(file, now, now).catch(() => undefined)
      return { file, size: cached, contentType: CONTENT_TYPES[output], tag }
    }

    const pending = this.inFlight.get(file)
    if (pending) return pending
    const work = this.gate
      .run(async () => {
        const source = await request.readSource()
        await inspectSource(source)
        const bytes = await render(source, request.options, output)
        await mkdir(dir, { recursive: true })
        await dropOtherVersions(dir, hash(request.version).slice(0, 16))
        const temp = path.join(dir, `.tmp-${randomUUID()}`)
        await writeFile(temp, bytes)
        await rename(temp, file)
        await keepNewest(dir, this.maxVariants, file)
        return { file, size: bytes.byteLength, contentType: CONTENT_TYPES[output], tag }
      })
      .finally(() => this.inFlight.delete(file))
    this.inFlight.set(file, work)
    return work
  }

  /** The format of the object version's bytes, read once; unsupported sources are refused. */
  private async sourceFormat(request: RenderRequest): Promise<OutputFormat> {
    const id = `${request.bucket}\0${request.key}\0${request.version}`
    let format = this.sourceFormats.get(id)
    if (format === undefined) {
      format = sniffFormat(await request.readHead())
      if (this.sourceFormats.size >= MAX_KNOWN_SOURCES) this.sourceFormats.delete(this.sourceFormats.keys().next().value as string)
      this.sourceFormats.set(id, format)
    }
    if (format === null) throw renderErrors.unsupported()
    return format
  }

  /** Forgets an object's variants (its file was removed or replaced). */
  async drop(bucket: string, key: string): Promise<void> {
    await rm(this.objectDir(bucket, key), { recursive: true, force: true })
  }

  /** Forgets a deleted bucket's variants. */
  async dropBucket(bucket: string): Promise<void> {
    await rm(path.join(this.root, bucket), { recursive: true, force: true })
  }
}

/** A body stream for a cached variant (the file is only ever replaced by a rename, so reading it is safe). */
export async function openVariant(variant: Variant): Promise<ReadableStream<Uint8Array>> {
  const handle = await open(variant.file, 'r')
  return Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>
}

/** What to encode: the asked format; else WebP when the browser takes it; else (null) the source's own. */
function askedFormat(options: TransformOptions, acceptsWebp: boolean): OutputFormat | null {
  if (options.format === 'webp' || options.format === 'avif') return options.format
  if (options.format === 'origin' || !acceptsWebp) return null
  return 'webp'
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    const handle = await open(file, 'r')
    try {
      return (await handle.stat()).size
    } finally {
      await handle.close()
    }
  } catch {
    return null
  }
}

async function dropOtherVersions(dir: string, versionPrefix: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.startsWith(`${versionPrefix}-`) && !name.startsWith('.tmp-')) await rm(path.join(dir, name), { force: true })
  }
}

/** Removes the least recently served variants of an object beyond `limit`, never `keep` (the one just made). */
async function keepNewest(dir: string, limit: number, keep: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => !name.startsWith('.tmp-'))
  if (names.length <= limit) return
  const files = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name)
      return {
        file,
        served: await stat(file).then(
          (info) => info.mtimeMs,
          () => 0,
        ),
      }
    }),
  )
  const oldestFirst = files.filter((entry) => entry.file !== keep).sort((a, b) => a.served - b.served)
  await Promise.all(oldestFirst.slice(0, names.length - limit).map((entry) => rm(entry.file, { force: true })))
}

/** Checks the bytes are an image that renders and within the limits (reading only the header); throws the storage API's 400s. */
async function inspectSource(bytes: Buffer): Promise<void> {
  if (bytes.byteLength > MAX_SOURCE_BYTES) throw renderErrors.tooLarge()
  const format = sniffFormat(bytes.subarray(0, SOURCE_HEAD_BYTES))
  if (format === null) throw renderErrors.unsupported()
  let metadata: Metadata
  try {
    const sharp = await loadSharp()
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw renderErrors.unsupported()
  }
  if (metadata.format !== DECODED_AS[format]) throw renderErrors.unsupported()
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_SOURCE_PIXELS) throw renderErrors.tooManyPixels()
}

async function render(source: Buffer, options: TransformOptions, output: OutputFormat): Promise<Buffer> {
  const quality = options.quality ?? DEFAULT_QUALITY
  const fit = options.resize === 'contain' ? 'inside' : options.resize === 'fill' ? 'fill' : 'cover'
  // rotate() turns the pixels upright by the EXIF orientation; sharp writes no metadata (EXIF, GPS,
  // XMP) into the output unless asked, so a variant never carries where a photo was taken.
  const sharp = await loadSharp()
  let pipeline = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' }).rotate().timeout({ seconds: RENDER_TIMEOUT_SECONDS })
  if (options.width || options.height) {
    pipeline = pipeline.resize({ width: options.width, height: options.height, fit, withoutEnlargement: true })
  }
  switch (output) {
    case 'webp':
      pipeline = pipeline.webp({ quality })
      break
    case 'avif':
      pipeline = pipeline.avif({ quality: Math.max(1, quality - 20), effort: 2 })
      break
    case 'jpeg':
      pipeline = pipeline.jpeg({ quality, mozjpeg: true })
      break
    case 'png':
      pipeline = pipeline.png({ compressionLevel: 9, palette: quality < 100 })
      break
    case 'gif':
      pipeline = pipeline.gif()
      break
  }
  try {
    return await pipeline.toBuffer()
  } catch (error) {
    if (error instanceof Error && /timeout/i.test(error.message)) throw renderErrors.timedOut()
    throw renderErrors.unsupported()
  }
}
