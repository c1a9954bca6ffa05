// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '~/lib/supabase'
import { adminBackend, enterText, expectToast, listLoaded, renderRoute, serviceDb, signedInStaff } from '../../../tests/helpers/admin-harness'
import * as activityRoute from './activity'
import * as blogRoute from './blog'
import * as screenRoute from './reviews'
import * as solutionRoute from './solution'

const env = adminBackend()
let editor: Db
let reviewer: Db

async function draftPost(db: Db, slug: string, title: string): Promise<string> {
  const { data, error } = await db
    .from('blog_posts')
    .insert({
      slug,
      title,
      excerpt: 'Rates for savers',
      content: '<p>Earn 5% a year.</p>',
      category: 'News',
      featured_image: '/images/x.png',
      author_name: 'Ed',
      published: false,
      publish_at: new Date().toISOString(),
    })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return data.id
}

async function askForReview(db: Db, id: string): Promise<void> {
  const { error } = await db.rpc('request_review', { kind: 'post', id, note: 'Ready for sign-off' })
  if (error) throw new Error(error.message)
}

async function postState(id: string) {
  const { data } = await serviceDb(env.backend).from('blog_posts').select('published').eq('id', id).single()
  const { data: reviews } = await serviceDb(env.backend)
    .from('content_reviews')
    .select('state, decision_note')
    .eq('item_id', id)
    .order('requested_at', { ascending: false })
  return { published: data?.published, review: reviews?.[0] }
}

beforeAll(async () => {
  const service = serviceDb(env.backend)
  const { error } = await service.from('site_settings').update({ value: 'true' }).eq('key', 'content_requires_approval')
  if (error) throw new Error(error.message)
  editor = await signedInStaff(env.backend, 'editor')
  reviewer = await signedInStaff(env.backend, 'compliance')
})

describe('Reviews queue', () => {
  it('requests changes with a note, and the post stays unpublished', async () => {
    const id = await draftPost(editor, 'review-rejected', 'Savings claim')
    await askForReview(editor, id)
    const user = userEvent.setup()
    renderRoute(screenRoute, reviewer, '/admin/reviews')
    await listLoaded()
    const item = (await screen.findByRole('heading', { name: 'Savings claim' })).closest('li')!
    expect(within(item).getByText('Not yet live')).toBeTruthy()
    expect(within(item).getByText(/Asked by/)).toBeTruthy()
    expect(within(item).getByText('“Ready for sign-off”')).toBeTruthy()
    expect(within(item).getByRole('region', { name: 'title' }).textContent).toContain('Savings claim')

    await user.click(within(item).getByRole('button', { name: 'Request changes to Savings claim' }))
    expect(within(item).getByText('Say what needs to change: a rejection needs a note.')).toBeTruthy()
    await enterText(user, within(item).getByLabelText('Note to the author'), 'Name the rate as an APR')
    await user.click(within(item).getByRole('button', { name: 'Request changes to Savings claim' }))
    await expectToast('Success', 'Changes requested: the author has been e-mailed')
    expect(await postState(id)).toEqual({ published: false, review: { state: 'rejected', decision_note: 'Name the rate as an APR' } })
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Savings claim' })).toBeNull(), { timeout: 10_000 })
  })

  it('shows the database refusal when the reviewer made the last change, and another reviewer approves', async () => {
    const id = await draftPost(env.db, 'review-approved', 'Loan rates')
    await askForReview(editor, id)
    const user = userEvent.setup()
    const first = renderRoute(screenRoute, env.db, '/admin/reviews')
    await listLoaded()
    await user.click(await screen.findByRole('button', { name: 'Approve Loan rates' }))
    await expectToast('Error', 'Failed to record the decision: You made the last change to this version: another reviewer must approve it.')
    expect((await postState(id)).published).toBe(false)
    first.unmount()

    renderRoute(screenRoute, reviewer, '/admin/reviews')
    await listLoaded()
    await user.click(await screen.findByRole('button', { name: 'Approve Loan rates' }))
    await expectToast('Success', 'Approved: the approved version is now published')
    expect(await postState(id)).toEqual({ published: true, review: { state: 'approved', decision_note: null } })
    expect(await screen.findByText('Nothing waits for review')).toBeTruthy()
  })

  it('refuses to approve a version the reviewer did not see, and shows the new one', async () => {
    const id = await draftPost(editor, 'review-stale', 'Savings rates')
    await askForReview(editor, id)
    const user = userEvent.setup()
    renderRoute(screenRoute, reviewer, '/admin/reviews')
    await listLoaded()
    const approve = await screen.findByRole('button', { name: 'Approve Savings rates' })
    // While the card shows the first version, the editor changes the text and asks again.
    const { error } = await editor.from('blog_posts').update({ title: 'Guaranteed 35% returns' }).eq('id', id)
    if (error) throw new Error(error.message)
    await askForReview(editor, id)

    await user.click(approve)
    await expectToast('Error', 'This changed after you opened it; review the new version')
    expect(await postState(id)).toEqual({ published: false, review: { state: 'pending', decision_note: null } })
    expect(await screen.findByRole('heading', { name: 'Guaranteed 35% returns' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Savings rates' })).toBeNull()
  })

  it("tells an editor who publishes without an approval what to do, in the database's words", async () => {
    const id = await draftPost(editor, 'review-needed-first', 'Deposit bonus')
    const user = userEvent.setup()
    renderRoute(blogRoute, editor, '/admin/blog')
    await listLoaded()
    await user.click(await screen.findByRole('button', { name: 'Publish Deposit bonus' }))
    await expectToast('Error', 'Publishing needs approval: save it unpublished and ask for a review; it goes live when a reviewer approves it.')
    expect((await postState(id)).published).toBe(false)
  })

  it('lets a reviewer open a post that waits for review as visitors will see it, through a preview link', async () => {
    const id = await draftPost(editor, 'review-preview', 'Card rates')
    await askForReview(editor, id)
    const user = userEvent.setup()
    renderRoute(screenRoute, reviewer, '/admin/reviews')
    await listLoaded()
    await user.click(await screen.findByRole('button', { name: 'Preview Card rates' }))
    await expectToast('Success', 'Preview link created')
    const link = await screen.findByRole('link', { name: 'Open the preview of Card rates' })
    const token = link.getAttribute('href')?.split('/preview/')[1] ?? ''
    const { data } = await serviceDb(env.backend).rpc('post_preview', { token })
    expect(data).toEqual([expect.objectContaining({ title: 'Card rates' })])
    // The editor's list of the post's links does not show the reviewer's.
    const { data: links } = await editor.from('post_previews').select('id').eq('post_id', id)
    expect(links).toEqual([])
  })

  it("opens a live solution's page on its waiting draft copy, while visitors keep the approved text", async () => {
    const service = serviceDb(env.backend)
    const { data: live } = await service.from('solutions').select('id, title, shortdescription').eq('published', true).limit(1).single()
    if (!live) throw new Error('the seed has no live solution')
    const user = userEvent.setup()
    const openPage = async () => {
      renderRoute(solutionRoute, editor, `/admin/solutions/${live.id}`, undefined, [], { pattern: '/admin/solutions/:id' })
      return within(await screen.findByRole('form', { name: 'Edit Solution' }, { timeout: 10_000 }))
    }
    let page = await openPage()
    const field = page.getByLabelText('Short Description')
    await user.clear(field)
    await enterText(user, field, 'Waiting for sign-off.')
    await user.click(page.getByRole('button', { name: 'Update Solution' }))
    await expectToast('Success', 'Saved: request a review to publish it')
    expect((await service.from('solutions').select('shortdescription').eq('id', live.id).single()).data?.shortdescription).toBe(live.shortdescription)
    cleanup()

    page = await openPage()
    expect((page.getByLabelText('Short Description') as HTMLTextAreaElement).value).toBe('Waiting for sign-off.')
  })

  it('shows the decisions in the activity log with their fingerprints', async () => {
    renderRoute(activityRoute, env.db, '/admin/activity')
    await listLoaded()
    expect((await screen.findAllByText(/approved/)).length).toBeGreaterThan(0)
    expect(screen.getAllByText('fingerprint').length).toBeGreaterThan(0)
  })
})
