// Image transformation options as Supabase's storage API takes them: from the query of
// /render/image/{public,authenticated}/… and from the `transform` object of POST /object/sign, which
// it carries inside the signed token as a string ('height:100,width:200,resize:cover,quality:80').
// Sizes are clamped to 1–2500 px as on a hosted project; anything else out of range is a 400.
import { errors } from './errors.ts'

export const RESIZE_MODES = ['cover', 'contain', 'fill'] as const
export const FORMATS = ['origin', 'avif', 'webp'] as const

export type ResizeMode = (typeof RESIZE_MODES)[number]
export type RequestedFormat = (typeof FORMATS)[number]

export interface TransformOptions {
  width?: number
  height?: number
  resize?: ResizeMode
  quality?: number
  format?: RequestedFormat
}

/** Hosted Supabase's bounds on a transformed image's width and height. */
export const MIN_SIZE = 1
export const MAX_SIZE = 2500
const MIN_QUALITY = 20
const MAX_QUALITY = 100

const clampSize = (value: number) => Math.min(Math.max(value, MIN_SIZE), MAX_SIZE)

function integerOption(value: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw errors.badRequest(`querystring/${name} must be integer`)
  if (number < min) throw errors.badRequest(`querystring/${name} must be >= ${min}`)
  if (number > max) throw errors.badRequest(`querystring/${name} must be <= ${max}`)
  return number
}

function enumOption<T extends string>(value: unknown, name: string, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw errors.badRequest(`querystring/${name} must be equal to one of the allowed values`)
  }
  return value as T
}

/** Options from a query or a JSON `transform` object; a width or height of 0 means "not set". */
export function parseTransformOptions(source: Record<string, unknown>): TransformOptions {
  const width = integerOption(source.width, 'width', 0)
  const height = integerOption(source.height, 'height', 0)
  return {
    width: width ? clampSize(width) : undefined,
    height: height ? clampSize(height) : undefined,
    resize: enumOption(source.resize, 'resize', RESIZE_MODES),
    quality: integerOption(source.quality, 'quality', MIN_QUALITY, MAX_QUALITY),
    format: enumOption(source.format, 'format', FORMATS),
  }
}

/** The options as `name:value` segments, the resize mode written by `resize`. */
function segments(options: TransformOptions, resize: (mode: ResizeMode | undefined) => string | null): string {
  const parts: string[] = []
  if (options.height) parts.push(`height:${options.height}`)
  if (options.width) parts.push(`width:${options.width}`)
  const mode = options.width || options.height ? resize(options.resize) : null
  if (mode !== null) parts.push(mode)
  if (options.quality) parts.push(`quality:${options.quality}`)
  if (options.format && options.format !== 'origin') parts.push(`format:${options.format}`)
  return parts.join(',')
}

/** The string a signed render token carries, in the storage API's own notation. */
export function transformationsString(options: TransformOptions): string {
  return segments(options, (mode) => (mode ? `resize:${mode}` : null))
}

/** imgproxy's names for the resize modes, which Supabase's storage maps them to (cover by default). */
const RESIZING_TYPES: Record<ResizeMode, string> = { cover: 'fill', contain: 'fit', fill: 'force' }

/** A rendered image's `X-Transformations` header: what was applied, in imgproxy's notation, as Storage reports it. */
export function appliedTransformations(options: TransformOptions): string {
  return segments(options, (mode) => `resizing_type:${RESIZING_TYPES[mode ?? 'cover']}`)
}

/** Reads a token's string back; it was validated when signed, so values outside the rules are dropped. */
export function optionsFromTransformations(text: string, format: unknown): TransformOptions {
  const fields: Record<string, string> = {}
  for (const part of text.split(',')) {
    const [name, value] = part.split(':')
    if (name && value) fields[name] = value
  }
  const options: TransformOptions = {}
  const size = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? clampSize(Number(value)) : undefined)
  options.width = size(fields.width)
  options.height = size(fields.height)
  if ((RESIZE_MODES as readonly string[]).includes(fields.resize)) options.resize = fields.resize as ResizeMode
  const quality = Number(fields.quality)
  if (Number.isInteger(quality) && quality >= MIN_QUALITY && quality <= MAX_QUALITY) options.quality = quality
  const chosen = fields.format ?? format
  if (typeof chosen === 'string' && (FORMATS as readonly string[]).includes(chosen)) options.format = chosen as RequestedFormat
  return options
}
