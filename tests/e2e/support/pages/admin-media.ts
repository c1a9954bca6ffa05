import type { Page } from 'playwright-core'

/** /admin/media: the list of images, the upload and the rename-or-move dialog. */
export class AdminMediaPage {
  constructor(private readonly page: Page) {}

  /** The list entry of the file with this name. */
  item(name: string) {
    return this.page
      .getByRole('list', { name: 'Images' })
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) })
  }

  /** Uploads a file into `folder` with the screen's Upload Image button. */
  async upload(folder: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel('Upload to folder').fill(folder)
    const chooser = this.page.waitForEvent('filechooser')
    await this.page.getByRole('button', { name: 'Upload Image' }).click()
    await (await chooser).setFiles(file)
  }

  /** Filters the list to one folder. */
  async showFolder(folder: string): Promise<void> {
    await this.page.getByLabel('Folder', { exact: true }).selectOption(folder)
  }

  dialog() {
    return this.page.getByRole('dialog', { name: 'Rename or move image' })
  }

  async openMove(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Rename or move ${name}` }).click()
    await this.dialog().waitFor()
  }

  async move(to: { folder: string; name: string }): Promise<void> {
    await this.dialog().getByLabel('Folder').fill(to.folder)
    await this.dialog().getByLabel('File name').fill(to.name)
    await this.dialog().getByRole('button', { name: 'Save' }).click()
  }
}
