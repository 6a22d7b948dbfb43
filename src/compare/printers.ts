import { packageRequire } from './package-require'

type PrettyFormat = typeof import('pretty-format')
type JestDiff = typeof import('jest-diff')

// Loaded on first use, synchronously: together they take tens of milliseconds to load, and
// most scores and command runs print no object and show no diff.
let prettyFormatModule: PrettyFormat | undefined
let jestDiffModule: JestDiff | undefined

/** pretty-format's `format` and `plugins`. */
export function prettyFormat(): PrettyFormat {
  return (prettyFormatModule ??= packageRequire('pretty-format') as PrettyFormat)
}

/** jest-diff's `diff`. */
export function jestDiff(): JestDiff {
  return (jestDiffModule ??= packageRequire('jest-diff') as JestDiff)
}
