import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { useAdminDb } from '../../components/admin-db-context'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { SearchBox } from '../../components/search-box'
import { Spinner } from '../../components/spinner'
import { badge, buttonPrimary, card, iconButton, iconButtonDanger } from '../../components/styles'
import { listChange } from '../../lib/list-change'
import { matches } from '../../lib/text'
import { useAdminList } from '../../lib/use-admin-list'
import { useEditor } from '../../lib/use-editor'
import { createJobOpening, deleteJobOpening, listJobOpenings, setJobOpeningActive, updateJobOpening, type JobOpening } from '../api/jobs'
import type { JobValues } from '../schemas'
import { JobForm } from './job-form'

export function JobsManager() {
  const db = useAdminDb()
  const list = useAdminList(listJobOpenings, 'Failed to fetch job openings')
  const change = listChange(list.reload)
  const editor = useEditor<JobOpening>()
  const { confirm, element: confirmDialog } = useConfirm()
  const [query, setQuery] = useState('')
  const shown = (list.data ?? []).filter((j) => matches(query, j.title, j.department, j.location, j.type))

  const save = (values: JobValues): Promise<boolean> => {
    const editing = editor.item
    return change(
      () => (editing ? updateJobOpening(db, editing.id, values) : createJobOpening(db, values)),
      editing
        ? { failure: 'Failed to update job opening', success: 'Job opening updated successfully' }
        : { failure: 'Failed to create job opening', success: 'Job opening created successfully' },
      editor.close,
    )
  }

  const toggle = async (job: JobOpening) => {
    await change(() => setJobOpeningActive(db, job.id, !job.active), {
      failure: 'Failed to update job opening',
      success: job.active ? 'Job opening deactivated successfully' : 'Job opening activated successfully',
    })
  }

  const remove = async (job: JobOpening) => {
    if (!(await confirm('Are you sure you want to delete this job opening?'))) return
    await change(() => deleteJobOpening(db, job.id), { failure: 'Failed to delete job opening', success: 'Job opening deleted successfully' })
  }

  return (
    <>
      <PageHeader
        title="Job Openings"
        subtitle="Manage career opportunities"
        action={
          <button type="button" className={buttonPrimary} onClick={() => editor.start(null)}>
            <Plus aria-hidden className="size-4" /> Add Job Opening
          </button>
        }
      />
      <SearchBox value={query} onChange={setQuery} placeholder="Search jobs..." />
      {list.loading ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <EmptyState title="No job openings found" />
      ) : (
        <ul className="grid gap-2">
          {shown.map((job) => (
            <li key={job.id} className={`${card} flex flex-wrap items-start gap-3 p-4`}>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-medium text-slate-900">{job.title}</h2>
                  <span className={`${badge} ${job.active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
                    {job.active ? 'Active' : 'Inactive'}
                  </span>
                </div>
                <p className="mt-0.5 text-xs text-slate-600">
                  {job.department} · {job.location} · {job.type}
                </p>
                {job.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{job.description}</p> : null}
              </div>
              <div className="flex gap-1">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`${job.active ? 'Deactivate' : 'Activate'} ${job.title}`}
                  title={job.active ? 'Deactivate' : 'Activate'}
                  onClick={() => void toggle(job)}
                >
                  {job.active ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
                </button>
                <button type="button" className={iconButton} aria-label={`Edit ${job.title}`} onClick={() => editor.start(job)}>
                  <Pencil aria-hidden className="size-4" />
                </button>
                <button type="button" className={iconButtonDanger} aria-label={`Delete ${job.title}`} onClick={() => void remove(job)}>
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <JobForm key={editor.session} open={editor.open} item={editor.item} onOpenChange={(open) => !open && editor.close()} onSave={save} />
      {confirmDialog}
    </>
  )
}
