// Autosave of the post editor: what is typed is kept at once in this browser (localStorage, so a
// closed tab, a crash or a trip to the sign-in page loses nothing) and, about three seconds after typing stops, in the post's
// draft copy on the server (a new post has no row yet: its copy stays in the browser until Create).
// Leaving the page (for another screen, or closing the tab) sends what is pending at once, and so
// does the network coming back after a failed save. The live post changes only on "Update Post".
import { useEffect, useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useFormAction } from 'react-router'
import type { BlogPostInput, EditablePost } from '~/entities/blog-post'
import { useAdminAction } from '../../lib/use-admin-action'

/** How long typing must pause before the draft copy is saved. */
export const AUTOSAVE_DELAY_MS = 3000
const PREFIX = 'post-autosave:'

interface LocalCopy {
  values: Partial<BlogPostInput>
  /** When it was typed (ms since the epoch). */
  at: number
}

const localKey = (postId: string | null) => PREFIX + (postId ?? 'new')

function readLocalCopy(postId: string | null): LocalCopy | null {
  if (typeof localStorage === 'undefined') return null
  try {
    const copy = JSON.parse(localStorage.getItem(localKey(postId)) ?? 'null') as LocalCopy | null
    return copy && typeof copy.at === 'number' && typeof copy.values === 'object' ? copy : null
  } catch {
    return null
  }
}

function writeLocalCopy(postId: string | null, values: Partial<BlogPostInput>): void {
  try {
    localStorage.setItem(localKey(postId), JSON.stringify({ values, at: Date.now() } satisfies LocalCopy))
  } catch {
    // Storage full or refused: the server's copy still follows.
  }
}

export function forgetLocalCopy(postId: string | null): void {
  if (typeof localStorage !== 'undefined') localStorage.removeItem(localKey(postId))
}

export interface RestoredPost {
  values: BlogPostInput
  /** Where unpublished changes came from: the server's draft copy, this browser's copy, or none. */
  source: 'draft-copy' | 'browser' | null
  /** When they were saved (ms since the epoch). */
  savedAt: number | null
}

/** What the editor opens with: the newest of the post itself, its draft copy and this browser's copy. */
export function restorePost(item: EditablePost | null, live: BlogPostInput): RestoredPost {
  let restored: RestoredPost = { values: live, source: null, savedAt: null }
  let newest = item ? Date.parse(item.updated_at) : 0
  if (item?.draft) {
    newest = Date.parse(item.draft.savedAt)
    restored = { values: { ...live, ...item.draft.values }, source: 'draft-copy', savedAt: newest }
  }
  const local = readLocalCopy(item?.id ?? null)
  if (local && local.at > newest) restored = { values: { ...live, ...local.values }, source: 'browser', savedAt: local.at }
  return restored
}

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'saved-here' | 'failed'

export interface AutosaveState {
  status: AutosaveStatus
  /** When the last autosave was stored (ms since the epoch). */
  savedAt: number | null
}

export interface PostAutosave extends AutosaveState {
  /** Stops a pending autosave (before "Update Post" saves everything). */
  cancel: () => void
  /** Sends a pending or failed autosave now, resolving once it is stored (e.g. before a review request). */
  flush: () => Promise<void>
  /** After Update or a discard: nothing of this edit is kept any longer. */
  forget: () => void
}

export function usePostAutosave(
  form: UseFormReturn<BlogPostInput>,
  postId: string | null,
  active: boolean,
  restored: Pick<RestoredPost, 'source' | 'savedAt'>,
): PostAutosave {
  // Named now: a save sent as the page is left goes to this page's action, not the next screen's.
  const action = useAdminAction(useFormAction())
  const [state, setState] = useState<AutosaveState>({
    status: restored.source === 'browser' ? 'pending' : restored.savedAt ? 'saved' : 'idle',
    savedAt: restored.savedAt,
  })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const inFlight = useRef(false)
  const again = useRef(false)
  const failed = useRef(false)

  const save = async (): Promise<void> => {
    clearTimeout(timer.current)
    timer.current = undefined
    if (!postId) {
      setState({ status: 'saved-here', savedAt: Date.now() })
      return
    }
    if (inFlight.current) {
      again.current = true
      return
    }
    inFlight.current = true
    setState((s) => ({ ...s, status: 'saving' }))
    const result = await action.submit({ intent: 'autosave', id: postId, values: form.getValues() })
    inFlight.current = false
    failed.current = !result.ok
    setState((s) => (result.ok ? { status: 'saved', savedAt: result.savedAt ? Date.parse(result.savedAt) : Date.now() } : { ...s, status: 'failed' }))
    if (again.current) {
      again.current = false
      void saveRef.current()
    }
  }
  const saveRef = useRef(save)
  useEffect(() => {
    saveRef.current = save
  })

  useEffect(() => {
    if (!active) return
    // A field's change (not a reset to a chosen version) is kept here at once and autosaved after a pause.
    const subscription = form.watch((values, { name }) => {
      if (name === undefined) return
      writeLocalCopy(postId, values as Partial<BlogPostInput>)
      setState((s) => ({ ...s, status: 'pending' }))
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void saveRef.current(), AUTOSAVE_DELAY_MS)
    })
    // A copy restored from this browser goes to the server too.
    if (restored.source === 'browser') timer.current = setTimeout(() => void saveRef.current(), AUTOSAVE_DELAY_MS)
    const leave = () => {
      if (timer.current !== undefined) void saveRef.current()
    }
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave()
    }
    const online = () => {
      if (failed.current) void saveRef.current()
    }
    window.addEventListener('pagehide', leave)
    window.addEventListener('beforeunload', leave)
    window.addEventListener('online', online)
    document.addEventListener('visibilitychange', hidden)
    return () => {
      subscription.unsubscribe()
      // Leaving for another screen: what is pending goes now (the router finishes the post).
      leave()
      clearTimeout(timer.current)
      timer.current = undefined
      window.removeEventListener('pagehide', leave)
      window.removeEventListener('beforeunload', leave)
      window.removeEventListener('online', online)
      document.removeEventListener('visibilitychange', hidden)
    }
  }, [form, postId, active, restored.source])

  return {
    ...state,
    cancel: () => {
      clearTimeout(timer.current)
      timer.current = undefined
    },
    flush: async () => {
      if (timer.current !== undefined || failed.current) await saveRef.current()
    },
    forget: () => {
      clearTimeout(timer.current)
      timer.current = undefined
      forgetLocalCopy(postId)
      setState({ status: 'idle', savedAt: null })
    },
  }
}
