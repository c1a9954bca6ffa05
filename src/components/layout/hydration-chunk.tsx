import { Suspense } from 'react'

/**
 * A part of the page that React hydrates on its own. Each Suspense boundary in the server HTML is
 * hydrated and committed separately, so on a slow phone a long page becomes several short tasks
 * instead of one long one that blocks the first tap. Nothing inside suspends: there is no fallback.
 */
export function HydrationChunk({ children }: { children: React.ReactNode }) {
  return <Suspense>{children}</Suspense>
}
