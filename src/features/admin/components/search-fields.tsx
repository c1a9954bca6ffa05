// "Search & social" of a post or a solution: SEO title, meta description, social image (from the
// media library) and "Hide from search engines", with character counters and live previews of the
// search result and the link card, each empty field showing the default the page falls back to.
// Its two columns sit side by side only where its own box is wide enough (a container query): in
// an editor's settings panel they stack.
import { ImageOff } from 'lucide-react'
import { useId } from 'react'
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { useRouteLoaderData } from 'react-router'
import { SEARCH_DESCRIPTION_ADVICE, SEARCH_TITLE_ADVICE } from '~/entities/search-fields'
import { ImageField } from '../media/components/image-field'
import { Field } from './field'
import { card, checkbox, input } from './styles'

export interface SearchFieldsProps {
  form: UseFormReturn<FieldValues>
  /** The field holding the meta description (posts: seo_description; solutions: metadescription). */
  descriptionField: 'seo_description' | 'metadescription'
  /** Where the page lives, without the slug: /resources/blog/ or /solutions/. */
  pathPrefix: string
  /** The form's fields the page falls back to when a search field is empty. */
  fallback: { description?: string; image?: string }
  /** Folder of the media bucket that uploads go to. */
  uploadFolder: string
}

/** The company name and public origin from the root loader's data (the defaults when absent). */
function useSite(): { siteName: string; siteUrl: string } {
  // Read here, not through ~/lib/seo: importing it would pull the public pages' shared chunk apart.
  const root = useRouteLoaderData('root') as { siteUrl?: unknown; settings?: { company_name?: unknown } } | undefined
  const siteUrl = typeof root?.siteUrl === 'string' && root.siteUrl ? root.siteUrl : typeof window === 'undefined' ? '' : window.location.origin
  const siteName = typeof root?.settings?.company_name === 'string' ? root.settings.company_name : 'Ledgerfield Technologies'
  return { siteName, siteUrl }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** The words a result shows: past `max` characters it is cut with an ellipsis. */
function cut(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value
}

function counter(length: number, advice: number, fallbackName: string): string {
  return length === 0 ? `Empty: the ${fallbackName} is used` : `${length} of about ${advice} characters`
}

export function SearchFields({ form, descriptionField, pathPrefix, fallback, uploadFolder }: SearchFieldsProps) {
  const switchId = useId()
  const values = useWatch({ control: form.control })
  const site = useSite()
  const errorOf = (name: string) => {
    const message = form.formState.errors[name]?.message
    return typeof message === 'string' ? message : undefined
  }

  const seoTitle = text(values.seo_title)
  const description = text(values[descriptionField])
  const socialImage = text(values.social_image)
  const hidden = values.hide_from_search === true
  const ownDescription = descriptionField === 'seo_description'

  const shownTitle = seoTitle || `${text(values.title) || 'Untitled'} | ${site.siteName}`
  const shownDescription = description || (fallback.description ? text(values[fallback.description]) : '')
  const shownImage = socialImage || (fallback.image ? text(values[fallback.image]) : '')
  const url = `${site.siteUrl}${pathPrefix}${text(values.slug)}`

  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Search &amp; social</legend>
      <div className="@container">
        <div className="grid gap-4 @2xl:grid-cols-2">
          <div className="grid content-start gap-3">
            <Field
              label="SEO Title"
              error={errorOf('seo_title')}
              hint={counter(seoTitle.length, SEARCH_TITLE_ADVICE, 'title and company name')}
              warning={seoTitle.length > SEARCH_TITLE_ADVICE ? `Search results cut titles past about ${SEARCH_TITLE_ADVICE} characters` : null}
            >
              <input className={input} {...form.register('seo_title')} />
            </Field>
            <Field
              label="Meta Description"
              error={errorOf(descriptionField)}
              hint={
                ownDescription
                  ? counter(description.length, SEARCH_DESCRIPTION_ADVICE, 'excerpt')
                  : `${description.length} of about ${SEARCH_DESCRIPTION_ADVICE} characters`
              }
              warning={
                description.length > SEARCH_DESCRIPTION_ADVICE ? `Search results cut descriptions past about ${SEARCH_DESCRIPTION_ADVICE} characters` : null
              }
            >
              <textarea rows={3} className={input} {...form.register(descriptionField)} />
            </Field>
            <ImageField
              control={form.control}
              name="social_image"
              label="Social image"
              folder={uploadFolder}
              shape="wide"
              optional
              hint={fallback.image ? 'Empty: the featured image is used' : 'Optional: shown when the page is shared'}
            />
            <div className="flex items-start gap-2">
              <input id={switchId} type="checkbox" role="switch" className={`${checkbox} mt-0.5`} {...form.register('hide_from_search')} />
              <label htmlFor={switchId} className="text-sm text-slate-800">
                <span className="font-medium">Hide from search engines</span>
                <span className="block text-xs text-slate-500">The page stays on the site but asks not to be indexed, and leaves the sitemap.</span>
              </label>
            </div>
          </div>

          <div className="grid content-start gap-3">
            <section aria-label="Search result preview" className={`${card} p-3`}>
              <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Search result</h4>
              {hidden ? (
                <p className="text-sm text-amber-800">Hidden from search engines: this page will not appear in results.</p>
              ) : (
                <div className="grid gap-0.5">
                  <p className="truncate text-xs text-slate-600">{url}</p>
                  <p className="text-lg leading-snug text-blue-800">{cut(shownTitle, SEARCH_TITLE_ADVICE)}</p>
                  <p className="text-sm text-slate-700">{cut(shownDescription, SEARCH_DESCRIPTION_ADVICE) || 'No description yet.'}</p>
                </div>
              )}
            </section>
            <section aria-label="Social card preview" className={`${card} overflow-hidden`}>
              <h4 className="px-3 pt-3 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Social card</h4>
              {shownImage ? (
                <img src={shownImage} alt="" className="aspect-[1.91/1] w-full bg-slate-100 object-cover" />
              ) : (
                <div className="flex aspect-[1.91/1] w-full items-center justify-center gap-2 bg-slate-100 text-sm text-slate-600">
                  <ImageOff aria-hidden className="size-4" /> No image
                </div>
              )}
              <div className="grid gap-0.5 border-t border-slate-200 bg-slate-50 p-3">
                <p className="truncate text-xs text-slate-600 uppercase">{url.replace(/^https?:\/\//, '').split('/')[0]}</p>
                <p className="font-medium text-slate-900">{shownTitle}</p>
                <p className="line-clamp-2 text-sm text-slate-700">{shownDescription}</p>
              </div>
            </section>
          </div>
        </div>
      </div>
    </fieldset>
  )
}
