/** Maps a string to the form in which two strings are compared. */
export type Canonicalizer = (s: string) => string

const WHITESPACE_RUN = /\s+/g
// BFCL's standardization removes these eight characters: space , . / - _ * ^
const BFCL_REMOVED = /[ ,./\-_*^]/g
const TOOL_NAME_SEPARATORS = /[.\-]/g

export const canonicalizers = {
  /** Case-insensitive, trimmed, runs of whitespace folded to one space. */
  default: (s: string): string => s.trim().replace(WHITESPACE_RUN, ' ').toLowerCase(),
  /** The string itself. */
  exact: (s: string): string => s,
  /** BFCL's rule: drop ` ,./-_*^`, lower-case, and read `'` as `"`. */
  bfcl: (s: string): string => s.replace(BFCL_REMOVED, '').toLowerCase().replaceAll("'", '"'),
  /** For tool names: case folded, and `.` and `-` read as `_` (`Math.Factorial` = `math_factorial`). */
  toolName: (s: string): string => s.toLowerCase().replace(TOOL_NAME_SEPARATORS, '_'),
} satisfies Record<string, Canonicalizer>
