interface SectionHeadingProps {
  eyebrow?: string
  title: string
  description?: string
  align?: 'left' | 'center'
  /** h1 for a page's main heading, h2 for sections. */
  as?: 'h1' | 'h2'
  tone?: 'light' | 'dark'
  id?: string
}

export function SectionHeading({ eyebrow, title, description, align = 'left', as = 'h2', tone = 'light', id }: SectionHeadingProps) {
  const Heading = as
  const centered = align === 'center' ? 'mx-auto text-center' : ''
  const dark = tone === 'dark'
  return (
    <div className={`max-w-3xl ${centered}`}>
      {eyebrow && <p className={`text-sm font-semibold tracking-wide uppercase ${dark ? 'text-brand-secondary' : 'text-brand-primary-text'}`}>{eyebrow}</p>}
      <Heading
        id={id}
        className={`mt-2 font-semibold tracking-tight text-balance ${as === 'h1' ? 'text-4xl sm:text-5xl' : 'text-3xl sm:text-4xl'} ${dark ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </Heading>
      {description && <p className={`mt-4 text-lg text-pretty ${dark ? 'text-slate-300' : 'text-slate-600'}`}>{description}</p>}
    </div>
  )
}
