// Selecting several items of a list and changing them at once: a checkbox on each item, "select all"
// for the items shown, and the bar's actions, each asking one confirmation for the whole selection.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { ActionBody, ActionResult } from '../lib/admin-action'
import { buttonDanger, buttonSecondary, card, checkbox } from './styles'

export interface BulkAction {
  /** Posted as `{ intent: 'bulk', operation, ids }`. */
  operation: string
  label: string
  /** The confirmation for `count` items. */
  confirm: (count: number) => { question: string; confirmLabel: string }
  danger?: boolean
}

export interface Selection {
  selected: ReadonlySet<string>
  toggle: (id: string, on: boolean) => void
  setAll: (ids: string[], on: boolean) => void
  clear: () => void
}

/** The ids selected, kept to those still in the list. */
export function useSelection(ids: string[]): Selection {
  const [chosen, setSelected] = useState<ReadonlySet<string>>(new Set())
  const key = ids.join(',')
  const selected = useMemo(() => {
    const present = new Set(key.split(','))
    return new Set([...chosen].filter((id) => present.has(id)))
  }, [chosen, key])
  return {
    selected,
    toggle: (id, on) =>
      setSelected((current) => {
        const next = new Set(current)
        if (on) next.add(id)
        else next.delete(id)
        return next
      }),
    setAll: (all, on) =>
      setSelected((current) => {
        const next = new Set(current)
        for (const id of all) {
          if (on) next.add(id)
          else next.delete(id)
        }
        return next
      }),
    clear: () => setSelected(new Set()),
  }
}

export function SelectCheckbox({ selection, id, name }: { selection: Selection; id: string; name: string }) {
  return (
    <input
      type="checkbox"
      className={checkbox}
      aria-label={`Select ${name}`}
      checked={selection.selected.has(id)}
      onChange={(event) => selection.toggle(id, event.target.checked)}
    />
  )
}

export interface BulkBarProps {
  selection: Selection
  /** The ids of the items shown. */
  shown: string[]
  actions: BulkAction[]
  /** "2 posts selected". */
  noun: (count: number) => string
  confirm: (question: string, options: { title: string; confirmLabel: string }) => Promise<boolean>
  submit: (body: ActionBody) => Promise<ActionResult>
  busy: boolean
}

export function BulkBar({ selection, shown, actions, noun, confirm, submit, busy }: BulkBarProps) {
  const all = useRef<HTMLInputElement>(null)
  const chosen = shown.filter((id) => selection.selected.has(id))
  const every = shown.length > 0 && chosen.length === shown.length
  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen.length > 0 && !every
  }, [chosen.length, every])

  const run = async (action: BulkAction) => {
    const ids = chosen
    const { question, confirmLabel } = action.confirm(ids.length)
    if (!(await confirm(question, { title: `${action.label} ${noun(ids.length)}?`, confirmLabel }))) return
    const result = await submit({ intent: 'bulk', operation: action.operation, ids })
    if (result.ok) selection.clear()
  }

  return (
    <div className={`${card} mb-3 flex flex-wrap items-center gap-3 px-3 py-2`} role="group" aria-label="Bulk actions">
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input ref={all} type="checkbox" className={checkbox} checked={every} onChange={(event) => selection.setAll(shown, event.target.checked)} />
        Select all on this page
      </label>
      <p className="text-sm text-slate-600" aria-live="polite">
        {chosen.length === 0 ? 'None selected' : `${noun(chosen.length)} selected`}
      </p>
      {chosen.length > 0 ? (
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {actions.map((action) => (
            <button
              key={action.operation}
              type="button"
              className={action.danger ? buttonDanger : buttonSecondary}
              disabled={busy}
              onClick={() => void run(action)}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
