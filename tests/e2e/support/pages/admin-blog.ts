import type { Page } from 'playwright-core'

/** /admin/blog and its editor dialog. */
export class AdminBlogPage {
  constructor(private readonly page: Page) {}

  editor() {
    return this.page.getByRole('dialog', { name: 'Create New Blog Post' })
  }

  async startPost(): Promise<void> {
    await this.page.getByRole('button', { name: 'New Post' }).click()
    await this.editor().waitFor()
  }

  async fill(post: { title: string; category: string; author: string; featuredImage: string; excerpt: string; body: string }): Promise<void> {
    const dialog = this.editor()
    await dialog.getByLabel('Title', { exact: true }).fill(post.title)
    await dialog.getByLabel('Category').fill(post.category)
    await dialog.getByLabel('Author Name').fill(post.author)
    await dialog.getByLabel('Featured Image URL').fill(post.featuredImage)
    await dialog.getByLabel('Excerpt').fill(post.excerpt)
    await this.htmlTab()
    await dialog.getByLabel('Content').fill(post.body)
  }

  /** The Content field's HTML tab (the Visual tab is the default); it stays chosen while the dialog is open. */
  async htmlTab(): Promise<void> {
    await this.editor().getByRole('tab', { name: 'HTML' }).click()
  }

  slug() {
    return this.editor().getByLabel('Slug')
  }

  async setPublished(published: boolean): Promise<void> {
    await this.editor().getByLabel('Published').setChecked(published)
  }

  content() {
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

  async create(): Promise<void> {
    await this.editor().getByRole('button', { name: 'Create Post' }).click()
    await this.editor().waitFor({ state: 'detached' })
  }

  async publish(title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Publish ${title}` }).click()
  }
}
