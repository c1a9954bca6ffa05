// Whether uploaded images are offered in sizes through Storage's image transformations, for
// components that render on the server and hydrate in the browser. The root loader reads it from
// the server's environment (SUPABASE_IMAGE_TRANSFORMATIONS) and its data travels with the page, so
// both renders choose the same addresses.
import { useRouteLoaderData } from 'react-router'

/** On unless the root loader says otherwise (a screen rendered without it, as in component tests). */
export function useImageTransformations(): boolean {
  return (useRouteLoaderData('root') as { imageTransformations?: boolean } | undefined)?.imageTransformations ?? true
}
