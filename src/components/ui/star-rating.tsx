import { Star } from 'lucide-react'

/** Five stars, `rating` of them filled; read out as text for screen readers. */
export function StarRating({ rating, className = '' }: { rating: number; className?: string }) {
  const value = Math.max(0, Math.min(5, Math.round(rating)))
  return (
    <div className={`flex items-center gap-0.5 ${className}`} role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= value ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 fill-slate-200 text-slate-200'}
          strokeWidth={1.75}
        />
      ))}
    </div>
  )
}
