// An editor's search and social fields over a page's own metadata. Kept apart from seo.ts, which
// every public page loads, so that only the pages with such fields (posts, solutions) carry it.
import type { PageMeta } from './seo'

/** What an editor may set for search engines and link previews; empty fields mean "the default". */
export interface SearchFields {
  seo_title?: string | null
  seo_description?: string | null
  social_image?: string | null
  hide_from_search?: boolean | null
}

/** A page's metadata with the editor's search and social fields laid over the defaults. */
export function withSearchFields(page: PageMeta, fields: SearchFields): PageMeta {
  const title = fields.seo_title?.trim()
  return {
    ...page,
    ...(title ? { title, exactTitle: true } : {}),
    description: fields.seo_description?.trim() || page.description,
    image: fields.social_image?.trim() || page.image,
    noIndex: page.noIndex || fields.hide_from_search === true,
  }
}
