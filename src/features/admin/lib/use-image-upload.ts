// An image upload from a form field or the post editor: posted to /admin/api/upload's clientAction,
// which answers with the image's public URL and the toast to show.
import { useAdminAction } from './use-admin-action'

/** The resource route whose clientAction stores an upload (a write that reloads no screen's data). */
export const UPLOAD_ACTION = '/admin/api/upload'

export function useImageUpload() {
  const action = useAdminAction(UPLOAD_ACTION)
  return {
    /** The uploaded image's public URL, or null when it was refused (the toast says why). */
    upload: async (file: File, folder: string): Promise<string | null> => {
      const form = new FormData()
      form.set('file', file)
      form.set('name', file.name)
      form.set('folder', folder)
      const result = await action.submit(form)
      return result.ok && result.link ? result.link : null
    },
    busy: action.busy,
  }
}
