// An article on /resources; drafts stay in the back office.
import { z } from '~/lib/schemas'
import type { Tables } from '~/lib/database.types'
import { entityMessages } from './messages'
import { requiredHtml } from './html-rules'
import { optionalUrlRule, requiredText, slugRule, urlRule } from './rules'
import { searchFieldsSchema } from './search-fields'

export type BlogPost = Tables<'blog_posts'>

/** A post's autosaved, unpublished edit: the editor's values as it last had them. */
export interface PostDraftCopy {
  values: Partial<BlogPostInput>
  savedAt: string
}

/** A post as the back office lists it: the live post and its draft copy, when it has one. */
export type EditablePost = BlogPost & { draft: PostDraftCopy | null }

export const blogPostSchema = z
  .object({
    title: requiredText('Title', 200),
    slug: slugRule,
    category: requiredText('Category', 100),
    author_name: requiredText('Author Name', 200),
    author_avatar: optionalUrlRule('Author picture'),
    featured_image: urlRule('Featured image'),
    tags: z
      .array(z.string().trim().max(100))
      .max(50, 'At most 50 tags')
      .transform((tags) => tags.filter((tag) => tag !== '')),
    // A new post starts as published, now: most posts are written to go out at once.
    published: z.boolean().default(true),
    // A time ahead schedules a published post; stored in UTC.
    publish_at: z
      .string()
      .refine((value) => !Number.isNaN(Date.parse(value)), 'Choose the date and time to publish')
      .transform((value) => new Date(value).toISOString())
      .prefault(() => new Date().toISOString()),
    excerpt: requiredText('Excerpt', 1000),
    content: requiredHtml('Content', 200000),
  })
  .extend(searchFieldsSchema.shape)

/** What the editor holds. */
export type BlogPostInput = z.input<typeof blogPostSchema>
/** The row to write. */
export type BlogPostValues = z.output<typeof blogPostSchema>

export type PostStatus = 'draft' | 'scheduled' | 'published'

/** Draft, scheduled (published with its time still ahead) or published, as visitors' access decides. */
export function postStatus(post: Pick<BlogPost, 'published' | 'publish_at'>, now: number = Date.now()): PostStatus {
  if (!post.published) return 'draft'
  return Date.parse(post.publish_at) > now ? 'scheduled' : 'published'
}

export const blogPostMessages = {
  ...entityMessages('blog post', 'blog posts', {
    confirmDelete: 'Are you sure you want to delete this blog post? This action cannot be undone.',
    empty: 'No posts found',
  }),
  published: 'Blog post published successfully',
  unpublished: 'Blog post unpublished successfully',
  draftDiscarded: 'Unpublished changes discarded',
  draftDiscardFailed: 'Failed to discard the unpublished changes',
  bulkFailed: 'Failed to change the selected blog posts',
}

export type BulkPostOperation = 'publish' | 'unpublish' | 'delete'

/** The toast after a bulk change: "2 blog posts published". */
export function bulkPostMessage(operation: BulkPostOperation, count: number): string {
  const noun = count === 1 ? 'blog post' : 'blog posts'
  const verb = operation === 'publish' ? 'published' : operation === 'unpublish' ? 'unpublished' : 'deleted'
  return `${count} ${noun} ${verb}`
}
