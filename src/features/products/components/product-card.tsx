import { ArrowRight, Code2, CreditCard, GraduationCap, HeartPulse, Landmark, Users, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { buttonClasses } from '~/components/ui/button-link'
import type { Product } from '../products'

const ICONS: Record<Product['icon'], LucideIcon> = { GraduationCap, Users, Landmark, HeartPulse, CreditCard, Code2 }
const TONES = { Live: 'success', 'In Development': 'warning', Available: 'info' } as const

export function ProductCard({ product, index }: { product: Product; index: number }) {
  const Icon = ICONS[product.icon]
  return (
    <article
      className="flex h-full animate-fade-up flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7"
      style={{ animationDelay: `${index * 0.1}s` }}
    >
      <div className="flex items-start justify-between">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-primary/8 text-brand-primary">
          <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
        </span>
        <Badge tone={TONES[product.status]}>{product.status}</Badge>
      </div>
      <h2 className="mt-5 text-xl font-semibold text-slate-900">{product.name}</h2>
      <p className="mt-2 text-slate-600">{product.description}</p>
      <div className="mt-auto flex gap-3 pt-6">
        <Link to={product.learnMore} className={buttonClasses('outline', 'sm')} aria-label={`Learn More about ${product.name}`}>
          Learn More
        </Link>
        <Link
          to={`/contact?interest=${encodeURIComponent(product.interest)}`}
          className={buttonClasses('primary', 'sm')}
          aria-label={`Discuss ${product.name}`}
        >
          Discuss <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.75} />
        </Link>
      </div>
    </article>
  )
}
