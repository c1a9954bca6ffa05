// What the archive screen shows of one page at one moment, as the web server answers it.

/** One part of the page: an item it shows, since when that version was live and who approved it. */
export interface PagePart {
  seq: number
  kind: string
  title: string
  liveFrom: string
  via: string
  changedBy: string | null
  publishedBy: string | null
  approvalRequired: boolean
  approvedBy: string | null
  approvedAt: string | null
  releaseName: string | null
  fingerprint: string | null
}

export interface PublicPageLink {
  path: string
  label: string
}

export interface ArchiveView {
  asOf: string
  path: string
  /** What a visitor got: 200, 404 for a page that did not exist then, 3xx with location for a redirect. */
  status: number
  location: string | null
  /** The whole document, still (no script runs), its links leading to the same moment. */
  html: string
  parts: PagePart[]
  /** The public pages there were at that moment. */
  pages: PublicPageLink[]
}
