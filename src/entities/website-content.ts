// The editable copy of the public pages: one `website_content` row per block (section + key) with a
// JSON object of text fields. Each block is described once here: its fields and their labels (the
// admin's form), the rule that a saved field holds text (the admin's check), and how the public
// site reads a stored block, falling back to its built-in copy for a missing or blank field.
import { z } from '~/lib/schemas'

export const CONTENT_EMPTY = 'Content cannot be empty'
export const contentMessages = {
  fetchFailed: 'Failed to fetch content',
  updated: 'Content updated successfully',
  updateFailed: 'Failed to update content',
}

export interface ContentField {
  name: string
  label: string
  rows?: number
  hint?: string
  /** Stored HTML: sanitized on save, like blog posts. */
  html?: boolean
}

export interface ContentBlock {
  section: string
  key: string
  heading: string
  fields: ContentField[]
}

const PAGE_HEADER: ContentField[] = [
  { name: 'badge', label: 'Badge' },
  { name: 'title', label: 'Title' },
  { name: 'subtitle', label: 'Subtitle', rows: 3 },
]
const TITLE_AND_CONTENT: ContentField[] = [
  { name: 'title', label: 'Title' },
  { name: 'content', label: 'Content', rows: 4 },
]
const LEGAL_PAGE: ContentField[] = [
  { name: 'title', label: 'Title' },
  { name: 'content', label: 'Content', rows: 14, hint: 'Use HTML tags for formatting', html: true },
]

export const CONTENT_BLOCKS = {
  hero: {
    section: 'hero',
    key: 'main',
    heading: 'Hero Section',
    fields: [
      ...PAGE_HEADER,
      { name: 'primaryButton', label: 'Primary Button Text' },
      { name: 'secondaryButton', label: 'Secondary Button Text' },
      { name: 'image', label: 'Image URL' },
    ],
  },
  about: { section: 'about', key: 'main', heading: 'About Header', fields: PAGE_HEADER },
  mission: { section: 'about', key: 'mission', heading: 'Mission', fields: TITLE_AND_CONTENT },
  vision: { section: 'about', key: 'vision', heading: 'Vision', fields: TITLE_AND_CONTENT },
  contact: { section: 'contact', key: 'main', heading: 'Contact Page', fields: PAGE_HEADER },
  privacy: { section: 'legal', key: 'privacy', heading: 'Privacy Policy', fields: LEGAL_PAGE },
  terms: { section: 'legal', key: 'terms', heading: 'Terms of Use', fields: LEGAL_PAGE },
  footer: {
    section: 'footer',
    key: 'main',
    heading: 'Footer',
    fields: [
      { name: 'description', label: 'Company Description', rows: 3 },
      { name: 'newsletterTitle', label: 'Newsletter Title' },
      { name: 'newsletterDescription', label: 'Newsletter Description', rows: 2 },
    ],
  },
} satisfies Record<string, ContentBlock>

const savedText = (max: number) => z.string().trim().min(1, CONTENT_EMPTY).max(max)

/** What the admin may save for a block of text fields: every field holds something. */
export function blockSchema(block: ContentBlock) {
  return z.object(Object.fromEntries(block.fields.map((field) => [field.name, savedText(100000)])))
}

export const STAT_ICONS = ['Users', 'Building', 'Globe', 'Award'] as const
export type StatIcon = (typeof STAT_ICONS)[number]

/** The home page's stats band (stats/main): a title, a subtitle and a list of figures. */
export const statsSchema = z.object({
  title: savedText(500),
  subtitle: savedText(2000),
  stats: z
    .array(z.object({ icon: z.enum(STAT_ICONS), number: savedText(40), label: savedText(100), description: savedText(500) }))
    .min(1, CONTENT_EMPTY)
    .max(12),
})

export type StatsContent = z.infer<typeof statsSchema>
export type Stat = StatsContent['stats'][number]
export const STATS_BLOCK = { section: 'stats', key: 'main', heading: 'Stats Section' } as const

/** Which kind of sign-off a block is: the legal pages are reviewed as such, every other block as website copy. */
export function contentKind(section: string): 'legal' | 'copy' {
  return section === 'legal' ? 'legal' : 'copy'
}

export interface HeroContent {
  badge: string
  title: string
  subtitle: string
  primaryButton: string
  secondaryButton: string
  image: string
  imageAlt: string
}

export interface IntroContent {
  badge: string
  title: string
  subtitle: string
}

const shownText = z.string().refine((value) => value.trim() !== '')

/** A stored field as the public site reads it: non-blank text, else `fallback`. */
export function readText(content: unknown, name: string, fallback: string): string {
  const value = content && typeof content === 'object' ? (content as Record<string, unknown>)[name] : undefined
  const parsed = shownText.safeParse(value)
  return parsed.success ? parsed.data : fallback
}

/** A stored list of objects (e.g. the stats), with anything else in it left out. */
export function readList(content: unknown, name: string): Record<string, unknown>[] {
  const value = content && typeof content === 'object' ? (content as Record<string, unknown>)[name] : undefined
  const parsed = z.array(z.unknown()).safeParse(value)
  return parsed.success ? parsed.data.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object' && !Array.isArray(item)) : []
}

/** Every field of `fallback` read from the stored block. */
export function readBlock<T extends { [K in keyof T]: string }>(content: unknown, fallback: T): T {
  return Object.fromEntries(Object.entries<string>(fallback).map(([name, value]) => [name, readText(content, name, value)])) as T
}
