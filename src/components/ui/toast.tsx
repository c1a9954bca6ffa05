// Toasts: one at a time (a new one replaces the old), gone after 5 s unless
// the duration is set to Infinity, a destructive variant for errors. `toast()` can be called from
// anywhere (event handlers, data callbacks); `<Toaster/>` renders whatever is current.
import { X } from 'lucide-react'
import { Toast } from 'radix-ui'
import { useSyncExternalStore } from 'react'

export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD = 50

export interface ToastInput {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
  /** Milliseconds; Infinity keeps it until dismissed. */
  duration?: number
}

interface ToastEntry extends ToastInput {
  id: number
  open: boolean
}

let current: ToastEntry | null = null
let nextId = 1
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Shows a toast, replacing the one on screen. Returns a function that dismisses it. */
export function toast(input: ToastInput): () => void {
  const id = nextId++
  current = { ...input, id, open: true }
  emit()
  return () => dismiss(id)
}

/** Removes whatever toast is showing (e.g. when the page it belongs to goes away). */
export function clearToasts(): void {
  current = null
  emit()
}

function dismiss(id: number): void {
  if (current?.id !== id) return
  current = { ...current, open: false }
  emit()
}

export function useToast(): { toast: typeof toast; current: ToastEntry | null } {
  const entry = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
  return { toast, current: entry }
}

export function Toaster() {
  const { current: entry } = useToast()
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD} swipeDirection="right">
      {entry ? (
        <Toast.Root
          key={entry.id}
          open={entry.open}
          onOpenChange={(open) => {
            if (!open) dismiss(entry.id)
          }}
          duration={entry.duration}
          type={entry.variant === 'destructive' ? 'foreground' : 'background'}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-md border p-4 pr-9 shadow-lg data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
            entry.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{entry.title}</Toast.Title>
            {entry.description ? <Toast.Description className="text-sm opacity-90">{entry.description}</Toast.Description> : null}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  )
}
