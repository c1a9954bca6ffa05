// The search and social fields a post or a solution may set; each empty one falls back to the page's
// own title, description or image. The lengths are the database's limits; the advice is shorter.
import { z } from '~/lib/schemas'
import { optionalText, optionalUrlRule } from './rules'

/** About what a search result shows before it cuts a title or a description. */
export const SEARCH_TITLE_ADVICE = 60
export const SEARCH_DESCRIPTION_ADVICE = 160

// An empty field is stored as null, meaning "use the page's own".
export const searchFieldsSchema = z.object({
  seo_title: optionalText('SEO Title', 200),
  seo_description: optionalText('Meta Description', 500),
  social_image: optionalUrlRule('Social image'),
  hide_from_search: z.boolean(),
})
