// Responsive sources for images kept in Supabase Storage: a public object URL
// (`…/storage/v1/object/public/<bucket>/<path>`, as getPublicUrl makes it, on the local backend, the
// site's own origin or a hosted project) becomes `srcset` candidates on the image transformation API
// (`…/storage/v1/render/image/public/…?width=…`), which sends each browser a resized WebP. Any other
// address (a site path, another host) is used as it is: nothing can resize it. Where the project
// has no image transformations (SUPABASE_IMAGE_TRANSFORMATIONS=off: a hosted plan without them),
// every image is its own address, with no srcset or sizes; `transform` says which.

const STORAGE_PUBLIC_URL = /^((?:https?:\/\/[^/?#\\]+)?\/storage\/v1)\/object\/public\/([^?#]+)$/

export interface ImageSources {
  src: string
  srcSet?: string
  sizes?: string
}

export interface RenderOptions {
  width?: number
  height?: number
  quality?: number
  resize?: 'cover' | 'contain' | 'fill'
}

/** Photos compress well at this quality with no difference a reader sees. */
const QUALITY = 75

/** The transformation URL for a storage public URL, or null for any other address. */
export function storageRenderUrl(url: string, options: RenderOptions): string | null {
  const match = STORAGE_PUBLIC_URL.exec(url)
  if (!match) return null
  const query = new URLSearchParams()
  if (options.width) query.set('width', String(options.width))
  if (options.height) query.set('height', String(options.height))
  if (options.resize) query.set('resize', options.resize)
  query.set('quality', String(options.quality ?? QUALITY))
  return `${match[1]}/render/image/public/${match[2]}?${query}`
}

export interface FluidImage {
  /** Candidate widths in pixels, smallest first. */
  widths: readonly number[]
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string
  /** Width ÷ height of the box the image fills (object-cover): variants are cropped to it on the server. */
  aspectRatio?: number
}

/** An image whose shown width follows the layout: width descriptors and `sizes`. */
export function fluidImage(url: string, image: FluidImage, transform: boolean): ImageSources {
  if (!transform) return { src: url }
  const at = (width: number) => storageRenderUrl(url, image.aspectRatio ? { width, height: Math.round(width / image.aspectRatio), resize: 'cover' } : { width })
  const fallback = at(image.widths[Math.floor((image.widths.length - 1) / 2)])
  if (!fallback) return { src: url }
  return { src: fallback, srcSet: image.widths.map((width) => `${at(width)} ${width}w`).join(', '), sizes: image.sizes }
}

/** An image shown at a fixed size (an avatar, a logo's height): 1x, 2x and 3x density candidates. */
export function fixedImage(url: string, size: { width?: number; height?: number }, transform: boolean): ImageSources {
  if (!transform) return { src: url }
  const at = (density: number) =>
    storageRenderUrl(url, {
      width: size.width && size.width * density,
      height: size.height && size.height * density,
      resize: 'cover',
    })
  const one = at(1)
  if (!one) return { src: url }
  return { src: one, srcSet: [1, 2, 3].map((density) => `${at(density)} ${density}x`).join(', ') }
}
