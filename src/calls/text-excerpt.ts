/** Characters of the text shown before and after where it went wrong. */
const BEFORE = 24
const AFTER = 12

/**
 * The text around `position`, quoted as JSON writes strings (so line breaks and controls stay
 * escaped), with `…` outside the quotes where it was cut: `…"ne=['UTC', 'CET')]"`. A column
 * alone leaves the reader counting characters in a line they may not have at hand.
 */
export function excerptAt(text: string, position: number): string {
  let from = Math.max(0, position - BEFORE)
  let to = Math.min(text.length, position + AFTER)
  // Not between the halves of a surrogate pair, which JSON would write as two escapes.
  if (isLowSurrogate(text.charCodeAt(from)) && from > 0) from++
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to--
  return `${from > 0 ? '…' : ''}${JSON.stringify(text.slice(from, to))}${to < text.length ? '…' : ''}`
}

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/** The first `end` characters of a text, one fewer where the cut would part a surrogate pair, whose lone half prints as another character. */
export function startOf(text: string, end: number): string {
  const parts = end > 0 && end < text.length && isLowSurrogate(text.charCodeAt(end)) && isHighSurrogate(text.charCodeAt(end - 1))
  return text.slice(0, parts ? end - 1 : end)
}

/** Half of a surrogate pair standing without the other half. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** A text without the lone halves of surrogate pairs that a cut made elsewhere left in it (the engine's JSON.parse quotes its input so). */
export function withoutLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, '')
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
