// A post's page: 'Create New Blog Post' (/admin/blog/new) or 'Edit Blog Post' (/admin/blog/{id}).
// The title and the body in the writing column, with the autosave's state and the length of the
// text; the settings in the side panel (a sheet on a phone); Preview shows the post as readers will.
import { zodResolver } from '@hookform/resolvers/zod'
import { Eye } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { blogPostSchema, postStatus, type BlogPost, type BlogPostInput, type EditablePost } from '~/entities/blog-post'
import type { PostPreview as PreviewLink } from '~/entities/post-preview'
import { formValuesOf } from '~/entities/form-values'
import { EditorPage } from '../../components/editor-page'
import { Field } from '../../components/field'
import { ConflictNotice, useResourceSave } from '../../components/resource-form'
import { buttonSecondary } from '../../components/styles'
import { TitleInput } from '../../components/title-input'
import type { ActionBody, ActionResult } from '../../lib/admin-action'
import { useAdminAction } from '../../lib/use-admin-action'
import { useMediaQuery, WIDE_SCREEN } from '../../lib/use-media-query'
import { readingMinutes, slugify, wordCount } from '../rules'
import { AutosaveStatus, DraftCopyNotice } from './autosave-status'
import { ContentEditor, type ContentMode } from './content-editor'
import { PostPreview } from './post-preview'
import { PostSettings } from './post-settings'
import { restorePost, usePostAutosave } from './use-post-autosave'

function initialValues(item: BlogPost | null): BlogPostInput {
  return formValuesOf(blogPostSchema, item)
}

/** The fields of the writing column; every other one is in the settings. */
const WRITING_FIELDS = new Set(['title', 'content'])

export interface PostEditorProps {
  /** The post as the page opened it, or null for a new post. */
  item: EditablePost | null
  /** The post as the page's data has it now (read again after a write), or null for a new post. */
  latest: EditablePost | null
  /** The list as it was left, for "Back". */
  back: string
  /** The categories posts use, offered as suggestions. */
  categories: string[]
  /** The post's active preview links (none for a new post). */
  previewLinks: PreviewLink[]
  /** After Create: the new post's page opens. */
  onCreated?: (id: string) => void
  /** After a version was restored from History: the page starts again from the post as it is now. */
  onRestored?: () => void
}

export function PostEditor({ item: opened, latest, back, categories, previewLinks, onCreated, onRestored }: PostEditorProps) {
  const [item, setItem] = useState(opened)
  const [previewing, setPreviewing] = useState(false)
  const [contentMode, setContentMode] = useState<ContentMode>('visual')
  const [sheetOpen, setSheetOpen] = useState(false)
  const wide = useMediaQuery(WIDE_SCREEN)
  // The post as last read, for the moment a save has finished (its answer arrives after the read).
  const current = useRef(latest)
  useEffect(() => {
    current.current = latest
  })

  // Opens with unpublished changes (the draft copy, or this browser's newer copy) when there are any.
  const [restored] = useState(() => restorePost(opened, initialValues(opened)))
  const discarding = useAdminAction()
  const requesting = useAdminAction()
  // What is typed is kept by the autosave (this browser's copy, then the server's draft copy), so a
  // person sent to sign in, or whose tab closed, finds it when the post opens again.
  // The form posts what it holds; the action makes the row with the same schema.
  const form = useForm<BlogPostInput>({ resolver: zodResolver(blogPostSchema, undefined, { raw: true }), defaultValues: restored.values })
  const autosave = usePostAutosave(form, item?.id ?? null, true, restored)
  const [hasChanges, setHasChanges] = useState(restored.source !== null)
  if (!hasChanges && (autosave.status === 'saved' || autosave.status === 'saved-here')) setHasChanges(true)

  const onSaved = (result: ActionResult) => {
    autosave.forget()
    setHasChanges(false)
    if (!item && result.id) onCreated?.(result.id)
    else if (current.current) setItem(current.current)
  }
  const saving = useResourceSave<BlogPost, BlogPostInput>(item, onSaved)
  const { save, busy } = saving

  const onInvalid = (errors: FieldErrors<BlogPostInput>) => {
    // A post that fails its rules shows the fields again, with the messages, instead of the preview.
    setPreviewing(false)
    if (!wide && Object.keys(errors).some((name) => !WRITING_FIELDS.has(name))) setSheetOpen(true)
  }
  const submit = form.handleSubmit(async (values) => {
    autosave.cancel()
    await save(values, form)
  }, onInvalid)

  const discard = async () => {
    autosave.cancel()
    if (item?.draft || (item && autosave.savedAt)) await discarding.submit({ intent: 'discardDraft', id: item.id })
    autosave.forget()
    form.reset(initialValues(item))
    setHasChanges(false)
  }
  // A review, or a release, covers what was typed: the autosave sends it first.
  const signOff = async (body: ActionBody) => {
    if (!item) return
    await autosave.flush()
    await requesting.submit(body)
  }

  // A new post's slug follows its title until the slug is edited by hand; an existing post keeps
  // its slug (its address may already be shared).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(opened === null)
  const values = useWatch({ control: form.control }) as BlogPostInput
  const words = wordCount(values.content ?? '')
  const titleField = form.register('title')
  const { errors } = form.formState

  return (
    <EditorPage
      back={{ to: back, label: 'Blog posts' }}
      heading={item ? 'Edit Blog Post' : 'Create New Blog Post'}
      status={
        <div className="flex flex-wrap items-center gap-x-3">
          <p className="text-xs text-slate-600">
            {words} {words === 1 ? 'word' : 'words'} · {readingMinutes(words)} min read
          </p>
          <AutosaveStatus autosave={autosave} />
        </div>
      }
      notices={
        <>
          {hasChanges ? (
            <DraftCopyNotice live={item ? postStatus(item) !== 'draft' : false} isNew={item === null} onDiscard={() => void discard()} busy={discarding.busy} />
          ) : null}
          <ConflictNotice saving={saving} latest={latest} form={form} initial={initialValues} onKeepMine={() => void submit()} />
        </>
      }
      settingsTitle="Post settings"
      settings={
        <PostSettings
          form={form}
          item={item}
          categories={categories}
          previewLinks={previewLinks}
          onSlugEdited={() => setSlugFollowsTitle(false)}
          onSignOff={(body) => void signOff(body)}
          onRestored={() => {
            autosave.forget()
            onRestored?.()
          }}
        />
      }
      sheet={{ open: sheetOpen, setOpen: setSheetOpen }}
      tools={
        <button
          type="button"
          className={`${buttonSecondary} aria-pressed:border-slate-500 aria-pressed:bg-slate-100`}
          aria-pressed={previewing}
          onClick={() => setPreviewing((shown) => !shown)}
        >
          <Eye aria-hidden className="size-4" /> Preview
        </button>
      }
      submitLabel={item ? 'Update Post' : 'Create Post'}
      busyLabel={item ? 'Updating...' : 'Creating...'}
      busy={busy}
      onSubmit={(event) => void submit(event)}
    >
      {previewing ? (
        <PostPreview values={values} />
      ) : (
        <>
          <Field label="Title" error={errors.title?.message}>
            <TitleInput
              placeholder="Post title"
              {...titleField}
              onChange={(event) => {
                void titleField.onChange(event)
                if (slugFollowsTitle) form.setValue('slug', slugify(event.target.value), { shouldDirty: true })
              }}
            />
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
        </>
      )}
    </EditorPage>
  )
}
