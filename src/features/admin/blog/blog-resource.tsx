// The Blog Management screen: summary figures, search with status and category filters, the posts
// with publish/unpublish; each post is written on its own page (/admin/blog/{id}, /admin/blog/new).
import { FileText, Plus } from 'lucide-react'
import { blogPostMessages, postStatus, type BlogPost, type BlogPostInput, type BlogPostValues, type EditablePost, type PostStatus } from '~/entities/blog-post'
import type { EmptyProps, ResourceDescription } from '../components/resource-screen'
import { ToggleButton } from '../components/item-parts'
import { badge, buttonPrimary, card } from '../components/styles'
import { useFormatTime, useNow } from '../lib/time-zone'
import { AddToRelease, RequestReviewButton, ReviewBadge } from '../reviews/components/review-state'

function categoriesOf(posts: BlogPost[]): string[] {
  return [...new Set(posts.map((p) => p.category))].sort((a, b) => a.localeCompare(b))
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className={`${card} p-3`}>
      <p className="text-xl font-semibold tabular-nums text-slate-900">{value}</p>
      <p className="text-xs text-slate-600">{label}</p>
    </div>
  )
}

function Summary({ all }: { all: BlogPost[] }) {
  const count = (status: PostStatus) => all.filter((p) => postStatus(p) === status).length
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Figure label="Total Posts" value={all.length} />
      <Figure label="Published" value={count('published')} />
      <Figure label="Scheduled" value={count('scheduled')} />
      <Figure label="Drafts" value={count('draft')} />
      <Figure label="Categories" value={categoriesOf(all).length} />
    </div>
  )
}

const STATUS_BADGE: Record<PostStatus, string> = {
  published: 'bg-emerald-50 text-emerald-800',
  scheduled: 'bg-sky-50 text-sky-900',
  draft: 'bg-amber-50 text-amber-800',
}

function StatusBadge({ post }: { post: BlogPost }) {
  const formatTime = useFormatTime()
  const status = postStatus(post, useNow())
  const label = status === 'scheduled' ? `Scheduled for ${formatTime(post.publish_at)}` : status === 'published' ? 'Published' : 'Draft'
  return <span className={`${badge} ${STATUS_BADGE[status]}`}>{label}</span>
}

/** A draft published from the list goes live now, or at its scheduled time when that is still ahead. */
function publishTime(post: BlogPost): string {
  return postStatus({ ...post, published: true }) === 'scheduled' ? post.publish_at : new Date().toISOString()
}

function Empty({ all, onAdd }: EmptyProps<EditablePost>) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center">
      <FileText aria-hidden className="mx-auto mb-2 size-8 text-slate-400" />
      <p className="text-sm font-medium text-slate-800">{blogPostMessages.empty}</p>
      <p className="mt-1 text-sm text-slate-600">
        {all.length === 0 ? 'Get started by creating your first blog post' : 'Try adjusting your search or filter criteria'}
      </p>
      {all.length === 0 ? (
        <button type="button" className={`${buttonPrimary} mt-4`} onClick={onAdd}>
          <Plus aria-hidden className="size-4" /> Create First Post
        </button>
      ) : null}
    </div>
  )
}

const postsNoun = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`

export const blogResource: ResourceDescription<EditablePost, BlogPostInput, BlogPostValues> = {
  title: 'Blog Management',
  subtitle: 'Create, edit and publish articles',
  addLabel: 'New Post',
  messages: blogPostMessages,
  label: (post) => post.title,
  search: { placeholder: 'Search posts, authors...', text: (p) => [p.title, p.excerpt, p.author_name, p.category, ...p.tags] },
  filters: [
    {
      name: 'status',
      label: 'Status',
      options: () => [
        { value: '', label: 'All Status' },
        { value: 'published', label: 'Published' },
        { value: 'scheduled', label: 'Scheduled' },
        { value: 'draft', label: 'Drafts' },
      ],
      test: (post, status) => postStatus(post) === status,
    },
    {
      name: 'category',
      label: 'Category',
      options: (posts) => [{ value: '', label: 'All Categories' }, ...categoriesOf(posts).map((c) => ({ value: c, label: c }))],
      test: (post, category) => post.category === category,
    },
  ],
  Summary,
  listHeading: (shown) => `All Blog Posts (${shown})`,
  listClass: 'grid gap-3',
  Empty,
  Item: ({ row: post, controls }) => {
    const formatTime = useFormatTime()
    return (
      <li className={`${card} flex flex-col gap-3 p-3 sm:flex-row`}>
        <div className="flex items-start sm:pt-1">{controls.select}</div>
        <img src={post.featured_image} alt="" className="h-36 w-full shrink-0 rounded bg-slate-100 object-cover sm:aspect-video sm:h-auto sm:w-44" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <StatusBadge post={post} />
            <span className={`${badge} bg-slate-100 text-slate-700`}>{post.category}</span>
            {post.draft ? <span className={`${badge} bg-violet-50 text-violet-800`}>Unpublished changes</span> : null}
            <ReviewBadge id={post.id} />
          </div>
          <h3 className="mt-1 font-medium text-slate-900">{post.title}</h3>
          <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{post.excerpt}</p>
          <p className="mt-1 text-xs text-slate-500">
            {post.author_name} · {formatTime(post.publish_at, 'date')}
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
          <ToggleButton
            on={post.published}
            labels={{ on: 'Publish', off: 'Unpublish' }}
            name={post.title}
            onClick={() => controls.run({ intent: 'publish', id: post.id, published: !post.published, publishAt: publishTime(post) })}
          />
          <RequestReviewButton kind="post" id={post.id} name={post.title} run={controls.run} />
          <AddToRelease kind="post" id={post.id} name={post.title} live={post.published} run={controls.run} />
          {controls.history}
          {controls.edit}
          {controls.remove}
        </div>
      </li>
    )
  },
  page: (post) => (post ? `/admin/blog/${post.id}` : '/admin/blog/new'),
  versions: 'blog_posts',
  bulk: {
    noun: postsNoun,
    actions: [
      {
        operation: 'publish',
        label: 'Publish',
        confirm: (n) => ({ question: `Publish ${postsNoun(n)}? Drafts go live now, or at their scheduled time.`, confirmLabel: 'Publish' }),
      },
      {
        operation: 'unpublish',
        label: 'Unpublish',
        confirm: (n) => ({ question: `Unpublish ${postsNoun(n)}? Visitors no longer see them.`, confirmLabel: 'Unpublish' }),
      },
      {
        operation: 'delete',
        label: 'Delete',
        danger: true,
        confirm: (n) => ({ question: `Delete ${postsNoun(n)}? They can be brought back from Recently deleted for a while.`, confirmLabel: 'Delete' }),
      },
    ],
  },
}
