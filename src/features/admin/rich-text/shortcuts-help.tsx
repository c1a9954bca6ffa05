// "Keyboard shortcuts": a popover listing the editor's keys (Save, the toolbar's commands).
import { Keyboard } from 'lucide-react'
import { Popover } from 'radix-ui'
import { iconButton } from '../components/styles'
import { keysLabel, SHORTCUTS } from './shortcuts'

export function ShortcutsHelp() {
  return (
    <Popover.Root>
      <Popover.Trigger className={iconButton} aria-label="Keyboard shortcuts" title="Keyboard shortcuts">
        <Keyboard aria-hidden className="size-4" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Keyboard shortcuts"
          className="z-50 max-h-[70vh] w-72 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg focus:outline-none"
        >
          <h2 className="mb-2 text-sm font-semibold text-slate-900">Keyboard shortcuts</h2>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5">
            {SHORTCUTS.map((shortcut) => (
              <div key={shortcut.action} className="contents">
                <dt className="text-slate-700">{shortcut.action}</dt>
                <dd>
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">{keysLabel(shortcut.keys)}</kbd>
                </dd>
              </div>
            ))}
          </dl>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
