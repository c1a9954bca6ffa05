// The product deployed as on a hosted Supabase project: the browser talks to the Supabase APIs on
// their own origin, so CORS, the Content-Security-Policy's connect-src and img-src, and the session
// kept by supabase-js must all be right. The fixture fails a test on any console error (a CSP refusal
// is one) or failed request.
import sharp from 'sharp'
import { afterAll, describe, expect } from 'vitest'
import { test } from '../support/fixtures.ts'
import { hydrateOnGoto } from '../support/hydration.ts'
import { AdminPage, visit } from '../support/pages/admin.ts'
import { AdminBlogPage } from '../support/pages/admin-blog.ts'
import { productBackend, siteUrl } from '../support/product.ts'
import { deleteRows, deleteStoredFile, selectRows } from '../support/staff-data.ts'

const backend = productBackend()
const apiOrigin = new URL(backend.url).origin
const TITLE = `Lagos Skyline ${Date.now()}`

let slug = ''
let uploadedPath = ''

afterAll(async () => {
  if (slug) await deleteRows('blog_posts', `slug=eq.${slug}`)
  if (uploadedPath) await deleteStoredFile('media', uploadedPath)
})

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  )
}

describe('the Supabase APIs on their own origin', () => {
  test('pages allow the API origin for data and images, and the site proxies none of it', async () => {
    expect(apiOrigin).not.toBe(new URL(siteUrl).origin)
    const response = await fetch(siteUrl)
    const csp = directives(response.headers.get('content-security-policy') ?? '')
    expect(csp.get('connect-src')).toContain(apiOrigin)
    expect(csp.get('img-src')).toContain(apiOrigin)
    // The site does not forward the APIs: only the backend's own origin answers them.
    expect((await fetch(`${siteUrl}/rest/v1/solutions?select=slug`, { headers: { apikey: backend.anonKey } })).status).toBe(404)
    expect((await fetch(`${backend.url}/rest/v1/solutions?select=slug`, { headers: { apikey: backend.anonKey } })).status).toBe(200)
  })

  test('staff sign in, upload a photo for a post, and a visitor sees it from the API origin', async ({ page, browser }) => {
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/blog', 'Blog Management')
    const blog = new AdminBlogPage(page)
    await blog.startPost()
    await blog.fill({ title: TITLE, category: 'Operations', author: 'Ada Obi', featuredImage: '', excerpt: 'The city at dusk.', body: '<p>Dusk.</p>' })
    await blog.setPublished(true)
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b0653a' } })
      .jpeg()
      .toBuffer()
    const src = await blog.uploadImage({ name: 'skyline.jpg', mimeType: 'image/jpeg', buffer: photo })
    expect(new URL(src).origin).toBe(apiOrigin)
    uploadedPath = decodeURIComponent(new URL(src).pathname.replace('/storage/v1/object/public/media/', ''))
    await blog.imageUrl('Featured image', src)
    await blog.closeSettings()
    slug = await blog.slug()
    await blog.create()
    await admin.expectToast('Blog post created successfully')

    // A reload of the post's page keeps the session supabase-js stored for the API origin.
    await page.reload()
    await expect(blog.editor().getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(TITLE)

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const visitor = hydrateOnGoto(await context.newPage())
    const refused: string[] = []
    visitor.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text())
    })
    await visit(visitor, siteUrl, `/resources/blog/${slug}`)
    const featured = visitor.locator('main img[fetchpriority="high"]')
    const shown = await featured.evaluate(async (img: HTMLImageElement) => {
      await img.decode()
      return { src: img.currentSrc, width: img.naturalWidth }
    })
    expect(new URL(shown.src).origin).toBe(apiOrigin)
    expect(shown.width).toBeGreaterThan(0)
    expect(refused).toEqual([])
    await context.close()
  })

  test('a visitor sends the contact form with JavaScript and the message is stored', async ({ page }) => {
    const email = `own-origin-${Date.now()}@example.com`
    await visit(page, siteUrl, '/leads/contact')
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('First Name').fill('Ngozi')
    await form.getByLabel('Last Name').fill('Eze')
    await form.getByLabel('Email', { exact: true }).fill(email)
    await form.getByLabel('Message').fill('Tell me about core banking.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await form.getByRole('status').filter({ hasText: "Thank you! We'll be in touch shortly." }).waitFor()
    const rows = await selectRows('contact_messages', `select=first_name,message&email=eq.${encodeURIComponent(email)}`)
    expect(rows).toEqual([{ first_name: 'Ngozi', message: 'Tell me about core banking.' }])
    await deleteRows('contact_messages', `email=eq.${encodeURIComponent(email)}`)
  })
})
