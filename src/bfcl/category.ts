/** BFCL's AST categories, the checker each uses and the language its values are written in. */

export type BfclLanguage = 'Python' | 'Java' | 'JavaScript'
export type BfclChecker = 'simple' | 'multiple' | 'parallel'

export interface BfclCategory {
  name: string
  checker: BfclChecker
  language: BfclLanguage
}

const CANONICAL_NAMES: ReadonlyMap<string, string> = new Map([
  ['simple_python', 'simple_python'],
  ['simple', 'simple_python'],
  ['multiple', 'multiple'],
  ['parallel', 'parallel'],
  ['parallel_multiple', 'parallel_multiple'],
  ['simple_java', 'simple_java'],
  ['java', 'simple_java'],
  ['simple_javascript', 'simple_javascript'],
  ['javascript', 'simple_javascript'],
  ['live_simple', 'live_simple'],
  ['live_multiple', 'live_multiple'],
  ['live_parallel', 'live_parallel'],
  ['live_parallel_multiple', 'live_parallel_multiple'],
])

/** The names BFCL gives its AST categories (older names such as `simple` and `java` are read as their new ones). */
export const BFCL_CATEGORIES: readonly string[] = [...new Set(CANONICAL_NAMES.values())]

// `parallel_multiple_12`, `simple_python_3`, `live_simple_0-0-0`
const ID = /^(.+?)_\d+(?:-\d+)*$/

/**
 * The category an entry's id names: `parallel_multiple_12` -> parallel_multiple,
 * `simple_java_3` -> simple_java, `simple_3` and `simple_python_3` -> simple_python.
 */
export function categoryOf(id: string): string | undefined {
  if (typeof id !== 'string') return undefined
  const prefix = ID.exec(id)?.[1]
  return prefix === undefined ? undefined : CANONICAL_NAMES.get(prefix)
}

/** A category by its name or an older alias, or undefined when BFCL has no such AST category. */
export function bfclCategory(name: string): BfclCategory | undefined {
  const canonical = CANONICAL_NAMES.get(name)
  if (canonical === undefined) return undefined
  // BFCL's own dispatch: by substring, parallel first.
  const checker: BfclChecker = canonical.includes('parallel') ? 'parallel' : canonical.includes('multiple') ? 'multiple' : 'simple'
  const language: BfclLanguage = canonical === 'simple_java' ? 'Java' : canonical === 'simple_javascript' ? 'JavaScript' : 'Python'
  return { name: canonical, checker, language }
}
