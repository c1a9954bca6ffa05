import { describe, expect, it } from 'vitest'
import { overlayRows, type PreviewRow } from './release-preview.server'

const preview: PreviewRow[] = [
  { table_name: 'testimonials', item: { id: 't1', quote: 'Changed quote', name: 'Ada', published: true, created_at: '2026-01-01' } },
  { table_name: 'testimonials', item: { id: 't9', quote: 'A new one', name: 'Bo', published: true, created_at: '2026-03-01' } },
  { table_name: 'blog_posts', item: { id: 'p9', slug: 'launch', title: 'Launch', published: true, publish_at: '2026-02-01' } },
]

describe('overlayRows', () => {
  it("replaces a live row's fields with the release's, keeping the columns the query chose", () => {
    const rows = [
      { id: 't1', quote: 'Old quote' },
      { id: 't2', quote: 'Untouched' },
    ]
    expect(overlayRows(rows, 'testimonials', new URLSearchParams('select=id,quote&id=eq.t1'), preview.slice(0, 1))).toEqual([
      { id: 't1', quote: 'Changed quote' },
      { id: 't2', quote: 'Untouched' },
    ])
  })

  it("adds an item not live yet where the query's filters take it, in its order and limit", () => {
    const rows = [
      { id: 't1', quote: 'Old quote', created_at: '2026-01-01' },
      { id: 't2', quote: 'Second', created_at: '2026-02-01' },
    ]
    const query = new URLSearchParams('select=id,quote,created_at&order=created_at.desc&limit=2')
    expect(overlayRows(rows, 'testimonials', query, preview).map((row) => row.id)).toEqual(['t9', 't2'])
  })

  it('finds a post the release publishes by its slug, and not by another', () => {
    expect(overlayRows([], 'blog_posts', new URLSearchParams('select=*&slug=eq.launch&published=eq.true'), preview)).toEqual([preview[2].item])
    expect(overlayRows([], 'blog_posts', new URLSearchParams('select=*&slug=eq.other'), preview)).toEqual([])
  })

  it('adds nothing to a query it cannot read whole (a search), and leaves other tables alone', () => {
    expect(overlayRows([], 'blog_posts', new URLSearchParams('select=*&or=(title.ilike.*launch*)'), preview)).toEqual([])
    const rows = [{ id: 'c1', name: 'Bank' }]
    expect(overlayRows(rows, 'clients', new URLSearchParams('select=*'), preview)).toBe(rows)
  })
})
