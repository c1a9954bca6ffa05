import { Eye, EyeOff, FileText, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { useAdminDb } from '../../components/admin-db-context'
import { PageHeader } from '../../components/page-header'
import { SearchBox } from '../../components/search-box'
import { Spinner } from '../../components/spinner'
import { badge, buttonPrimary, buttonSecondary, card, iconButton, iconButtonDanger, input } from '../../components/styles'
import { listChange } from '../../lib/list-change'
import { matches, shortDate } from '../../lib/text'
import { useAdminList } from '../../lib/use-admin-list'
import { useEditor } from '../../lib/use-editor'
import { createBlogPost, deleteBlogPost, listBlogPosts, setBlogPostPublished, updateBlogPost, type BlogPost } from '../api/blog-posts'
import type { BlogPostValues } from '../schemas'
import { PostEditor } from './post-editor'

type StatusFilter = 'all' | 'published' | 'draft'

function Summary({ label, value }: { label: string; value: number }) {
  return (
    <div className={`${card} p-3`}>
      <p className="text-xl font-semibold tabular-nums text-slate-900">{value}</p>
      <p className="text-xs text-slate-600">{label}</p>
    </div>
  )
}

export function BlogManager() {
  const db = useAdminDb()
  const list = useAdminList(listBlogPosts, 'Failed to fetch blog posts')
  const change = listChange(list.reload)
  const editor = useEditor<BlogPost>()
  const { confirm, element: confirmDialog } = useConfirm()
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<StatusFilter>('all')
  const [category, setCategory] = useState('all')

  const posts = list.data ?? []
  const categories = [...new Set(posts.map((p) => p.category))].sort((a, b) => a.localeCompare(b))
  const published = posts.filter((p) => p.published).length
  const shown = posts.filter(
    (p) =>
      matches(query, p.title, p.excerpt, p.author_name, p.category, ...p.tags) &&
      (status === 'all' || (status === 'published') === p.published) &&
      (category === 'all' || p.category === category),
  )

  const save = (values: BlogPostValues): Promise<boolean> => {
    const editing = editor.item
    return change(
      () => (editing ? updateBlogPost(db, editing.id, values) : createBlogPost(db, values)),
      editing
        ? { failure: 'Failed to update blog post', success: 'Blog post updated successfully' }
        : { failure: 'Failed to create blog post', success: 'Blog post created successfully' },
      editor.close,
    )
  }

  const toggle = async (post: BlogPost) => {
    await change(() => setBlogPostPublished(db, post.id, !post.published), {
      failure: 'Failed to update blog post',
      success: post.published ? 'Blog post unpublished successfully' : 'Blog post published successfully',
    })
  }

  const remove = async (post: BlogPost) => {
    if (!(await confirm('Are you sure you want to delete this blog post? This action cannot be undone.'))) return
    await change(() => deleteBlogPost(db, post.id), { failure: 'Failed to delete blog post', success: 'Blog post deleted successfully' })
  }

  const clearFilters = () => {
    setQuery('')
    setStatus('all')
    setCategory('all')
  }

  return (
    <>
      <PageHeader
        title="Blog Management"
        subtitle="Create, edit and publish articles"
        action={
          <button type="button" className={buttonPrimary} onClick={() => editor.start(null)}>
            <Plus aria-hidden className="size-4" /> New Post
          </button>
        }
      />
      <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Summary label="Total Posts" value={posts.length} />
        <Summary label="Published" value={published} />
        <Summary label="Drafts" value={posts.length - published} />
        <Summary label="Categories" value={categories.length} />
      </div>

      <div className={`${card} mb-4 grid gap-3 p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-start`}>
        <div className="[&>div]:mb-0 [&>div]:max-w-none">
          <SearchBox value={query} onChange={setQuery} placeholder="Search posts, authors..." />
        </div>
        <select aria-label="Status" className={input} value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
          <option value="all">All Status</option>
          <option value="published">Published</option>
          <option value="draft">Drafts</option>
        </select>
        <select aria-label="Category" className={input} value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="all">All Categories</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <button type="button" className={buttonSecondary} onClick={clearFilters}>
          Clear Filters
        </button>
      </div>

      <h2 className="mb-2 text-sm font-semibold text-slate-900">All Blog Posts ({shown.length})</h2>
      {list.loading ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center">
          <FileText aria-hidden className="mx-auto mb-2 size-8 text-slate-400" />
          <p className="text-sm font-medium text-slate-800">No posts found</p>
          <p className="mt-1 text-sm text-slate-600">
            {posts.length === 0 ? 'Get started by creating your first blog post' : 'Try adjusting your search or filter criteria'}
          </p>
          {posts.length === 0 ? (
            <button type="button" className={`${buttonPrimary} mt-4`} onClick={() => editor.start(null)}>
              <Plus aria-hidden className="size-4" /> Create First Post
            </button>
          ) : null}
        </div>
      ) : (
        <ul className="grid gap-3">
          {shown.map((post) => (
            <li key={post.id} className={`${card} flex flex-col gap-3 p-3 sm:flex-row`}>
              <img src={post.featured_image} alt="" className="h-36 w-full shrink-0 rounded bg-slate-100 object-cover sm:aspect-video sm:h-auto sm:w-44" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className={`${badge} ${post.published ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800'}`}>
                    {post.published ? 'Published' : 'Draft'}
                  </span>
                  <span className={`${badge} bg-slate-100 text-slate-700`}>{post.category}</span>
                </div>
                <h3 className="mt-1 font-medium text-slate-900">{post.title}</h3>
                <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{post.excerpt}</p>
                <p className="mt-1 text-xs text-slate-500">
                  {post.author_name} · {shortDate(post.created_at)}
                </p>
                {post.tags.length ? (
                  <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Tags">
                    {post.tags.slice(0, 3).map((tag) => (
                      <li key={tag} className={`${badge} bg-slate-100 text-slate-700`}>
                        {tag}
                      </li>
                    ))}
                    {post.tags.length > 3 ? <li className={`${badge} bg-slate-100 text-slate-700`}>+{post.tags.length - 3}</li> : null}
                  </ul>
                ) : null}
              </div>
              <div className="flex gap-1 sm:flex-col">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`${post.published ? 'Unpublish' : 'Publish'} ${post.title}`}
                  title={post.published ? 'Unpublish' : 'Publish'}
                  onClick={() => void toggle(post)}
                >
                  {post.published ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
                </button>
                <button type="button" className={iconButton} aria-label={`Edit ${post.title}`} onClick={() => editor.start(post)}>
                  <Pencil aria-hidden className="size-4" />
                </button>
                <button type="button" className={iconButtonDanger} aria-label={`Delete ${post.title}`} onClick={() => void remove(post)}>
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PostEditor key={editor.session} open={editor.open} item={editor.item} onOpenChange={(open) => !open && editor.close()} onSave={save} />
      {confirmDialog}
    </>
  )
}
