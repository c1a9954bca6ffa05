/**
 * A soft decorative glow behind a section, drawn as a radial gradient. Give it its place, size and
 * colour (`from-…`, with `from-N%` where the colour starts to fade).
 *
 * It used to be a disc blurred by `filter: blur()`: on a phone rastering a blur that large took
 * tens of milliseconds of the first frame and put the first paint of `/` after its below-the-fold
 * images had started loading. The gradient fades the same way and costs next to nothing to draw.
 */
export function Glow({ className }: { className: string }) {
  return <div aria-hidden="true" className={`pointer-events-none absolute rounded-full bg-radial-[closest-side] ${className}`} />
}
