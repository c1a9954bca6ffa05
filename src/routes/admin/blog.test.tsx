// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute, type MountedRoute } from '../../../tests/helpers/admin-harness'
import * as listRoute from './blog'
import * as newRoute from './blog-new'
import * as postRoute from './blog-post'

const env = adminBackend()

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))

/** The list and the pages it opens, as the route table mounts them. */
const POST_PAGES: MountedRoute[] = [
  { pattern: '/admin/blog/new', module: newRoute },
  { pattern: '/admin/blog/:id', module: postRoute },
]

type User = ReturnType<typeof userEvent.setup>

function renderList(path = '/admin/blog') {
  renderRoute(listRoute, env.db, path, undefined, [], { beside: POST_PAGES })
}

/** The post page's form, named by its heading. */
async function postPage(heading: 'Create New Blog Post' | 'Edit Blog Post'): Promise<HTMLElement> {
  return screen.findByRole('form', { name: heading }, { timeout: 10_000 })
}

async function openNewPost(user: User) {
  // A new post typed in an earlier test is kept in this browser, and would be restored.
  localStorage.removeItem('post-autosave:new')
  renderList()
  await listLoaded()
  await user.click(screen.getByRole('link', { name: 'New Post' }))
  return postPage('Create New Blog Post')
}

async function openPost(title: string, user: User, path = '/admin/blog') {
  renderList(path)
  await user.click(await screen.findByRole('link', { name: `Edit ${title}` }))
  return postPage('Edit Blog Post')
}

/** Types an image address under "Use a URL" of an image field. */
async function typeUrl(user: User, page: HTMLElement, field: string, url: string) {
  const group = within(page).getByRole('group', { name: field })
  await user.click(within(group).getByRole('button', { name: 'Use a URL' }))
  await enterText(user, within(group).getByLabelText(`${field} URL`), url)
}

async function fillPost(user: User, page: HTMLElement, title: string) {
  const p = within(page)
  await enterText(user, p.getByLabelText('Title'), title)
  await enterText(user, p.getByLabelText('Category'), 'Engineering')
  await enterText(user, p.getByLabelText('Author Name'), 'Ada Obi')
  await typeUrl(user, page, 'Featured image', '/images/blog/ledger.svg')
  await enterText(user, p.getByLabelText('Excerpt'), 'What we learned.')
}

/** The Content field's HTML tab (the Visual tab is the default). */
async function htmlTab(user: User, page: HTMLElement) {
  await user.click(within(page).getByRole('tab', { name: 'HTML' }))
}

describe('Blog Management', () => {
  it('shows the summary cards and the list of every post, drafts included', async () => {
    renderList()
    await listLoaded()
    const { count: total } = await env.db.from('blog_posts').select('id', { count: 'exact', head: true })
    expect(screen.getByText('Total Posts').previousSibling?.textContent).toBe(String(total))
    expect(screen.getByRole('heading', { name: `All Blog Posts (${total})` })).toBeTruthy()
    expect(screen.getAllByText('Draft').length).toBeGreaterThan(0)
  })

  it('creates a draft on its own page: slug from the title, tag rules, toolbar, image upload, sanitized preview, then the post’s page', async () => {
    const user = userEvent.setup()
    const page = await openNewPost(user)
    const p = within(page)
    await fillPost(user, page, 'Ledger Design: 5 Lessons!')
    expect((p.getByLabelText('Slug') as HTMLInputElement).value).toBe('ledger-design-5-lessons')

    const tags = p.getByLabelText('Tags')
    await user.type(tags, '  ledgers  {Enter}')
    await user.type(tags, 'ledgers{Enter}')
    await user.type(tags, '   {Enter}')
    await enterText(user, tags, 'design')
    await user.click(p.getByRole('button', { name: 'Add' }))
    expect(p.getAllByRole('button', { name: /^Remove tag/ }).map((b) => b.textContent)).toEqual(['ledgers ×', 'design ×'])
    await user.click(p.getByRole('button', { name: 'Remove tag design' }))
    expect(p.queryByRole('button', { name: 'Remove tag design' })).toBeNull()

    await user.click(p.getByLabelText('Published'))
    expect(p.getByRole('tab', { name: 'Visual' }).getAttribute('aria-selected')).toBe('true')
    await htmlTab(user, page)
    const content = p.getByLabelText('Content') as HTMLTextAreaElement
    await enterText(user, content, 'Make this bold')
    content.setSelectionRange(10, 14)
    await user.click(within(p.getByRole('toolbar', { name: 'HTML formatting' })).getByRole('button', { name: 'Bold' }))
    expect(content.value).toBe('Make this <strong>bold</strong>')
    // The toolbar keeps "bold" selected (on the next frame); then the cursor goes to the end.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(content.value.slice(content.selectionStart, content.selectionEnd)).toBe('bold')
    content.setSelectionRange(content.value.length, content.value.length)
    await user.upload(
      within(p.getByRole('toolbar', { name: 'HTML formatting' })).getByLabelText('Image file'),
      new File([PNG], 'chart.png', { type: 'image/png' }),
    )
    await expectToast('Success', 'Image uploaded successfully')
    await waitFor(() =>
      expect(content.value).toMatch(/<strong>bold<\/strong><img src="http[^"]+\/storage\/v1\/object\/public\/media\/blog\/[^"]+-chart\.png" alt="chart" \/>$/),
    )
    await enterText(user, content, '<script>alert(1)</script>')
    // The length of the text follows what is typed.
    expect(p.getByText(/^4 words · 1 min read$/)).toBeTruthy()
    // The Visual tab shows the same value, and switching back changes nothing.
    await user.click(p.getByRole('tab', { name: 'Visual' }))
    const visual = await p.findByRole('textbox', { name: 'Content' })
    expect(visual.getAttribute('aria-multiline')).toBe('true')
    expect(visual.querySelector('strong')?.textContent).toBe('bold')
    await htmlTab(user, page)
    expect((p.getByLabelText('Content') as HTMLTextAreaElement).value).toMatch(/^Make this <strong>bold<\/strong><img src=.*<script>alert\(1\)<\/script>$/)

    await user.click(p.getByRole('button', { name: 'Preview' }))
    const preview = p.getByRole('article', { name: 'Preview' })
    expect(within(preview).getByRole('heading', { name: 'Ledger Design: 5 Lessons!' })).toBeTruthy()
    expect(preview.querySelector('strong')?.textContent).toBe('bold')
    expect(preview.querySelector('script')).toBeNull()
    await user.click(p.getByRole('button', { name: 'Preview' }))

    await user.click(p.getByRole('button', { name: 'Create Post' }))
    await expectToast('Success', 'Blog post created successfully')
    // The new post's own page takes the place of the new one.
    const edit = within(await postPage('Edit Blog Post'))
    expect((edit.getByLabelText('Title') as HTMLTextAreaElement).value).toBe('Ledger Design: 5 Lessons!')
    const { data } = await env.db.from('blog_posts').select('id, slug, tags, published, content').eq('slug', 'ledger-design-5-lessons').single()
    expect(data?.tags).toEqual(['ledgers'])
    expect(data?.published).toBe(false)
    expect(data?.content).toContain('<strong>bold</strong><img src="http')
    expect(data?.content).not.toContain('script')
    // Nothing of the new post is kept in this browser any longer.
    expect(localStorage.getItem('post-autosave:new')).toBeNull()
  })

  it('chooses the featured image from the media library, uploading one there, and shows it as a thumbnail', async () => {
    const user = userEvent.setup()
    const page = await openNewPost(user)
    const group = within(within(page).getByRole('group', { name: 'Featured image' }))
    await user.click(group.getByRole('button', { name: 'Choose image' }))
    const picker = within(await screen.findByRole('dialog', { name: 'Choose the featured image' }))
    // The library was read when the picker opened: the seed's images are there to choose.
    await picker.findByRole('list', { name: 'Media library' })
    await user.upload(picker.getByLabelText('Image file'), new File([PNG], 'cover.png', { type: 'image/png' }))
    await expectToast('Success', 'Image uploaded successfully')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const thumbnail = page.querySelector<HTMLImageElement>('fieldset img')
    expect(thumbnail?.getAttribute('src')).toMatch(/\/storage\/v1\/object\/public\/media\/blog\/[^/]+-cover\.png$/)
    await user.click(group.getByRole('button', { name: 'Use a URL' }))
    expect((group.getByLabelText('Featured image URL') as HTMLInputElement).value).toBe(thumbnail?.getAttribute('src'))
  })

  it('shows each rule beside its field, the image fields included, before sending anything', async () => {
    const user = userEvent.setup()
    const page = await openNewPost(user)
    const p = within(page)
    await typeUrl(user, page, 'Author picture', 'javascript:alert(1)')
    await user.click(p.getByRole('button', { name: 'Create Post' }))
    expect(await p.findByText('Title is required')).toBeTruthy()
    expect(p.getByText('Featured image is required')).toBeTruthy()
    expect(p.getByText('Author picture must start with http://, https:// or a single /')).toBeTruthy()
    expect(p.getByText('Excerpt is required')).toBeTruthy()
  })

  it('refuses a non-image upload with the spec message', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const page = await openNewPost(user)
    await htmlTab(user, page)
    await user.upload(
      within(within(page).getByRole('toolbar', { name: 'HTML formatting' })).getByLabelText('Image file'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    )
    await expectToast('Error', 'Please select an image file')
    expect((within(page).getByLabelText('Content') as HTMLTextAreaElement).value).toBe('')
  })

  it('a duplicate slug is refused: error toast, the page keeps its input', async () => {
    const user = userEvent.setup()
    const page = await openNewPost(user)
    await fillPost(user, page, 'Ledger Design 5 Lessons')
    await htmlTab(user, page)
    await enterText(user, within(page).getByLabelText('Content'), '<p>Again</p>')
    await user.click(within(page).getByRole('button', { name: 'Create Post' }))
    await expectToast('Error', 'Failed to create blog post')
    expect((within(await postPage('Create New Blog Post')).getByLabelText('Slug') as HTMLInputElement).value).toBe('ledger-design-5-lessons')
  })

  it('Ctrl+S saves the post from anywhere on its page, which stays open on the saved post', async () => {
    const user = userEvent.setup()
    const page = await openPost('Ledger Design: 5 Lessons!', user)
    await enterText(user, within(page).getByLabelText('Excerpt'), ' Saved with the keyboard.')
    await user.keyboard('{Control>}s{/Control}')
    await expectToast('Success', 'Blog post updated successfully')
    expect((await env.db.from('blog_posts').select('excerpt').eq('slug', 'ledger-design-5-lessons').single()).data?.excerpt).toBe(
      'What we learned. Saved with the keyboard.',
    )
    // A second save names the version the first one made: no conflict with one's own save.
    await enterText(user, within(page).getByLabelText('Excerpt'), ' Twice.')
    await user.keyboard('{Control>}s{/Control}')
    await expect
      .poll(async () => (await env.db.from('blog_posts').select('excerpt').eq('slug', 'ledger-design-5-lessons').single()).data?.excerpt)
      .toBe('What we learned. Saved with the keyboard. Twice.')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('"Blog posts" goes back to the list with its search and filters as they were left', async () => {
    const user = userEvent.setup()
    const page = await openPost('Ledger Design: 5 Lessons!', user, '/admin/blog?status=draft&q=Ledger')
    await user.click(within(page).getByRole('link', { name: 'Blog posts' }))
    await screen.findByRole('heading', { level: 1, name: 'Blog Management' })
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Ledger')
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('draft')
  })

  it('leaving a post’s page for another screen sends what its autosave still held', async () => {
    const { data: post } = await env.db.from('blog_posts').select('id, excerpt').eq('slug', 'ledger-design-5-lessons').single()
    const user = userEvent.setup()
    const page = await openPost('Ledger Design: 5 Lessons!', user)
    await enterText(user, within(page).getByLabelText('Excerpt'), ' Typed, then left at once.')
    await user.click(within(page).getByRole('link', { name: 'Blog posts' }))
    await screen.findByRole('heading', { level: 1, name: 'Blog Management' })
    await expect
      .poll(async () => {
        const { data } = await env.db.from('content_drafts').select('change').eq('id', post!.id).maybeSingle()
        return (data?.change as { excerpt?: string } | undefined)?.excerpt
      })
      .toBe(`${post!.excerpt} Typed, then left at once.`)
  })

  it('publishes and unpublishes, filters, and deletes after the confirmation', async () => {
    const user = userEvent.setup()
    renderList()
    await listLoaded()
    await user.click(screen.getByRole('button', { name: 'Publish Ledger Design: 5 Lessons!' }))
    await expectToast('Success', 'Blog post published successfully')
    expect((await env.db.from('blog_posts').select('published').eq('slug', 'ledger-design-5-lessons').single()).data?.published).toBe(true)
    await user.click(await screen.findByRole('button', { name: 'Unpublish Ledger Design: 5 Lessons!' }))
    await expectToast('Success', 'Blog post unpublished successfully')
    expect((await env.db.from('blog_posts').select('published').eq('slug', 'ledger-design-5-lessons').single()).data?.published).toBe(false)

    await enterText(user, await screen.findByRole('searchbox'), 'no such post anywhere')
    expect(screen.getByText('No posts found')).toBeTruthy()
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }))

    await user.click(screen.getByRole('button', { name: 'Delete Ledger Design: 5 Lessons!' }))
    const question = await screen.findByRole('alertdialog')
    within(question).getByText('Are you sure you want to delete this blog post? This action cannot be undone.')
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await expectToast('Success', 'Blog post deleted successfully')
    expect((await env.db.from('blog_posts').select('id').eq('slug', 'ledger-design-5-lessons')).data).toEqual([])
  })

  it('keeps what is typed on a post’s page in this browser: a person sent to sign in finds it again, and Discard forgets it', async () => {
    const { data: posts } = await env.db.from('blog_posts').select('title, excerpt').eq('published', true).order('title').limit(1)
    const post = posts![0]
    const typed = ' Typed before the session ran out.'
    const user = userEvent.setup()

    let page = within(await openPost(post.title, user))
    await enterText(user, page.getByLabelText('Excerpt'), typed)
    // Sent to the sign-in page before the autosave ran: the page goes, the post was never saved.
    cleanup()
    const tabStorage = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.getItem(sessionStorage.key(i)!) ?? '')
    expect(tabStorage.filter((value) => value.includes(typed))).toEqual([])

    page = within(await openPost(post.title, user))
    expect((page.getByLabelText('Excerpt') as HTMLTextAreaElement).value).toBe(post.excerpt + typed)
    await user.click(page.getByRole('button', { name: 'Discard changes' }))
    await waitFor(() => expect((page.getByLabelText('Excerpt') as HTMLTextAreaElement).value).toBe(post.excerpt))
    cleanup()

    page = within(await openPost(post.title, user))
    expect((page.getByLabelText('Excerpt') as HTMLTextAreaElement).value).toBe(post.excerpt)
  })

  it('opens a post by its address, and says so when there is no such post', async () => {
    const { data: post } = await env.db.from('blog_posts').select('id, title').limit(1).single()
    renderRoute(postRoute, env.db, `/admin/blog/${post!.id}`, undefined, [], { pattern: '/admin/blog/:id' })
    const page = within(await postPage('Edit Blog Post'))
    expect((page.getByLabelText('Title') as HTMLTextAreaElement).value).toBe(post!.title)
    cleanup()
    renderRoute(postRoute, env.db, '/admin/blog/00000000-0000-4000-8000-000000000000', undefined, [], { pattern: '/admin/blog/:id' })
    expect(await screen.findByText('This post does not exist, or was deleted')).toBeTruthy()
  })

  it('takes its search and filters from the URL, so a reload or a shared link shows the same list', async () => {
    const { data: drafts } = await env.db.from('blog_posts').select('title, category').eq('published', false)
    const draft = drafts![0]
    renderList(`/admin/blog?status=draft&category=${encodeURIComponent(draft.category)}&q=${encodeURIComponent(draft.title)}`)
    await listLoaded()
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe(draft.title)
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('draft')
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(draft.category)
    expect(screen.getByRole('heading', { name: draft.title })).toBeTruthy()
    expect(screen.queryAllByText('Published', { selector: 'span' })).toEqual([])
  })
})
