import { Link, type LinkProps } from 'react-router'

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'light'
type Size = 'md' | 'lg' | 'sm'

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-primary text-on-primary shadow-sm hover:brightness-110',
  // Light blue fill carries dark text (white on it fails contrast).
  secondary: 'bg-brand-secondary text-on-secondary shadow-sm hover:brightness-105',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50',
  ghost: 'text-brand-primary-text hover:bg-slate-100',
  light: 'bg-white text-slate-900 shadow-sm hover:bg-slate-100',
}
const SIZES: Record<Size, string> = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
}

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 ${VARIANTS[variant]} ${SIZES[size]} ${extra}`
}

/** A link styled as a button: internal paths use the router, external ones open in a new tab. */
export function ButtonLink({
  to,
  variant,
  size,
  className = '',
  children,
  ...rest
}: Omit<LinkProps, 'to' | 'className'> & { to: string; variant?: Variant; size?: Size; className?: string }) {
  const classes = buttonClasses(variant, size, className)
  if (/^(https?:|mailto:|tel:)/i.test(to)) {
    const external = /^https?:/i.test(to)
    return (
      <a href={to} className={classes} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    )
  }
  return (
    <Link to={to} className={classes} {...rest}>
      {children}
    </Link>
  )
}
