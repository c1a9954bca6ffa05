// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute } from '../../../tests/helpers/admin-harness'
import * as screenRoute from './blog'

const env = adminBackend()

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))

async function openNewPost(user: ReturnType<typeof userEvent.setup>) {
  renderRoute(screenRoute, env.db, '/admin/blog')
  await listLoaded()
  await user.click(screen.getByRole('button', { name: 'New Post' }))
  return screen.findByRole('dialog', { name: 'Create New Blog Post' })
}

async function fillPost(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, title: string) {
  const d = within(dialog)
  await enterText(user, d.getByLabelText('Title'), title)
  await enterText(user, d.getByLabelText('Category'), 'Engineering')
  await enterText(user, d.getByLabelText('Author Name'), 'Ada Obi')
  await enterText(user, d.getByLabelText('Featured Image URL'), '/images/blog/ledger.svg')
  await enterText(user, d.getByLabelText('Excerpt'), 'What we learned.')
}

/** The Content field's HTML tab (the Visual tab is the default). */
async function htmlTab(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('tab', { name: 'HTML' }))
}

describe('Blog Management', () => {
  it('shows the summary cards and the list of every post, drafts included', async () => {
    renderRoute(screenRoute, env.db, '/admin/blog')
    await listLoaded()
    const { count: total } = await env.db.from('blog_posts').select('id', { count: 'exact', head: true })
    expect(screen.getByText('Total Posts').previousSibling?.textContent).toBe(String(total))
    expect(screen.getByRole('heading', { name: `All Blog Posts (${total})` })).toBeTruthy()
    expect(screen.getAllByText('Draft').length).toBeGreaterThan(0)
  })

  it('creates a draft: slug from the title, tag rules, toolbar, image upload, sanitized preview and save', async () => {
    const user = userEvent.setup()
    const dialog = await openNewPost(user)
    const d = within(dialog)
    await fillPost(user, dialog, 'Ledger Design: 5 Lessons!')
    expect((d.getByLabelText('Slug') as HTMLInputElement).value).toBe('ledger-design-5-lessons')

    const tags = d.getByLabelText('Tags')
    await user.type(tags, '  ledgers  {Enter}')
    await user.type(tags, 'ledgers{Enter}')
    await user.type(tags, '   {Enter}')
    await enterText(user, tags, 'design')
    await user.click(d.getByRole('button', { name: 'Add' }))
    expect(d.getAllByRole('button', { name: /^Remove tag/ }).map((b) => b.textContent)).toEqual(['ledgers ×', 'design ×'])
    await user.click(d.getByRole('button', { name: 'Remove tag design' }))
    expect(d.queryByRole('button', { name: 'Remove tag design' })).toBeNull()

    await user.click(d.getByLabelText('Published'))
    expect(d.getByRole('tab', { name: 'Visual' }).getAttribute('aria-selected')).toBe('true')
    await htmlTab(user, dialog)
    const content = d.getByLabelText('Content') as HTMLTextAreaElement
    await enterText(user, content, 'Make this bold')
    content.setSelectionRange(10, 14)
    await user.click(d.getByRole('button', { name: 'Bold' }))
    expect(content.value).toBe('Make this <strong>bold</strong>')
    // The toolbar keeps "bold" selected (on the next frame); then the cursor goes to the end.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(content.value.slice(content.selectionStart, content.selectionEnd)).toBe('bold')
    content.setSelectionRange(content.value.length, content.value.length)
    await user.upload(d.getByLabelText('Image file'), new File([PNG], 'chart.png', { type: 'image/png' }))
    await expectToast('Success', 'Image uploaded successfully')
    await waitFor(() =>
      expect(content.value).toMatch(/<strong>bold<\/strong><img src="http[^"]+\/storage\/v1\/object\/public\/media\/blog\/[^"]+-chart\.png" alt="chart" \/>$/),
    )
    await enterText(user, content, '<script>alert(1)</script>')
    // The Visual tab shows the same value, and switching back changes nothing.
    await user.click(d.getByRole('tab', { name: 'Visual' }))
    const visual = await d.findByRole('textbox', { name: 'Content' })
    expect(visual.getAttribute('aria-multiline')).toBe('true')
    expect(visual.querySelector('strong')?.textContent).toBe('bold')
    await htmlTab(user, dialog)
    expect((d.getByLabelText('Content') as HTMLTextAreaElement).value).toMatch(/^Make this <strong>bold<\/strong><img src=.*<script>alert\(1\)<\/script>$/)

    await user.click(d.getByRole('button', { name: 'Preview' }))
    const preview = d.getByRole('article', { name: 'Preview' })
    expect(within(preview).getByRole('heading', { name: 'Ledger Design: 5 Lessons!' })).toBeTruthy()
    expect(preview.querySelector('strong')?.textContent).toBe('bold')
    expect(preview.querySelector('script')).toBeNull()
    await user.click(d.getByRole('button', { name: 'Edit' }))

    await user.click(d.getByRole('button', { name: 'Create Post' }))
    await expectToast('Success', 'Blog post created successfully')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const { data } = await env.db.from('blog_posts').select('slug, tags, published, content').eq('slug', 'ledger-design-5-lessons').single()
    expect(data?.tags).toEqual(['ledgers'])
    expect(data?.published).toBe(false)
    expect(data?.content).toContain('<strong>bold</strong><img src="http')
    expect(data?.content).not.toContain('script')
  })

  it('refuses a non-image upload with the spec message', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const dialog = await openNewPost(user)
    await htmlTab(user, dialog)
    await user.upload(within(dialog).getByLabelText('Image file'), new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    await expectToast('Error', 'Please select an image file')
    expect((within(dialog).getByLabelText('Content') as HTMLTextAreaElement).value).toBe('')
  })

  it('a duplicate slug is refused: error toast, dialog still open with its input', async () => {
    const user = userEvent.setup()
    const dialog = await openNewPost(user)
    await fillPost(user, dialog, 'Ledger Design 5 Lessons')
    await htmlTab(user, dialog)
    await enterText(user, within(dialog).getByLabelText('Content'), '<p>Again</p>')
    await user.click(within(dialog).getByRole('button', { name: 'Create Post' }))
    await expectToast('Error', 'Failed to create blog post')
    expect((within(screen.getByRole('dialog', { name: 'Create New Blog Post' })).getByLabelText('Slug') as HTMLInputElement).value).toBe(
      'ledger-design-5-lessons',
    )
  })

  it('publishes and unpublishes, filters, and deletes after the confirmation', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/blog')
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

  it('keeps what is typed in the post editor in this browser: a person sent to sign in finds it again, and Discard forgets it', async () => {
    const { data: posts } = await env.db.from('blog_posts').select('title, excerpt').eq('published', true).order('title').limit(1)
    const post = posts![0]
    const typed = ' Typed before the session ran out.'
    const user = userEvent.setup()
    const openPost = async () => {
      renderRoute(screenRoute, env.db, '/admin/blog')
      await user.click(await screen.findByRole('button', { name: `Edit ${post.title}` }))
      return within(await screen.findByRole('dialog', { name: 'Edit Blog Post' }))
    }

    let editor = await openPost()
    await enterText(user, editor.getByLabelText('Excerpt'), typed)
    // Sent to the sign-in page before the autosave ran: the page goes, the dialog never closed.
    cleanup()
    const tabStorage = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.getItem(sessionStorage.key(i)!) ?? '')
    expect(tabStorage.filter((value) => value.includes(typed))).toEqual([])

    editor = await openPost()
    expect((editor.getByLabelText('Excerpt') as HTMLTextAreaElement).value).toBe(post.excerpt + typed)
    await user.click(editor.getByRole('button', { name: 'Discard changes' }))
    await waitFor(() => expect((editor.getByLabelText('Excerpt') as HTMLTextAreaElement).value).toBe(post.excerpt))
    await user.click(editor.getByRole('button', { name: 'Cancel' }))
    cleanup()

    editor = await openPost()
    expect((editor.getByLabelText('Excerpt') as HTMLTextAreaElement).value).toBe(post.excerpt)
  })

  it('takes its search and filters from the URL, so a reload or a shared link shows the same list', async () => {
    const { data: drafts } = await env.db.from('blog_posts').select('title, category').eq('published', false)
    const draft = drafts![0]
    renderRoute(screenRoute, env.db, `/admin/blog?status=draft&category=${encodeURIComponent(draft.category)}&q=${encodeURIComponent(draft.title)}`)
    await listLoaded()
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe(draft.title)
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('draft')
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(draft.category)
    expect(screen.getByRole('heading', { name: draft.title })).toBeTruthy()
    expect(screen.queryAllByText('Published', { selector: 'span' })).toEqual([])
  })
})
