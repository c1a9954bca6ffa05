// The message under a form: the confirmation once it was accepted, or what stopped it as a whole
// (the flood limit, a closed job, our own failure). Announced to screen readers as it appears.
export function FormMessage({ kind, children }: { kind: 'success' | 'error'; children: string }) {
  return kind === 'success' ? (
    <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
      {children}
    </p>
  ) : (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {children}
    </p>
  )
}
