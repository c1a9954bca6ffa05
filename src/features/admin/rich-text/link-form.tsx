// The link a selection points to: an address under the site's URL rules, and whether it opens in a
// new tab. Shown under the toolbar (not a dialog) so the text being linked stays in view.
import type { Editor } from '@tiptap/core'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { isSafeLink } from '~/lib/safe-url'
import { buttonPrimary, buttonSecondary, checkbox, input } from '../components/styles'

export const LINK_RULE = 'Use a web address (https://…), mailto:, tel:, or a path on this site such as /about'

export function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const current = editor.getAttributes('link') as { href?: string; target?: string | null }
  const [href, setHref] = useState(current.href ?? '')
  const [newTab, setNewTab] = useState(current.target === '_blank')
  const [error, setError] = useState<string | null>(null)
  const field = useRef<HTMLInputElement>(null)
  const id = useId()
  useEffect(() => field.current?.focus(), [])

  const close = () => {
    onClose()
    editor.commands.focus()
  }
  const apply = () => {
    const address = href.trim()
    const chain = editor.chain().focus().extendMarkRange('link')
    if (address === '') {
      chain.unsetLink().run()
      onClose()
      return
    }
    if (!isSafeLink(address)) {
      setError(LINK_RULE)
      field.current?.focus()
      return
    }
    const attributes = { href: address, target: newTab ? '_blank' : null }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link's text.
      chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: attributes }] }).run()
    } else {
      chain.setLink(attributes).run()
    }
    onClose()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter applies the link (not the post's form); Escape closes this form, not the dialog.
    if (event.key === 'Enter') {
      event.preventDefault()
      apply()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }

  return (
    <div role="group" aria-label="Link" onKeyDown={onKeyDown} className="grid gap-2 border border-b-0 border-slate-300 bg-white p-2">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Link address
        </label>
        <input
          ref={field}
          id={id}
          className={input}
          value={href}
          placeholder="https://… or /page"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setHref(event.target.value)
            setError(null)
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="mr-auto flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className={checkbox} checked={newTab} onChange={(event) => setNewTab(event.target.checked)} />
          Open in a new tab
        </label>
        {current.href ? (
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run()
              onClose()
            }}
          >
            Remove link
          </button>
        ) : null}
        <button type="button" className={buttonSecondary} onClick={close}>
          Cancel
        </button>
        <button type="button" className={buttonPrimary} onClick={apply}>
          Apply link
        </button>
      </div>
    </div>
  )
}
