import { notifyError, notifySuccess } from './notify'

/** Copies `text`, with the toast that says so (`done`, when given) or that it failed. True when copied. */
export async function copyToClipboard(text: string, done: string | null, failed: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
  } catch (error) {
    notifyError(failed, error)
    return false
  }
  if (done) notifySuccess(done)
  return true
}
