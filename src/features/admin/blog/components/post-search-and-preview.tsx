// The post editor's last panels: its search and social fields, and (for a saved post) its preview links.
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { BlogPost, BlogPostInput } from '~/entities/blog-post'
import { SearchFields } from '../../components/search-fields'
import { PreviewLinks } from './preview-links'

export function PostSearchAndPreview({ form, item }: { form: UseFormReturn<BlogPostInput>; item: BlogPost | null }) {
  return (
    <>
      <SearchFields
        form={form as unknown as UseFormReturn<FieldValues>}
        descriptionField="seo_description"
        pathPrefix="/resources/blog/"
        fallback={{ description: 'excerpt', image: 'featured_image' }}
        uploadFolder="blog"
      />
      {item ? <PreviewLinks post={item} /> : null}
    </>
  )
}
