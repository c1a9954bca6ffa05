// The /resources search: case-insensitive, over title, excerpt and category, every word must match
// somewhere. Runs in the loader, so a search is a URL (?q=) that works without JavaScript.
export function searchPosts<T extends { title: string; excerpt: string; category: string }>(posts: T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return posts
  return posts.filter((post) => {
    const haystack = `${post.title}\n${post.excerpt}\n${post.category}`.toLowerCase()
    return words.every((word) => haystack.includes(word))
  })
}

export const PAGE_SIZE = 6

/** How many posts to show for ?show=, in whole pages, at least one page. */
export function shownCount(param: string | null): number {
  const requested = Number.parseInt(param ?? '', 10)
  if (!Number.isFinite(requested) || requested <= PAGE_SIZE) return PAGE_SIZE
  return Math.min(Math.ceil(requested / PAGE_SIZE) * PAGE_SIZE, 600)
}
