import { isHighSurrogate, isLowSurrogate } from './surrogates'

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

/** Units looked at either side of a cut: a cluster longer than this (a run of hundreds of marks) may be cut inside. */
const REACH = 64

/** The first code point that can join the one before it (U+0300, the first combining mark); below it, only CR LF is one cluster. */
const FIRST_JOINING = 0x300

/** The cluster that holds the unit at `index`, as [start, end). */
function clusterAt(text: string, index: number): [number, number] {
  const segments = clusters()
  if (segments === null) {
    // Without ICU's rules, at least a surrogate pair stays whole.
    if (isLowSurrogate(text.charCodeAt(index)) && isHighSurrogate(text.charCodeAt(index - 1))) return [index - 1, index + 1]
    return [index, index + 1]
  }
  const from = Math.max(0, index - REACH)
  const segment = segments.segment(text.slice(from, Math.min(text.length, index + REACH))).containing(index - from)
  return segment === undefined ? [index, index + 1] : [from + segment.index, from + segment.index + segment.segment.length]
}

/** Whether a cut before the unit at `index` keeps every cluster whole, told without the segmenter where both sides are below U+0300. */
function cutsBetweenClusters(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return true
  if (text.charCodeAt(index) < FIRST_JOINING && text.charCodeAt(index - 1) < FIRST_JOINING) return true
  return clusterAt(text, index)[0] === index
}

/** Where to end text cut at `end` or before: at the start of the cluster `end` falls in. */
export function clusterStartAtOrBefore(text: string, end: number): number {
  return cutsBetweenClusters(text, end) ? end : clusterAt(text, end)[0]
}

/** Where to begin text cut at `start` or after: at the end of the cluster `start` falls in. */
export function clusterStartAtOrAfter(text: string, start: number): number {
  return cutsBetweenClusters(text, start) ? start : clusterAt(text, start)[1]
}
