import { nearest } from '../compare/nearest'

/** The missing key that `key` most likely meant: a slip of its letters (`gld`), or the word written out (`prediction`, `golden`). */
function meant(key: string, missing: readonly string[]): string | undefined {
  if (key === 'id') return undefined
  return missing.find((name) => key.toLowerCase().startsWith(name)) ?? nearest(key, missing)
}

/** For an episode without `pred` or `gold`: a key of it that stands for the one missing, as ` ("gld": did you mean 'gold'?)`. */
export function episodeKeySlip(episode: unknown): string {
  if (typeof episode !== 'object' || episode === null) return ''
  const missing = ['pred', 'gold'].filter((key) => !(key in episode))
  for (const key of Object.keys(episode)) {
    const near = meant(key, missing)
    if (near !== undefined) return ` (${JSON.stringify(key)}: did you mean '${near}'?)`
  }
  return ''
}
