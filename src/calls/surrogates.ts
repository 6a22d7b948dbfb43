/** The halves of a UTF-16 surrogate pair, which encode one character beyond the 16-bit range; a lone half prints as the replacement character. */
function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/** Whether a cut before the unit at `index` would part a surrogate pair. */
export function partsPair(text: string, index: number): boolean {
  return isLowSurrogate(text.charCodeAt(index)) && isHighSurrogate(text.charCodeAt(index - 1))
}

/** Half of a surrogate pair standing without the other half. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** A text without the lone halves of surrogate pairs that a cut made elsewhere left in it (the engine's JSON.parse quotes its input so). */
export function withoutLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, '')
}
