// 'Create New Blog Post' / 'Edit Blog Post': the form with its Edit/Preview toggle.
import { zodResolver } from '@hookform/resolvers/zod'
import { Eye, Pencil, Plus } from 'lucide-react'
import { useState, type KeyboardEvent } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Field } from '../../components/field'
import { FormDialog } from '../../components/form-dialog'
import { ZonedDateTime } from '../../components/zoned-date-time'
import { badge, buttonSecondary, checkbox, input } from '../../components/styles'
import { blogPostSchema, postStatus, type BlogPost, type BlogPostInput, type EditablePost } from '~/entities/blog-post'
import { formValuesOf } from '~/entities/form-values'
import { ConflictNotice, useResourceSave } from '../../components/resource-form'
import { useAdminAction } from '../../lib/use-admin-action'
import { addTag, slugify } from '../rules'
import { AutosaveStatus, DraftCopyNotice } from './autosave-status'
import { restorePost, usePostAutosave } from './use-post-autosave'
import { ContentEditor, type ContentMode } from './content-editor'
import { PostPreview } from './post-preview'
import { PostSearchAndPreview } from './post-search-and-preview'
import { EditorSignOff } from '../../reviews/components/review-state'

function initialValues(item: BlogPost | null): BlogPostInput {
  return formValuesOf(blogPostSchema, item)
}

export interface PostEditorProps {
  open: boolean
  item: EditablePost | null
  latest: EditablePost | null
  onClose: () => void
}

export function PostEditor({ open, item, latest, onClose }: PostEditorProps) {
  const [mode, setMode] = useState<'edit' | 'preview'>('edit')
  const [contentMode, setContentMode] = useState<ContentMode>('visual')
  const saving = useResourceSave<BlogPost, BlogPostInput>(item, onClose)
  const { save, busy } = saving
  // Opens with unpublished changes (the draft copy, or this browser's newer copy) when there are any.
  const [restored] = useState(() => restorePost(item, initialValues(item)))
  const discarding = useAdminAction()
  // What is typed is kept by the autosave (this browser's copy, then the server's draft copy), so a
  // person sent to sign in, or whose tab closed, finds it when the post opens again.
  // The form posts what it holds; the action makes the row with the same schema.
  const form = useForm<BlogPostInput>({ resolver: zodResolver(blogPostSchema, undefined, { raw: true }), defaultValues: restored.values })
  const dialog = {
    open,
    onOpenChange: (next: boolean) => {
      if (next) return
      autosave.flushPending()
      onClose()
    },
    onSubmit: form.handleSubmit(
      async (values) => {
        autosave.cancel()
        if (await save(values, form)) autosave.forget()
      },
      // A post that fails its rules shows the fields again, with the messages, instead of the preview.
      () => setMode('edit'),
    ),
  }
  const { errors } = form.formState
  const autosave = usePostAutosave(form, item?.id ?? null, open, restored)
  const [hasChanges, setHasChanges] = useState(restored.source !== null)
  if (!hasChanges && (autosave.status === 'saved' || autosave.status === 'saved-here')) setHasChanges(true)
  const discard = async () => {
    autosave.cancel()
    if (item?.draft || (item && autosave.savedAt)) await discarding.submit({ intent: 'discardDraft', id: item.id })
    autosave.forget()
    form.reset(initialValues(item))
    setHasChanges(false)
  }
  // A new post's slug follows its title until the slug is edited by hand; an existing post keeps
  // its slug (its address may already be shared).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(item === null)
  const [tagInput, setTagInput] = useState('')
  const values = useWatch({ control: form.control }) as BlogPostInput
  const tags = values.tags ?? []

  const titleField = form.register('title')
  const slugField = form.register('slug')
  const publishedField = form.register('published')

  const commitTag = () => {
    form.setValue('tags', addTag(tags, tagInput), { shouldDirty: true })
    setTagInput('')
  }
  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commitTag()
    }
  }

  return (
    <FormDialog
      {...dialog}
      busy={busy}
      title={item ? 'Edit Blog Post' : 'Create New Blog Post'}
      submitLabel={item ? 'Update Post' : 'Create Post'}
      busyLabel={item ? 'Updating...' : 'Creating...'}
      widthClass="max-w-4xl"
    >
      <AutosaveStatus autosave={autosave} />
      {hasChanges ? (
        <DraftCopyNotice live={item ? postStatus(item) !== 'draft' : false} isNew={item === null} onDiscard={() => void discard()} busy={discarding.busy} />
      ) : null}
      <ConflictNotice saving={saving} latest={latest} form={form} initial={initialValues} onKeepMine={() => void dialog.onSubmit()} />
      {item ? <EditorSignOff kind="post" id={item.id} name={item.title} flush={autosave.flush} /> : null}
      <div className="flex gap-1 rounded-md bg-slate-100 p-1 text-sm" role="group" aria-label="Editor mode">
        <button
          type="button"
          aria-pressed={mode === 'edit'}
          onClick={() => setMode('edit')}
          className={`flex flex-1 items-center justify-center gap-1.5 rounded px-3 py-1.5 ${mode === 'edit' ? 'bg-white font-medium shadow-sm' : 'text-slate-600'}`}
        >
          <Pencil aria-hidden className="size-4" /> Edit
        </button>
        <button
          type="button"
          aria-pressed={mode === 'preview'}
          onClick={() => setMode('preview')}
          className={`flex flex-1 items-center justify-center gap-1.5 rounded px-3 py-1.5 ${mode === 'preview' ? 'bg-white font-medium shadow-sm' : 'text-slate-600'}`}
        >
          <Eye aria-hidden className="size-4" /> Preview
        </button>
      </div>

      {mode === 'preview' ? (
        <PostPreview values={values} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Title" error={errors.title?.message}>
              <input
                className={input}
                {...titleField}
                onChange={(event) => {
                  void titleField.onChange(event)
                  if (slugFollowsTitle) form.setValue('slug', slugify(event.target.value), { shouldDirty: true })
                }}
              />
            </Field>
            <Field label="Slug" error={errors.slug?.message} hint="Generated from the title; you can edit it">
              <input
                className={input}
                {...slugField}
                onChange={(event) => {
                  setSlugFollowsTitle(false)
                  void slugField.onChange(event)
                }}
              />
            </Field>
            <Field label="Category" error={errors.category?.message}>
              <input className={input} {...form.register('category')} />
            </Field>
            <Field label="Author Name" error={errors.author_name?.message}>
              <input className={input} {...form.register('author_name')} />
            </Field>
            <Field label="Author Avatar URL" error={errors.author_avatar?.message}>
              <input className={input} placeholder="https://…" {...form.register('author_avatar')} />
            </Field>
            <Field label="Featured Image URL" error={errors.featured_image?.message}>
              <input className={input} placeholder="https://…" {...form.register('featured_image')} />
            </Field>
          </div>

          <div className="grid gap-2">
            <Field label="Tags" error={errors.tags?.message} hint="Press Enter or Add; click a tag to remove it">
              <input className={input} value={tagInput} onChange={(event) => setTagInput(event.target.value)} onKeyDown={onTagKey} />
            </Field>
            <div className="flex flex-wrap items-center gap-1.5">
              <button type="button" className={buttonSecondary} onClick={commitTag}>
                <Plus aria-hidden className="size-4" /> Add
              </button>
              {tags.map((tag) => (
                <button
                  key={tag}
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  className={`${badge} bg-slate-100 text-slate-800 hover:bg-red-50 hover:text-red-800`}
                  onClick={() =>
                    form.setValue(
                      'tags',
                      tags.filter((t) => t !== tag),
                      { shouldDirty: true },
                    )
                  }
                >
                  {tag} ×
                </button>
              ))}
            </div>
          </div>

          <div className="grid items-end gap-4 sm:grid-cols-2">
            <label className="flex items-center gap-2 text-sm text-slate-800 sm:pb-8">
              <input
                type="checkbox"
                className={checkbox}
                {...publishedField}
                onChange={(event) => {
                  void publishedField.onChange(event)
                  // Publishing a draft whose time has passed publishes it now, not at an old date.
                  const at = Date.parse(form.getValues('publish_at') ?? '')
                  if (event.target.checked && !(at > Date.now())) form.setValue('publish_at', new Date().toISOString(), { shouldDirty: true })
                }}
              />
              Published
            </label>
            <ZonedDateTime control={form.control} name="publish_at" label="Publish at" hint="A later time schedules the post." />
          </div>

          <Field label="Excerpt" error={errors.excerpt?.message}>
            <textarea rows={3} className={input} {...form.register('excerpt')} />
          </Field>

          <Controller
            control={form.control}
            name="content"
            render={({ field, fieldState }) => (
              <Field label="Content" error={fieldState.error?.message} hint="Write visually, or edit the HTML itself">
                <ContentEditor value={field.value} onChange={field.onChange} onBlur={field.onBlur} mode={contentMode} onModeChange={setContentMode} />
              </Field>
            )}
          />

          <PostSearchAndPreview form={form} item={item} />
        </>
      )}
    </FormDialog>
  )
}
