import type { Locator, Page } from 'playwright-core'
import { closeSettings, openSettings } from './editor-settings.ts'

/** /admin/blog and a post's own page (/admin/blog/new, /admin/blog/{id}). */
export class AdminBlogPage {
  constructor(private readonly page: Page) {}

  /** The post's page: its writing column, and (on a wide screen) its settings panel. */
  editor(): Locator {
    return this.page.getByRole('form', { name: /^(Create New|Edit) Blog Post$/ })
  }

  /** From the list, "New Post" opens /admin/blog/new. */
  async startPost(): Promise<void> {
    await this.page.getByRole('link', { name: 'New Post' }).click()
    await this.page.getByRole('form', { name: 'Create New Blog Post' }).waitFor()
  }

  /** From the list, a post's Edit opens its page. */
  async openPost(title: string): Promise<void> {
    await this.page.getByRole('link', { name: `Edit ${title}` }).click()
    await this.page.getByRole('form', { name: 'Edit Blog Post' }).waitFor()
  }

  /** The post's settings: the side panel on a wide screen; on a phone the sheet "Post settings" opens. */
  settings(): Promise<Locator> {
    return openSettings(this.page, this.editor(), 'Post settings')
  }

  /** Closes the settings sheet on a phone (the panel of a wide screen stays). */
  closeSettings(): Promise<void> {
    return closeSettings(this.page, 'Post settings')
  }

  /** Types an image's address under "Use a URL" of an image field in the settings. */
  async imageUrl(field: 'Featured image' | 'Author picture', url: string): Promise<void> {
    const group = (await this.settings()).getByRole('group', { name: field })
    const typed = group.getByLabel(`${field} URL`)
    if (!(await typed.isVisible())) await group.getByRole('button', { name: 'Use a URL' }).click()
    await typed.fill(url)
  }

  async fill(post: { title: string; category: string; author: string; featuredImage?: string; excerpt: string; body: string }): Promise<void> {
    await this.editor().getByLabel('Title', { exact: true }).fill(post.title)
    await this.htmlTab()
    await this.content().fill(post.body)
    const settings = await this.settings()
    await settings.getByLabel('Category').fill(post.category)
    await settings.getByLabel('Author Name').fill(post.author)
    await settings.getByLabel('Excerpt').fill(post.excerpt)
    if (post.featuredImage !== undefined) await this.imageUrl('Featured image', post.featuredImage)
    await this.closeSettings()
  }

  /** The Content field's HTML tab (the Visual tab is the default); it stays chosen while the page is open. */
  async htmlTab(): Promise<void> {
    await this.editor().getByRole('tab', { name: 'HTML' }).click()
  }

  async slug(): Promise<string> {
    const value = await (await this.settings()).getByLabel('Slug').inputValue()
    await this.closeSettings()
    return value
  }

  async setPublished(published: boolean): Promise<void> {
    await (await this.settings()).getByLabel('Published').setChecked(published)
    await this.closeSettings()
  }

  content(): Locator {
    return this.editor().getByLabel('Content')
  }

  /** Uploads a file with the HTML tab's "Upload image" button; returns the URL the body's new image got. */
  async uploadImage(file: { name: string; mimeType: string; buffer: Buffer }): Promise<string> {
    const chooser = this.page.waitForEvent('filechooser')
    await this.editor().getByRole('button', { name: 'Upload image' }).click()
    await (await chooser).setFiles(file)
    await this.page.getByText('Image uploaded successfully', { exact: true }).filter({ visible: true }).first().waitFor()
    return /<img src="([^"]+)"/.exec(await this.content().inputValue())?.[1] ?? ''
  }

  /** "Create Post": the new post's own page opens in place of /admin/blog/new. */
  async create(): Promise<void> {
    await this.editor().getByRole('button', { name: 'Create Post' }).click()
    await this.page.getByRole('form', { name: 'Edit Blog Post' }).waitFor()
  }

  /** "Update Post", and its toast. */
  async update(): Promise<void> {
    await this.page.getByRole('button', { name: 'Update Post' }).click()
    await this.page.getByText('Blog post updated successfully', { exact: true }).filter({ visible: true }).first().waitFor()
  }

  async publish(title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Publish ${title}` }).click()
  }
}
