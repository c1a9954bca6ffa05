// A post page's metadata: the article's own fields, then the editor's search and social fields.
import type { Tables } from '~/lib/database.types'
import { articleLd, breadcrumbLd, type PageMeta, type SiteContext } from '~/lib/seo'
import { withSearchFields } from '~/lib/seo-fields'

type MetaPost = Pick<
  Tables<'blog_posts'>,
  | 'slug'
  | 'title'
  | 'excerpt'
  | 'featured_image'
  | 'author_name'
  | 'category'
  | 'publish_at'
  | 'updated_at'
  | 'seo_title'
  | 'seo_description'
  | 'social_image'
  | 'hide_from_search'
>

/** A post edited before it went live was last modified when it went live. */
function modifiedAt(post: { publish_at: string; updated_at: string }): string {
  return Date.parse(post.updated_at) > Date.parse(post.publish_at) ? post.updated_at : post.publish_at
}

export function postMeta(site: SiteContext, post: MetaPost): PageMeta {
  const path = `/resources/blog/${post.slug}`
  return withSearchFields(
    {
      title: post.title,
      description: post.excerpt,
      path,
      type: 'article',
      image: post.featured_image,
      article: { publishedTime: post.publish_at, modifiedTime: modifiedAt(post), author: post.author_name, section: post.category },
      jsonLd: [
        articleLd(site, {
          title: post.title,
          description: post.excerpt,
          path,
          image: post.featured_image,
          author: post.author_name,
          published: post.publish_at,
          modified: modifiedAt(post),
        }),
        breadcrumbLd(site, [
          { name: 'Home', path: '/' },
          { name: 'Editorial', path: '/resources' },
          { name: post.title, path },
        ]),
      ],
    },
    post,
  )
}
