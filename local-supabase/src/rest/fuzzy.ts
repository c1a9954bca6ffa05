// The "Perhaps you meant" suggestions of PostgREST's errors come from a fuzzy set (trigram, then
// bigram cosine similarity, re-scored by Levenshtein distance, kept from a score of 0.33, or 0.75
// for a table's or a function's own name): the same measure here gives the same suggestion, and
// none where nothing is close.

const MIN_SCORE = 0.33
/** How close a table or function name must be to be suggested (PostgREST: names are not guessed loosely). */
export const NAME_MIN_SCORE = 0.75
const GRAM_SIZES = [3, 2]
/** How many of the best cosine matches are re-scored by edit distance. */
const RESCORED = 50

function grams(value: string, size: number): Map<string, number> {
  const simplified = `-${value.toLowerCase().replace(/[^\p{L}\p{N}, ]+/gu, '')}-`
  const padded = simplified.length < size ? simplified.padEnd(size, '-') : simplified
  const counts = new Map<string, number>()
  for (let i = 0; i + size <= padded.length; i++) {
    const gram = padded.slice(i, i + size)
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  }
  return counts
}

function norm(counts: Map<string, number>): number {
  let sum = 0
  for (const count of counts.values()) sum += count * count
  return Math.sqrt(sum)
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]
}

/** Candidates close to `value`, best first, with their scores (1 for the same name). */
export function fuzzyMatches(value: string, candidates: readonly string[], minScore = MIN_SCORE): { score: number; name: string }[] {
  const key = value.toLowerCase()
  const exact = candidates.find((candidate) => candidate.toLowerCase() === key)
  if (exact !== undefined) return [{ score: 1, name: exact }]
  for (const size of GRAM_SIZES) {
    const wanted = grams(key, size)
    const wantedNorm = norm(wanted)
    const scored: { score: number; name: string }[] = []
    for (const name of new Set(candidates)) {
      const theirs = grams(name, size)
      let dot = 0
      for (const [gram, count] of wanted) dot += count * (theirs.get(gram) ?? 0)
      if (dot > 0) scored.push({ score: dot / (wantedNorm * norm(theirs)), name })
    }
    scored.sort((a, b) => b.score - a.score)
    const close = scored
      .slice(0, RESCORED)
      .map(({ name }) => {
        const lower = name.toLowerCase()
        return { score: 1 - levenshtein(lower, key) / Math.max(lower.length, key.length), name }
      })
      .sort((a, b) => b.score - a.score)
      .filter((match) => match.score >= minScore)
    if (close.length > 0) return close
  }
  return []
}

/** The closest candidate, or null when none is close enough. */
export function closestName(value: string, candidates: readonly string[], minScore = MIN_SCORE): string | null {
  return fuzzyMatches(value, candidates, minScore)[0]?.name ?? null
}
