// A toolbar in the ARIA toolbar pattern: one Tab stop (the last button used, or the first), arrow
// keys move between the buttons, Home and End go to either end. It stays in view (sticky, under
// the admin's header) while a long text scrolls beneath it; on a phone it is one row that scrolls
// sideways, so it covers little of the text.
import type { LucideIcon } from 'lucide-react'
import { useRef, useState, type KeyboardEvent } from 'react'
import { keysLabel, usesCommandKey } from './shortcuts'

export interface ToolbarButton {
  label: string
  icon: LucideIcon
  run: () => void
  /** Set for a toggle (bold, a heading): whether it applies at the cursor. */
  pressed?: boolean
  disabled?: boolean
  /** Its keys, shown in its tooltip and announced (see ./shortcuts). */
  shortcut?: readonly string[]
}

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

const buttonClass =
  'inline-flex size-8 items-center justify-center rounded text-slate-700 hover:bg-slate-200 hover:text-slate-900 aria-disabled:opacity-40 aria-pressed:bg-slate-200 aria-pressed:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-primary'

export function Toolbar({ label, groups }: { label: string; groups: ToolbarButton[][] }) {
  const buttons = groups.flat()
  const [current, setCurrent] = useState(0)
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const focusable = Math.min(current, buttons.length - 1)
  const command = usesCommandKey()

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = NEXT[event.key]
    if (!move) return
    event.preventDefault()
    const next = move(focusable, buttons.length)
    setCurrent(next)
    refs.current[next]?.focus()
  }

  let index = 0
  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      className="sticky top-14 z-10 flex items-center max-sm:overflow-x-auto sm:flex-wrap gap-0.5 rounded-t-md border border-b-0 border-slate-300 bg-slate-50 p-1"
    >
      {groups.map((group, groupIndex) => (
        <div key={groupIndex} className="flex shrink-0 items-center gap-0.5 border-slate-300 pr-1 not-last:border-r">
          {group.map((button) => {
            const position = index++
            const Icon = button.icon
            return (
              <button
                key={button.label}
                ref={(element) => {
                  refs.current[position] = element
                }}
                type="button"
                tabIndex={position === focusable ? 0 : -1}
                aria-label={button.label}
                title={button.shortcut ? `${button.label} (${keysLabel(button.shortcut, command)})` : button.label}
                aria-keyshortcuts={button.shortcut ? keysLabel(button.shortcut, command).replace('⌘', 'Meta').replace('Ctrl', 'Control') : undefined}
                aria-pressed={button.pressed}
                // Still focusable when it cannot act, as the toolbar pattern asks.
                aria-disabled={button.disabled || undefined}
                className={buttonClass}
                // The editor keeps its selection: a toolbar click must not move focus first.
                onMouseDown={(event) => event.preventDefault()}
                onFocus={() => setCurrent(position)}
                onClick={() => {
                  if (!button.disabled) button.run()
                }}
              >
                <Icon aria-hidden className="size-4" />
              </button>
            )
          })}
        </div>
      ))}
    </div>
  )
}
