/**
 * Why a line that holds only `[` or `{` is suspect: it opens a JSON document written over many
 * lines (`json.dump` with an indent), which read as JSON lines is graded as garbage.
 */
export function jsonDocumentProblem(text: string): string | undefined {
  const trimmed = text.trim()
  if (trimmed !== '[' && trimmed !== '{') return undefined
  const convert = trimmed === '[' ? "jq -c '.[]' turns an array into them" : 'jq -c . writes each object on a line'
  return `'${trimmed}' alone on a line: this looks like JSON written over many lines, where JSON lines are read, one value a line (${convert})`
}
