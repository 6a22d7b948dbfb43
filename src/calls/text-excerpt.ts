import { clusterStartAtOrAfter, clusterStartAtOrBefore } from './graphemes'
import { withoutLoneSurrogates } from './surrogates'

/** Characters of the text shown before and after where it went wrong. */
const BEFORE = 24
const AFTER = 12

/**
 * The text around `position`, quoted as JSON writes strings (so line breaks and controls stay
 * escaped), with `…` outside the quotes where it was cut: `…"ne=['UTC', 'CET')]"`. A column
 * alone leaves the reader counting characters in a line they may not have at hand.
 */
export function excerptAt(text: string, position: number): string {
  // Not inside what is drawn as one character: between the halves of a surrogate pair, JSON would write two escapes.
  const from = clusterStartAtOrAfter(text, Math.max(0, position - BEFORE))
  const to = Math.max(from, clusterStartAtOrBefore(text, Math.min(text.length, position + AFTER)))
  return `${from > 0 ? '…' : ''}${JSON.stringify(text.slice(from, to))}${to < text.length ? '…' : ''}`
}

/**
 * The first `end` code units of a text, fewer where the cut would part what is drawn as one
 * character (a flag, an emoji and its skin tone, a letter and its accent; a surrogate pair, whose
 * lone half prints as another character).
 */
export function startOf(text: string, end: number): string {
  return text.slice(0, clusterStartAtOrBefore(text, end))
}

/**
 * Text of the model's as a reason quotes it: its first `shown` characters, so that a vast one
 * does not fill the message, and without a lone half of an emoji, which JSON text may spell.
 */
export function startExcerpt(text: string, shown: number): string {
  return withoutLoneSurrogates(text.length <= shown ? text : `${startOf(text, shown)}…`)
}

/** Characters of a name from the model's text that a reason quotes, about a line of a terminal. */
const NAME_SHOWN = 100

/** A name or key the model wrote, as a reason quotes it. */
export function nameExcerpt(name: string): string {
  return startExcerpt(name, NAME_SHOWN)
}

/** A name the model wrote, for a reason that escapes it as it prints it (oneLine): its first characters, a lone surrogate kept to be escaped, not dropped. */
export function nameForEscaping(name: string): string {
  return name.length <= NAME_SHOWN ? name : `${startOf(name, NAME_SHOWN)}…`
}
