// The post page's settings: publishing state and time, the featured image, address, category and
// tags, excerpt, author, search and social fields; and for a saved post its preview links, its
// review and its history. Each field keeps its label, rule and error text.
import type { ActionBody } from '../../lib/admin-action'
import { Plus } from 'lucide-react'
import { useId, useState, type KeyboardEvent } from 'react'
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { postStatus, type BlogPostInput, type EditablePost } from '~/entities/blog-post'
import type { PostPreview } from '~/entities/post-preview'
import { SettingsSection } from '../../components/editor-page'
import { Field } from '../../components/field'
import { HistoryButton } from '../../components/history-panel'
import { SearchFields } from '../../components/search-fields'
import { badge, buttonSecondary, checkbox, input } from '../../components/styles'
import { ZonedDateTime } from '../../components/zoned-date-time'
import { useFormatTime } from '../../lib/time-zone'
import { ImageField } from '../../media/components/image-field'
import { ReviewPanel } from '../../reviews/components/review-panel'
import { addTag } from '../rules'
import { PreviewLinks } from './preview-links'

export interface PostSettingsProps {
  form: UseFormReturn<BlogPostInput>
  /** The saved post, or null for a new one. */
  item: EditablePost | null
  categories: string[]
  previewLinks: PostPreview[]
  /** The slug was typed by hand: it no longer follows the title. */
  onSlugEdited: () => void
  /** Request review or Add to release, once the autosave has sent what was typed. */
  onSignOff: (body: ActionBody) => void
  onRestored: () => void
}

const STATE_STYLE = {
  published: 'bg-emerald-50 text-emerald-800',
  scheduled: 'bg-sky-50 text-sky-900',
  draft: 'bg-amber-50 text-amber-800',
}

/** "Published", "Scheduled for …" or "Draft", as visitors' access decides, for the saved post. */
function SavedState({ item }: { item: EditablePost | null }) {
  const formatTime = useFormatTime()
  if (!item) return <p className="text-sm text-slate-600">Not created yet.</p>
  const state = postStatus(item)
  const label = state === 'scheduled' ? `Scheduled for ${formatTime(item.publish_at)}` : state === 'published' ? 'Published' : 'Draft'
  return (
    <p className="text-sm text-slate-700">
      Now: <span className={`${badge} ${STATE_STYLE[state]}`}>{label}</span>
    </p>
  )
}

function Tags({ form }: { form: UseFormReturn<BlogPostInput> }) {
  const [typed, setTyped] = useState('')
  const tags = (useWatch({ control: form.control, name: 'tags' }) ?? []) as string[]
  const commit = () => {
    form.setValue('tags', addTag(tags, typed), { shouldDirty: true })
    setTyped('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    }
  }
  return (
    <div className="grid gap-2">
      <Field label="Tags" error={form.formState.errors.tags?.message} hint="Press Enter or Add; click a tag to remove it">
        <input className={input} value={typed} onChange={(event) => setTyped(event.target.value)} onKeyDown={onKeyDown} />
      </Field>
      <div className="flex flex-wrap items-center gap-1.5">
        <button type="button" className={buttonSecondary} onClick={commit}>
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
  )
}

export function PostSettings({ form, item, categories, previewLinks, onSlugEdited, onSignOff, onRestored }: PostSettingsProps) {
  const categoryList = useId()
  const { errors } = form.formState
  const slugField = form.register('slug')
  const publishedField = form.register('published')

  return (
    <>
      <SettingsSection title="Publishing">
        <SavedState item={item} />
        <label className="flex items-center gap-2 text-sm text-slate-800">
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
      </SettingsSection>

      <SettingsSection>
        <ImageField
          control={form.control}
          name="featured_image"
          label="Featured image"
          folder="blog"
          shape="wide"
          hint="Shown above the post and on its card."
        />
      </SettingsSection>

      <SettingsSection title="Post">
        <Field label="Slug" error={errors.slug?.message} hint="Generated from the title; you can edit it">
          <input
            className={input}
            {...slugField}
            onChange={(event) => {
              onSlugEdited()
              void slugField.onChange(event)
            }}
          />
        </Field>
        <Field label="Category" error={errors.category?.message}>
          <input className={input} list={categoryList} {...form.register('category')} />
        </Field>
        <datalist id={categoryList}>
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <Tags form={form} />
        <Field label="Excerpt" error={errors.excerpt?.message} hint="Shown on the post's card and, unless a meta description is set, in search results">
          <textarea rows={4} className={input} {...form.register('excerpt')} />
        </Field>
      </SettingsSection>

      <SettingsSection title="Author">
        <Field label="Author Name" error={errors.author_name?.message}>
          <input className={input} {...form.register('author_name')} />
        </Field>
        <ImageField control={form.control} name="author_avatar" label="Author picture" folder="blog" shape="round" optional />
      </SettingsSection>

      <SearchFields
        form={form as unknown as UseFormReturn<FieldValues>}
        descriptionField="seo_description"
        pathPrefix="/resources/blog/"
        fallback={{ description: 'excerpt', image: 'featured_image' }}
        uploadFolder="blog"
      />

      {item ? (
        <>
          <SettingsSection title="Preview links">
            <PreviewLinks post={item} links={previewLinks} />
          </SettingsSection>
          <SettingsSection title="Review">
            <ReviewPanel kind="post" id={item.id} name={item.title} live={item.published} run={onSignOff} />
          </SettingsSection>
          <SettingsSection title="History">
            <HistoryButton table="blog_posts" id={item.id} name={item.title} current={item} label="History" onRestored={onRestored} />
          </SettingsSection>
        </>
      ) : null}
    </>
  )
}
