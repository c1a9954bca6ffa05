// Which dialog is open and for what: nothing, a new item (null), or an existing one.
import { useState } from 'react'

export interface Editor<T> {
  open: boolean
  item: T | null
  /** Increases on every opening, so the dialog's form starts from the right values each time. */
  session: number
  start: (item: T | null) => void
  close: () => void
}

export function useEditor<T>(): Editor<T> {
  const [state, setState] = useState<{ open: boolean; item: T | null; session: number }>({ open: false, item: null, session: 0 })
  return {
    ...state,
    start: (item) => setState((s) => ({ open: true, item, session: s.session + 1 })),
    close: () => setState((s) => ({ ...s, open: false })),
  }
}
