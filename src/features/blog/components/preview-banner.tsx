import { EyeOff } from 'lucide-react'
import { Container } from '~/components/ui/container'

/** Above a previewed post: the reader is not looking at a public page. */
export function PreviewBanner() {
  return (
    <div role="note" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <Container className="flex items-center gap-2 py-3 text-sm font-semibold">
        <EyeOff aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
        Preview: not published
        <span className="font-normal text-amber-900">· only people with this link can see this page</span>
      </Container>
    </div>
  )
}
