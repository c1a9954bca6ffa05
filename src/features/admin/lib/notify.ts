// The admin's toasts in the spec's wording: errors are destructive toasts titled 'Error'; success
// toasts are titled 'Success' with the message below, except where the spec titles them with the
// message itself (solutions, clients, testimonials).
import { toast } from '~/components/ui/toast'

export function notifyError(message: string, cause?: unknown): void {
  // The server's detail goes to the console for whoever debugs; the person sees the spec's text.
  if (cause !== undefined) console.error(message, cause)
  toast({ title: 'Error', description: message, variant: 'destructive' })
}

export function notifySuccess(message: string): void {
  toast({ title: 'Success', description: message })
}

export function notifyDone(message: string): void {
  toast({ title: message })
}
