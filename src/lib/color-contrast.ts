// WCAG 2.1 contrast between two #rgb or #rrggbb colours. The site picks its text colours with it
// (features/settings/brand-colors.ts) and the admin warns with it (admin/settings/brand-contrast.ts),
// so both read a colour the same way.

/** The dark slate the site uses for text wherever a brand colour is too light for it. */
export const INK = '#0f172a'
export const WHITE = '#ffffff'

/** The least contrast WCAG 2.1 AA asks of body text. */
export const TEXT_CONTRAST = 4.5

export function expandHex(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex
}

function channel(hex: string, index: number): number {
  const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

export function luminance(color: string): number {
  const hex = expandHex(color)
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2)
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

/** White or ink, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrastRatio(background, WHITE) >= contrastRatio(background, INK) ? WHITE : INK
}
