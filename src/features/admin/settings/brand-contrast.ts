// What the site will make of a brand colour, told to the admin while they choose it. The site never
// shows unreadable text by itself (features/settings/brand-colors.ts picks white or ink text on each
// colour, and falls back to ink for primary-coloured text on white), so the warnings say where the
// brand colour cannot do what it is for. They never stop a save.
import { contrastRatio, INK, TEXT_CONTRAST, WHITE } from '~/lib/color-contrast'
import { HEX_COLOUR } from '~/entities/site-settings-form'

/** Rounded down, so a colour just short of a threshold never reads as meeting it. */
function ratio(value: number): string {
  return `${Math.floor(value * 10) / 10}:1`
}

/** Labels on buttons and bands filled with `colour` are white or ink, whichever reads better. */
function labelWarning(colour: string): string | null {
  const best = Math.max(contrastRatio(colour, WHITE), contrastRatio(colour, INK))
  if (best >= TEXT_CONTRAST) return null
  return `Text on this colour reaches only ${ratio(best)} with white or dark text, below the ${TEXT_CONTRAST}:1 minimum: labels on buttons and bands in this colour will be hard to read.`
}

/** The warning to show beside a brand colour field, or null when the colour reads well. */
export function brandContrastWarning(key: string, value: string | undefined): string | null {
  if (!value || !HEX_COLOUR.test(value)) return null
  if (key === 'primary_color') {
    const onWhite = contrastRatio(value, WHITE)
    if (onWhite < TEXT_CONTRAST) {
      return `Contrast ${ratio(onWhite)} against white, below the ${TEXT_CONTRAST}:1 minimum for text: links and headings will show in dark slate instead of this colour.`
    }
    return labelWarning(value)
  }
  if (key === 'secondary_color') return labelWarning(value)
  return null
}
