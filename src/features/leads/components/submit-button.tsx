interface SubmitButtonProps {
  busy: boolean
  label: string
  busyLabel: string
  /** 'light' is the light-blue button for dark backgrounds (its text is dark, per the brand rules). */
  variant?: 'primary' | 'light'
  className?: string
}

const variants = {
  primary: 'bg-brand-primary text-white focus-visible:outline-brand-primary',
  light: 'bg-brand-secondary text-slate-950 focus-visible:outline-brand-secondary',
}

export function SubmitButton({ busy, label, busyLabel, variant = 'primary', className = '' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className={`inline-flex items-center justify-center rounded-md px-5 py-2.5 font-semibold shadow-sm transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-wait disabled:opacity-70 ${variants[variant]} ${className}`}
    >
      {busy ? busyLabel : label}
    </button>
  )
}
