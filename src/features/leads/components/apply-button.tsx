// 'Apply Now' on /careers. Without JavaScript it is a link to the job's application page; once the
// page has hydrated it opens the application form in a dialog instead.
import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { ApplicationForm, applyPath } from './application-form'
import { useHydrated } from '~/lib/use-hydrated'

const buttonClass =
  'inline-flex items-center justify-center rounded-md bg-brand-primary px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary'

export function ApplyButton({ job }: { job: { id: string; title: string } }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  if (!hydrated) {
    return (
      <a href={applyPath(job.id)} className={buttonClass}>
        Apply Now
      </a>
    )
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClass}>Apply Now</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="pr-8 text-xl font-semibold text-slate-900">Apply for {job.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">Tell us about yourself and attach your CV. We read every application.</Dialog.Description>
          <div className="mt-5">
            <ApplicationForm job={job} />
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-primary"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
