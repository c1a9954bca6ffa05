import { useContext, useState } from 'react'
import { DocumentHtmlSlot } from '~/lib/document-html'

/**
 * A `<div id>` holding `html`. With null (the loader left it out of its data) the server renders
 * the slot's copy and hydration keeps what the page already holds.
 */
export function DocumentHtml({ id, html, className }: { id: string; html: string | null; className?: string }) {
  const slot = useContext(DocumentHtmlSlot)
  // Read once: what the server wrote, before React owns the element.
  const [written] = useState(() =>
    html === null ? (slot?.get(id) ?? (typeof document === 'undefined' ? '' : (document.getElementById(id)?.innerHTML ?? ''))) : '',
  )
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html ?? written }} />
}
