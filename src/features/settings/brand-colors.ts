// Brand colours as CSS custom properties, written into the server HTML so there is no flash. The
// text colour on each brand colour is chosen by contrast (WCAG relative luminance), so a light
// secondary colour gets dark text and a dark primary gets white, whatever the admin picks.
import { DEFAULT_SITE_SETTINGS, safeColor, type SiteSettings } from './site-settings'

function channel(hex: string, index: number): number {
  const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

function expand(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex
}

export function luminance(color: string): number {
  const hex = expand(color)
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2)
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

const INK = '#0f172a'

function textOn(color: string): string {
  return contrastRatio(color, '#ffffff') >= contrastRatio(color, INK) ? '#ffffff' : INK
}

export function brandStyle(settings: Pick<SiteSettings, 'primary_color' | 'secondary_color'>): Record<string, string> {
  const primary = expand(safeColor(settings.primary_color, DEFAULT_SITE_SETTINGS.primary_color))
  const secondary = expand(safeColor(settings.secondary_color, DEFAULT_SITE_SETTINGS.secondary_color))
  // Primary is also used for links and headings on white: if the chosen colour is too light for
  // text (under 4.5:1), text uses slate ink instead while buttons keep the brand colour.
  const primaryText = contrastRatio(primary, '#ffffff') >= 4.5 ? primary : INK
  return {
    '--brand-primary': primary,
    '--brand-secondary': secondary,
    '--brand-primary-text': primaryText,
    '--brand-on-primary': textOn(primary),
    '--brand-on-secondary': textOn(secondary),
  }
}
