// The one place that builds a page's metadata: title, description, canonical URL, open-graph and
// Twitter tags, and JSON-LD. Every public route's `meta` calls buildMeta with the site context the
// root loader provides (origin from SITE_URL, company name), so crawlers and link previews get
// the same shape everywhere.
import type { MetaDescriptor } from 'react-router'

export interface SiteContext {
  /** Public origin without a trailing slash, e.g. https://www.example.com */
  siteUrl: string
  siteName: string
}

type JsonLd = Record<string, unknown>

export interface PageMeta {
  /** The page's own title; the company name is appended unless it is the home page. */
  title: string
  description: string
  /**
   * Path of the page, e.g. /solutions/banking (the query string is never part of a canonical).
   * Absent for a page that is no address of its own (not found): no canonical URL, no og:url.
   */
  path?: string
  /** Image for link previews; relative paths are made absolute. */
  image?: string | null
  type?: 'website' | 'article'
  /** For articles: ISO dates and the author. */
  article?: { publishedTime: string; modifiedTime?: string; author?: string; section?: string }
  jsonLd?: JsonLd[]
  /** The home page's title is the company name alone (or the given title as-is). */
  isHome?: boolean
  /** The title is complete as given (an editor's search title): no company name is appended. */
  exactTitle?: boolean
  noIndex?: boolean
}

const FALLBACK_CONTEXT: SiteContext = { siteUrl: '', siteName: 'Ledgerfield Technologies' }

/** Reads the site context from the root route's loader data among a meta function's matches. */
export function siteContextFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): SiteContext {
  const root = matches.find((match) => match?.id === 'root')?.loaderData
  if (!root || typeof root !== 'object') return FALLBACK_CONTEXT
  const { siteUrl, settings } = root as { siteUrl?: unknown; settings?: { company_name?: unknown } }
  return {
    siteUrl: typeof siteUrl === 'string' ? siteUrl : FALLBACK_CONTEXT.siteUrl,
    siteName: typeof settings?.company_name === 'string' ? settings.company_name : FALLBACK_CONTEXT.siteName,
  }
}

/** An absolute URL on the site for a path or an already absolute URL. */
export function absoluteUrl(site: SiteContext, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl
  return `${site.siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

export function buildMeta(site: SiteContext, page: PageMeta): MetaDescriptor[] {
  const title = page.isHome || page.exactTitle ? page.title : `${page.title} | ${site.siteName}`
  const url = page.path === undefined ? null : absoluteUrl(site, page.path)
  const image = page.image ? absoluteUrl(site, page.image) : null
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: site.siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:locale', content: 'en_GB' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
  ]
  if (url) tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url })
  if (image) tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image })
  if (page.article) {
    tags.push({ property: 'article:published_time', content: page.article.publishedTime })
    if (page.article.modifiedTime) tags.push({ property: 'article:modified_time', content: page.article.modifiedTime })
    if (page.article.author) tags.push({ property: 'article:author', content: page.article.author })
    if (page.article.section) tags.push({ property: 'article:section', content: page.article.section })
  }
  if (page.noIndex) tags.push({ name: 'robots', content: 'noindex' })
  for (const ld of page.jsonLd ?? []) tags.push({ 'script:ld+json': ld as never })
  return tags
}

/** schema.org Organization for the home page, from the site settings. */
export function organizationLd(site: SiteContext, org: { description?: string; email?: string; phone?: string; address?: string; sameAs?: string[] }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.siteName,
    url: absoluteUrl(site, '/'),
    logo: absoluteUrl(site, '/favicon.svg'),
    ...(org.description ? { description: org.description } : {}),
    ...(org.email ? { email: org.email } : {}),
    ...(org.phone ? { telephone: org.phone } : {}),
    ...(org.address ? { address: { '@type': 'PostalAddress', streetAddress: org.address } } : {}),
    ...(org.sameAs?.length ? { sameAs: org.sameAs } : {}),
  }
}

/** schema.org BreadcrumbList: the trail from the home page to this page. */
export function breadcrumbLd(site: SiteContext, trail: { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  }
}

/** schema.org Article for a blog post. */
export function articleLd(
  site: SiteContext,
  post: { title: string; description: string; path: string; image?: string | null; author: string; published: string; modified?: string },
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.description,
    mainEntityOfPage: absoluteUrl(site, post.path),
    ...(post.image ? { image: [absoluteUrl(site, post.image)] } : {}),
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: site.siteName, logo: { '@type': 'ImageObject', url: absoluteUrl(site, '/favicon.svg') } },
    datePublished: post.published,
    ...(post.modified ? { dateModified: post.modified } : {}),
  }
}
