import { DQUOTE, LBRACE, LBRACKET, RBRACKET, SPACE } from './char-codes'

/** JSON's openings: `{`, or `[` then `{`, `[`, `]` or `"`, after any whitespace. */
const JSON_OPENING = /^\s*(\{|\[\s*[[{\]"])/

function isAsciiNonSpace(code: number): boolean {
  return code > SPACE && code < 128
}

/** Whether text opens as a JSON object, after any whitespace: a function-calling call's arguments in BFCL's result files. */
export function opensAsJsonObject(text: string): boolean {
  return text.trimStart().startsWith('{')
}

/**
 * Whether text opens as JSON does (else it is read as Python call syntax). The openings a
 * model writes are told from their first two characters; only text that starts with
 * whitespace, or with `[` and whitespace, takes the regex.
 */
export function looksLikeJson(text: string): boolean {
  const first = text.charCodeAt(0)
  if (first === LBRACE) return true
  if (first === LBRACKET) {
    const second = text.charCodeAt(1)
    if (second === LBRACE || second === LBRACKET || second === RBRACKET || second === DQUOTE) return true
    if (isAsciiNonSpace(second)) return false
  } else if (isAsciiNonSpace(first)) {
    return false
  }
  return JSON_OPENING.test(text)
}
