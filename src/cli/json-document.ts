const ARRAY_TO_LINES = "jq -c '.[]' turns an array into them"

/**
 * Why a line that holds only `[` or `{` is suspect: it opens a JSON document written over many
 * lines (`json.dump` with an indent), which read as JSON lines is graded as garbage.
 */
export function jsonDocumentProblem(text: string): string | undefined {
  const trimmed = text.trim()
  if (trimmed !== '[' && trimmed !== '{') return undefined
  const convert = trimmed === '[' ? ARRAY_TO_LINES : 'jq -c . writes each object on a line'
  return `'${trimmed}' alone on a line: this looks like JSON written over many lines, where JSON lines are read, one value a line (${convert})`
}

/** Why a line that holds an array where a record was expected is suspect: it is a file written as one array, on one line. */
export const ARRAY_ON_ONE_LINE = `this looks like a file written as one JSON array, where JSON lines are read, one value a line (${ARRAY_TO_LINES})`
