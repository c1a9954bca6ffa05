// The editor's autosave line: "Saved 12:04", "Saving…", what is still only in this browser (and
// why: "Offline: kept in this browser"); and, when the post has unpublished changes, what that
// means and how to discard them.
import { CloudOff, Check, Loader2 } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { formatZoned } from '~/lib/zoned-time'
import { buttonSecondary } from '../../components/styles'
import { useTimeZone } from '../../lib/time-zone'
import type { AutosaveState } from './use-post-autosave'

/** What the line says: `online` is whether the browser has a network, `zone` the company's time zone. */
export function autosaveText({ status, savedAt }: AutosaveState, online: boolean, zone: string): string | null {
  const at = savedAt ? formatZoned(savedAt, zone, 'time') : null
  if (status === 'saving') return 'Saving…'
  if (!online && (status === 'pending' || status === 'failed')) return 'Offline: kept in this browser'
  if (status === 'pending') return 'Unsaved changes (kept in this browser)'
  if (status === 'failed') return 'Not saved yet: kept in this browser, saved again with your next change'
  if (status === 'saved-here' && at) return `Saved in this browser ${at}`
  if (status === 'saved' && at) return `Saved ${at}`
  return null
}

function subscribeToNetwork(changed: () => void): () => void {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  )
}

export function AutosaveStatus({ autosave }: { autosave: AutosaveState }) {
  const zone = useTimeZone()
  const online = useOnline()
  const text = autosaveText(autosave, online, zone)
  const { status } = autosave
  const Icon = status === 'saving' ? Loader2 : status === 'failed' || !online ? CloudOff : Check
  return (
    <p role="status" aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-xs text-slate-600" data-testid="autosave-status">
      {text ? (
        <>
          <Icon aria-hidden className={`size-3.5 ${status === 'saving' ? 'motion-safe:animate-spin' : ''}`} />
          {text}
        </>
      ) : null}
    </p>
  )
}

export interface DraftCopyNoticeProps {
  /** The post is live (visitors see it) rather than a draft. */
  live: boolean
  /** A new post, whose copy is only in this browser. */
  isNew: boolean
  onDiscard: () => void
  busy: boolean
}

/** Shown while the post has unpublished changes. */
export function DraftCopyNotice({ live, isNew, onDiscard, busy }: DraftCopyNoticeProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <p className="flex-1">
        {isNew
          ? 'This is your unsaved new post, restored. It is created when you press Create Post.'
          : live
            ? 'These changes are autosaved as a draft copy. Visitors see the published post until you press Update Post.'
            : 'These changes are autosaved as a draft copy until you press Update Post.'}
      </p>
      <button type="button" className={buttonSecondary} onClick={onDiscard} disabled={busy}>
        {isNew ? 'Discard draft' : 'Discard changes'}
      </button>
    </div>
  )
}
