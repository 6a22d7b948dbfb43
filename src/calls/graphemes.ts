import { partsPair } from './surrogates'

/**
 * Where text may be cut without parting what a reader sees as one character: a flag's two
 * letters, an emoji and its skin tone or the others it joins, a letter and its accents, a Hangul
 * syllable's jamo. Unicode's grapheme clusters, found by the engine's `Intl.Segmenter`, made on the
 * first cut that needs it, as it loads ICU's break rules.
 */
let segmenter: Intl.Segmenter | null | undefined

function clusters(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter = typeof Intl === 'object' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null
  }
  return segmenter
}

/** The first code point that can join the one before it (U+0300, the first combining mark); below it, only CR LF is one cluster. */
const FIRST_JOINING = 0x300

/** Units after a cut looked at to find the cluster it falls in. */
const REACH = 64

/** Units before a cut looked through for where a cluster surely begins (a thousand flags). */
const LOOK_BACK = 4096

/**
 * The longest cluster kept whole (a family of four with skin tones is 19 units, a subdivision's
 * flag 14); a longer one, a letter under a heap of accents, is cut inside, so that a cut never
 * takes away all it was meant to keep.
 */
const LONGEST_WHOLE = 32

/** Whether the units at `index - 1` and `index` are both below U+0300, and not CR LF, so that a cluster surely ends between them. */
function surelyBetween(text: string, index: number): boolean {
  const before = text.charCodeAt(index - 1)
  const at = text.charCodeAt(index)
  return at < FIRST_JOINING && before < FIRST_JOINING && (before !== CR || at !== LF)
}

const CR = 0x0d
const LF = 0x0a

/**
 * The cluster that holds the unit at `index`, as [start, end); undefined where it is longer than
 * LONGEST_WHOLE, or where the engine has no segmenter (then at least a surrogate pair stays whole).
 */
function clusterAt(text: string, index: number): [number, number] | undefined {
  const segments = clusters()
  if (segments === null) return undefined
  // Segmented from where a cluster surely begins: begun inside a run of flags, the letters would pair the other way.
  // Looked for so far back at most, so that a cut in a vast text beyond ASCII stays cheap.
  const farthest = Math.max(0, index - LOOK_BACK)
  let from = index - 1
  while (from > farthest && !surelyBetween(text, from)) from--
  const segment = segments.segment(text.slice(from, Math.min(text.length, index + REACH))).containing(index - from)
  if (segment === undefined) return [index, index + 1]
  const start = from + segment.index
  const end = start + segment.segment.length
  return end - start > LONGEST_WHOLE ? undefined : [start, end]
}

/** A cut inside a cluster not kept whole: at least not between the halves of a surrogate pair. */
function codePointStart(text: string, index: number): number {
  return partsPair(text, index) ? index - 1 : index
}

/** Where to end text cut at `end` or before: at the start of the cluster `end` falls in. */
export function clusterStartAtOrBefore(text: string, end: number): number {
  if (end <= 0 || end >= text.length || surelyBetween(text, end)) return end
  return clusterAt(text, end)?.[0] ?? codePointStart(text, end)
}

/** Where to begin text cut at `start` or after: at the end of the cluster `start` falls in. */
export function clusterStartAtOrAfter(text: string, start: number): number {
  if (start <= 0 || start >= text.length || surelyBetween(text, start)) return start
  const cluster = clusterAt(text, start)
  if (cluster !== undefined) return cluster[0] === start ? start : cluster[1]
  const at = codePointStart(text, start)
  return at === start ? start : start + 1
}
