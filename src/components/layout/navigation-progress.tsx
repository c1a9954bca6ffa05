import { useNavigation } from 'react-router'

/**
 * A thin bar across the top while the next page loads (for client navigations only:
 * first loads arrive rendered from the server and need none).
 */
export function NavigationProgress() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-secondary/20">
      <div className="h-full w-1/3 animate-progress bg-brand-secondary" />
    </div>
  )
}
