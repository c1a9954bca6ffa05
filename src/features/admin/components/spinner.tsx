import { Loader2 } from 'lucide-react'

/** The one loading indicator: announced to screen readers, spins only without reduced motion. */
export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center py-12 text-slate-500 ${className}`}>
      <Loader2 aria-hidden className="size-6 motion-safe:animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  )
}
