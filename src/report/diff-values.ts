import type { DiffOptions } from 'jest-diff'
import type { PrettyFormatOptions } from 'pretty-format'
import { jestDiff, prettyFormat } from '#printers'
import { isPlainObject } from '../calls/plain-value'
import { isAsymmetricMatcher, matcherExpectedType } from '../compare/gold-values'

/**
 * jest-diff's diff of two values, with plain objects and lists named (`Object {`, `Array [`) as
 * Jest's diffs print them, or not, as Vitest's do. jest-diff takes no option for it, so a diff
 * without the names is made as jest-diff makes one, from pretty-format's lines of either side.
 */
export function diffValues(expected: unknown, received: unknown, options: DiffOptions, printBasicPrototype: boolean): string | null {
  const { diff, diffLinesUnified2 } = jestDiff()
  if (printBasicPrototype || !bothPlain(expected, received)) return diff(expected, received, options)
  const { format, plugins } = prettyFormat()
  const { ReactTestComponent, ReactElement, DOMElement, DOMCollection, Immutable, AsymmetricMatcher } = plugins
  const shown: PrettyFormatOptions = {
    // jest-diff's own plugins, in its order.
    plugins: [ReactTestComponent, ReactElement, DOMElement, DOMCollection, Immutable, AsymmetricMatcher],
    printBasicPrototype: false,
    compareKeys: options.compareKeys,
  }
  try {
    // Compared unindented, so that a value moved a level deeper is not every line changed.
    const expectedCompared = format(expected, { ...shown, indent: 0 })
    const receivedCompared = format(received, { ...shown, indent: 0 })
    // Values that print alike, or print only by jest-diff's fallback: its own words for them.
    if (expectedCompared === receivedCompared) return diff(expected, received, options)
    const lines = (value: unknown) => format(value, shown).split('\n')
    return diffLinesUnified2(lines(expected), lines(received), expectedCompared.split('\n'), receivedCompared.split('\n'), options)
  } catch {
    return diff(expected, received, options)
  }
}

/** Both lists, or both plain objects, or a matcher that jest-diff diffs as one of them (`expect.objectContaining`). */
function bothPlain(expected: unknown, received: unknown): boolean {
  const kind = Array.isArray(received) ? 'array' : isPlainObject(received) ? 'object' : undefined
  if (kind === undefined) return false
  if (!isAsymmetricMatcher(expected)) return kind === 'array' ? Array.isArray(expected) : isPlainObject(expected)
  return matcherExpectedType(expected) === kind
}
