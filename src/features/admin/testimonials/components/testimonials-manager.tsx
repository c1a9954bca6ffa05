import { Pencil, Plus, Star, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { useAdminDb } from '../../components/admin-db-context'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { SearchBox } from '../../components/search-box'
import { Spinner } from '../../components/spinner'
import { buttonPrimary, card, iconButton, iconButtonDanger } from '../../components/styles'
import { listChange } from '../../lib/list-change'
import { notifyDone } from '../../lib/notify'
import { matches } from '../../lib/text'
import { useAdminList } from '../../lib/use-admin-list'
import { useEditor } from '../../lib/use-editor'
import { createTestimonial, deleteTestimonial, listTestimonials, updateTestimonial, type Testimonial } from '../api/testimonials'
import type { TestimonialValues } from '../schemas'
import { TestimonialForm } from './testimonial-form'

export function TestimonialsManager() {
  const db = useAdminDb()
  const list = useAdminList(listTestimonials, 'Failed to fetch testimonials')
  const change = listChange(list.reload, notifyDone)
  const editor = useEditor<Testimonial>()
  const { confirm, element: confirmDialog } = useConfirm()
  const [query, setQuery] = useState('')
  const shown = (list.data ?? []).filter((t) => matches(query, t.name, t.title, t.quote))

  const save = (values: TestimonialValues): Promise<boolean> => {
    const editing = editor.item
    return change(
      () => (editing ? updateTestimonial(db, editing.id, values) : createTestimonial(db, values)),
      editing
        ? { failure: 'Failed to update testimonial', success: 'Testimonial updated successfully' }
        : { failure: 'Failed to create testimonial', success: 'Testimonial created successfully' },
      editor.close,
    )
  }

  const remove = async (testimonial: Testimonial) => {
    if (!(await confirm('Are you sure you want to delete this testimonial?'))) return
    await change(() => deleteTestimonial(db, testimonial.id), { failure: 'Failed to delete testimonial', success: 'Testimonial deleted successfully' })
  }

  return (
    <>
      <PageHeader
        title="Testimonials"
        subtitle="Manage customer testimonials"
        action={
          <button type="button" className={buttonPrimary} onClick={() => editor.start(null)}>
            <Plus aria-hidden className="size-4" /> Add Testimonial
          </button>
        }
      />
      <SearchBox value={query} onChange={setQuery} placeholder="Search testimonials..." />
      {list.loading ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <EmptyState title="No testimonials found" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((t) => (
            <li key={t.id} className={`${card} flex flex-col p-4`}>
              <div className="flex items-center gap-3">
                <img src={t.avatar} alt="" className="size-10 shrink-0 rounded-full bg-slate-100 object-cover" />
                <div className="min-w-0 flex-1">
                  <h2 className="truncate text-sm font-medium text-slate-900">{t.name}</h2>
                  <p className="truncate text-xs text-slate-600">{t.title}</p>
                </div>
              </div>
              <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-700">“{t.quote}”</p>
              <div className="mt-3 flex items-center justify-between">
                <span className="flex text-amber-500" aria-label={`${t.rating} out of 5 stars`} role="img">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} aria-hidden className={`size-3.5 ${i < t.rating ? 'fill-current' : 'text-slate-300'}`} />
                  ))}
                </span>
                <span className="flex gap-1">
                  <button type="button" className={iconButton} aria-label={`Edit ${t.name}`} onClick={() => editor.start(t)}>
                    <Pencil aria-hidden className="size-4" />
                  </button>
                  <button type="button" className={iconButtonDanger} aria-label={`Delete ${t.name}`} onClick={() => void remove(t)}>
                    <Trash2 aria-hidden className="size-4" />
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TestimonialForm key={editor.session} open={editor.open} item={editor.item} onOpenChange={(open) => !open && editor.close()} onSave={save} />
      {confirmDialog}
    </>
  )
}
