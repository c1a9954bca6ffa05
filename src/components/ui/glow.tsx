/**
 * A soft decorative glow behind a section, drawn as a radial gradient. Give it its place, size and
 * colour (`from-…`, with `from-N%` where the colour starts to fade).
 *
 * Not a disc under `filter: blur()`: on a phone, rastering a blur that large takes tens of
 * milliseconds of the first frame, while a gradient fades the same way and costs next to nothing.
 */
export function Glow({ className }: { className: string }) {
  return <div aria-hidden="true" className={`pointer-events-none absolute rounded-full bg-radial-[closest-side] ${className}`} />
}
