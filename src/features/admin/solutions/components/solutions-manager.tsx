import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { useAdminDb } from '../../components/admin-db-context'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { badge, buttonPrimary, card, iconButton, iconButtonDanger } from '../../components/styles'
import { listChange } from '../../lib/list-change'
import { notifyDone } from '../../lib/notify'
import { useAdminList } from '../../lib/use-admin-list'
import { useEditor } from '../../lib/use-editor'
import { createSolution, deleteSolution, featuresOf, listSolutions, updateSolution, type Solution } from '../api/solutions'
import type { SolutionValues } from '../schemas'
import { SolutionForm } from './solution-form'

const STATUS_STYLE: Record<string, string> = {
  Live: 'bg-emerald-50 text-emerald-800',
  Development: 'bg-amber-50 text-amber-800',
  Available: 'bg-sky-50 text-sky-800',
}

export function SolutionsManager() {
  const db = useAdminDb()
  const list = useAdminList(listSolutions, 'Failed to fetch solutions')
  const change = listChange(list.reload, notifyDone)
  const editor = useEditor<Solution>()
  const { confirm, element: confirmDialog } = useConfirm()

  const save = (values: SolutionValues): Promise<boolean> => {
    const editing = editor.item
    return change(
      () => (editing ? updateSolution(db, editing.id, values) : createSolution(db, values)),
      editing
        ? { failure: 'Failed to update solution', success: 'Solution updated successfully' }
        : { failure: 'Failed to create solution', success: 'Solution created successfully' },
      editor.close,
    )
  }

  const remove = async (solution: Solution) => {
    if (!(await confirm('Are you sure you want to delete this solution?'))) return
    await change(() => deleteSolution(db, solution.id), { failure: 'Failed to delete solution', success: 'Solution deleted successfully' })
  }

  return (
    <>
      <PageHeader
        title="Solutions"
        subtitle="Manage the products shown on the solutions pages"
        action={
          <button type="button" className={buttonPrimary} onClick={() => editor.start(null)}>
            <Plus aria-hidden className="size-4" /> Add Solution
          </button>
        }
      />
      {list.loading ? (
        <Spinner />
      ) : !list.data?.length ? (
        <EmptyState title="No solutions found" />
      ) : (
        <ul className="grid gap-2">
          {list.data.map((solution) => (
            <li key={solution.id} className={`${card} flex flex-wrap items-start gap-3 p-4`}>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-medium text-slate-900">{solution.title}</h2>
                  <span className={`${badge} ${STATUS_STYLE[solution.status] ?? 'bg-slate-100 text-slate-700'}`}>{solution.status}</span>
                  <span className={`${badge} bg-slate-100 text-slate-700`}>{solution.category}</span>
                </div>
                <p className="mt-0.5 text-xs text-slate-500">/solutions/{solution.slug} · {featuresOf(solution).length} features</p>
                <p className="mt-1 line-clamp-2 text-sm text-slate-600">{solution.shortdescription}</p>
              </div>
              <div className="flex gap-1">
                <button type="button" className={iconButton} aria-label={`Edit ${solution.title}`} onClick={() => editor.start(solution)}>
                  <Pencil aria-hidden className="size-4" />
                </button>
                <button type="button" className={iconButtonDanger} aria-label={`Delete ${solution.title}`} onClick={() => void remove(solution)}>
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SolutionForm key={editor.session} open={editor.open} item={editor.item} onOpenChange={(open) => !open && editor.close()} onSave={save} />
      {confirmDialog}
    </>
  )
}
