import { EyeOff } from 'lucide-react'
import { Container } from '~/components/ui/container'

/** Above a previewed post: the reader is not looking at a public page. */
export function PreviewBanner() {
  return (
    <div role="note" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <Container className="flex items-start gap-2 py-3 text-sm">
        <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
        <p>
          <strong className="font-semibold">Preview: not published</strong>
          <span className="text-amber-900"> · only people with this link can see this page</span>
        </p>
      </Container>
    </div>
  )
}
