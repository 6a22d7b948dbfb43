/** The Levenshtein distance between two strings. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

/** The candidate closest to `word`, when it is close enough to be a likely typo. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Infinity
  // A slip of case (`JSON` for `json`) is the likeliest typo of all; it counts as none.
  const lower = word.toLowerCase()
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  if (bestDistance <= Math.max(2, word.length / 3)) return best
  // A name cut short (`--gram` for `--grammar`) is far from it in edits, yet names it: when it begins one candidate only.
  if (word.length < 3) return undefined
  const begun = candidates.filter((candidate) => candidate.toLowerCase().startsWith(lower))
  return begun.length === 1 ? begun[0] : undefined
}

/** ` (did you mean 'score'?)`, or nothing; a value given where a name was expected may be anything, and only a string is a slip. */
export function didYouMean(word: unknown, candidates: readonly string[], prefix = ''): string {
  if (typeof word !== 'string') return ''
  const suggestion = nearest(word, candidates)
  return suggestion === undefined ? '' : ` (did you mean '${prefix}${suggestion}'?)`
}
