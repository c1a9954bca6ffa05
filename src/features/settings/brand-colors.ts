// Brand colours as CSS custom properties, written into the server HTML so there is no flash. The
// text colour on each brand colour is chosen by contrast (WCAG relative luminance), so a light
// secondary colour gets dark text and a dark primary gets white, whatever the admin picks.
import { contrastRatio, expandHex, INK, TEXT_CONTRAST, textOn, WHITE } from '~/lib/color-contrast'
import { DEFAULT_SITE_SETTINGS, safeColor, type SiteSettings } from '~/entities/site-settings'

export function brandStyle(settings: Pick<SiteSettings, 'primary_color' | 'secondary_color'>): Record<string, string> {
  const primary = expandHex(safeColor(settings.primary_color, DEFAULT_SITE_SETTINGS.primary_color))
  const secondary = expandHex(safeColor(settings.secondary_color, DEFAULT_SITE_SETTINGS.secondary_color))
  // Primary is also used for links and headings on white: if the chosen colour is too light for
  // text (under 4.5:1), text uses slate ink instead while buttons keep the brand colour.
  const primaryText = contrastRatio(primary, WHITE) >= TEXT_CONTRAST ? primary : INK
  return {
    '--brand-primary': primary,
    '--brand-secondary': secondary,
    '--brand-primary-text': primaryText,
    '--brand-on-primary': textOn(primary),
    '--brand-on-secondary': textOn(secondary),
  }
}
