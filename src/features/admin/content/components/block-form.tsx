// The frame of one content block's form (its heading, its sign-off state and 'Save Changes'), and its
// save: the edited fields go to the route's clientAction with the stored block, whose other keys are
// kept (while publishing needs approval the block's change waits for review).
import type { FormEventHandler, ReactNode } from 'react'
import { contentKind, type ContentBlock } from '~/entities/website-content'
import { HistoryButton } from '../../components/history-panel'
import { EditorSignOff, SignOffBadges } from '../../reviews/components/review-state'
import { buttonPrimary, card } from '../../components/styles'
import { useAdminAction } from '../../lib/use-admin-action'
import type { ContentObject } from '../api/website-content'

export function useBlockSave(block: Pick<ContentBlock, 'section' | 'key'>, stored: ContentObject | undefined, id: string | undefined) {
  const action = useAdminAction()
  const save = async (values: object) => {
    await action.submit({ intent: 'save', section: block.section, key: block.key, id, values, stored: stored ?? {} })
  }
  return { save, busy: action.busy }
}

const saved = async () => undefined

export function BlockForm({
  heading,
  section,
  busy,
  onSubmit,
  children,
  id,
  stored,
}: {
  heading: string
  /** The block's section: it says which kind of sign-off the block is (legal page or website copy). */
  section: string
  busy: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  children: ReactNode
  /** The stored block's row id and content, for its History (none before its first save). */
  id?: string
  stored?: ContentObject
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={`${card} grid gap-4 p-4`} aria-label={heading}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">{heading}</h2>
        {id ? <HistoryButton table="website_content" id={id} name={heading} current={{ content: stored ?? {} }} /> : null}
      </div>
      {id ? (
        <div className="flex flex-wrap items-center gap-2">
          <SignOffBadges id={id} live />
          {/* What is asked for is the block as saved: an edit not saved yet is not part of it. */}
          <EditorSignOff kind={contentKind(section)} id={id} name={heading} flush={saved} />
        </div>
      ) : null}
      {children}
      <div>
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  )
}
