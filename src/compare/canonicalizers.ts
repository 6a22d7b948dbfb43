import { printValue } from './print-value'

/** Maps a string to the form in which two strings are compared. */
export type Canonicalizer = (s: string) => string

/**
 * What an author's canonicalizer gives, in place of a canonical form, for a string it threw on or
 * returned no string for: this, a number of its own and NUL, then why. No other form equals it, so
 * a predicted string that the function could not take matches nothing, where a gold one is a TypeError.
 */
export const CANONICALIZER_FAILED = '\u0000canonicalizer failed\u0000'

/** Why the canonicalizer failed, when a canonical form is one it gave for a string it could not take. */
export function whyFailed(canonical: string): string | undefined {
  if (canonical.charCodeAt(0) !== 0 || !canonical.startsWith(CANONICALIZER_FAILED)) return undefined
  return canonical.slice(canonical.indexOf('\u0000', CANONICALIZER_FAILED.length) + 1)
}

/** Throws the author's TypeError when a canonical form of gold (a value, a tool's name) is one that the canonicalizer failed on. */
export function refuseFailedForm(canonical: string, what: string): void {
  // Every gold string's form passes here: the common case is told in place.
  if (canonical.charCodeAt(0) !== 0) return
  const why = whyFailed(canonical)
  if (why !== undefined) throw new TypeError(`${why} (${what})`)
}

/**
 * A tool's name as the option `name` folds it, to tell the rows of a corpus apart; a name the author's
 * canonicalizer could not take is left as it is, as the scoring has graded it already and a failed
 * form, unlike any other, would give each of its calls a row of its own.
 */
export function foldedToolName(fold: Canonicalizer, tool: string): string {
  let folded: string
  try {
    folded = fold(tool)
  } catch {
    return tool
  }
  return whyFailed(folded) === undefined ? folded : tool
}

const WHITESPACE_RUN = /\s+/g
const TOOL_NAME_SEPARATORS = /[.\-]/g

/** Whether BFCL's standardization drops this character: space , . / - _ * ^ */
function isDroppedByBfcl(code: number): boolean {
  return code === 32 || code === 44 || code === 46 || code === 47 || code === 45 || code === 95 || code === 42 || code === 94
}

// One scan instead of a regular-expression replace: every gold and predicted string of BFCL's data passes here.
function standardizeLikeBfcl(s: string): string {
  let kept = ''
  let from = 0
  for (let i = 0; i < s.length; i++) {
    if (!isDroppedByBfcl(s.charCodeAt(i))) continue
    kept += s.slice(from, i)
    from = i + 1
  }
  const lower = (from === 0 ? s : kept + s.slice(from)).toLowerCase()
  return lower.includes("'") ? lower.replaceAll("'", '"') : lower
}

/** The canonicalizers as scoring calls them, on strings only: each string compared passes here, so they check nothing. Each is described on `canonicalizers`. */
export const canonicalForms = {
  default: (s: string): string => s.trim().replace(WHITESPACE_RUN, ' ').toLowerCase().normalize('NFC'),
  exact: (s: string): string => s,
  bfcl: standardizeLikeBfcl,
  toolName: (s: string): string => s.toLowerCase().replace(TOOL_NAME_SEPARATORS, '_'),
} satisfies Record<string, Canonicalizer>

/** The name of one of `canonicalizers`, which options take in place of the function. */
export type CanonicalizerName = keyof typeof canonicalForms

export const CANONICALIZER_NAMES = Object.keys(canonicalForms) as CanonicalizerName[]

/** One of canonicalForms as the package exports it: called by an author, with anything, it names what it was given (not `s.trim is not a function`). */
function checkedForm(name: CanonicalizerName): Canonicalizer {
  const form = canonicalForms[name]
  // Keyed by the name, so that the function is named as the form is (printed as `[Function toolName]`).
  return {
    [name]: (s: string): string => {
      if (typeof s !== 'string') throw new TypeError(`canonicalizers.${name}(s): expected a string, received ${printValue(s)}`)
      return form(s)
    },
  }[name]!
}

/** The canonicalizers, for an author to call or to pass as an option. */
export const canonicalizers = {
  /** Case-insensitive, trimmed, runs of whitespace folded to one space, in Unicode's NFC (a precomposed `é` is `e` and a combining accent). */
  default: checkedForm('default'),
  /** The string itself. */
  exact: checkedForm('exact'),
  /** BFCL's rule: drop ` ,./-_*^`, lower-case, and read `'` as `"`. */
  bfcl: checkedForm('bfcl'),
  /** For tool names: case folded, and `.` and `-` read as `_` (`Math.Factorial` = `math_factorial`). */
  toolName: checkedForm('toolName'),
} satisfies Record<CanonicalizerName, Canonicalizer>
