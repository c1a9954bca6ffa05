export function SubmitButton({ busy, label, busyLabel, className = '' }: { busy: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className={`inline-flex items-center justify-center rounded-md bg-brand-primary px-5 py-2.5 font-semibold text-white shadow-sm transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary disabled:cursor-wait disabled:opacity-70 ${className}`}
    >
      {busy ? busyLabel : label}
    </button>
  )
}
