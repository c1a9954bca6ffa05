// The search and social fields a post or a solution may set; each empty one falls back to the page's
// own title, description or image. The lengths are the database's limits; the advice is shorter.
import { z } from '~/lib/schemas'
import { blankToNull, optionalText, optionalUrlRule } from './rules'

/** About what a search result shows before it cuts a title or a description. */
export const SEARCH_TITLE_ADVICE = 60
export const SEARCH_DESCRIPTION_ADVICE = 160

export const searchFieldsSchema = z.object({
  seo_title: optionalText('SEO Title', 200),
  seo_description: optionalText('Meta Description', 500),
  social_image: optionalUrlRule('Social Image URL'),
  hide_from_search: z.boolean(),
})

export type SearchFieldValues = z.infer<typeof searchFieldsSchema>

/** The form's values of a row's fields (null reads as empty). */
export function searchFieldValues(row: Partial<Record<keyof SearchFieldValues, string | boolean | null>> | null): SearchFieldValues {
  return {
    seo_title: typeof row?.seo_title === 'string' ? row.seo_title : '',
    seo_description: typeof row?.seo_description === 'string' ? row.seo_description : '',
    social_image: typeof row?.social_image === 'string' ? row.social_image : '',
    hide_from_search: row?.hide_from_search === true,
  }
}

/** The columns to write: an empty field is stored as null, meaning "use the default". */
export function searchFieldColumns(values: SearchFieldValues) {
  return {
    seo_title: blankToNull(values.seo_title),
    seo_description: blankToNull(values.seo_description),
    social_image: blankToNull(values.social_image),
    hide_from_search: values.hide_from_search,
  }
}
