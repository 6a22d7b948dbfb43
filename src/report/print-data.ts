import type { NewPlugin } from 'pretty-format'
import { type CanonicalForm, type NamesByDrawing, oneLine, printArgName, printName, printStringsApart, startOfPrinted } from '../compare/print-value'
import { prettyFormat } from '#printers'
import { isRecord } from '../calls/plain-value'
import { MESSAGE_BOUNDS, type PrintBounds } from './print-bounds'

function markerKey(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined
  const keys = Object.keys(value)
  return keys.length === 1 && ['$oneOf', '$optional', '$satisfies', '$matcher'].includes(keys[0]!) ? keys[0] : undefined
}

/** Prints described gold markers (see describeNode) back as the author wrote them: `oneOf("a", "b")`. */
const goldMarkers: NewPlugin = {
  test: (value) => markerKey(value) !== undefined,
  serialize(value, config, indentation, depth, refs, printer) {
    const key = markerKey(value)!
    const inner = (value as Record<string, unknown>)[key]
    const list = (items: unknown[]) => items.map((item) => printer(item, config, indentation, depth, refs)).join(', ')
    switch (key) {
      case '$oneOf':
        return `oneOf(${list(inner as unknown[])})`
      case '$optional':
        return `optional(${list(inner as unknown[])})`
      case '$satisfies':
        return `satisfies(${String(inner)})`
      default:
        return String(inner)
    }
  },
}

/** Whether a described gold value holds a marker (see describeNode). */
export function hasGoldMarker(value: unknown): boolean {
  return holdsMarker(value, () => true)
}

/** Whether a described gold value holds a predicate or a matcher, which its description cannot test. */
export function hasUntestableMarker(value: unknown): boolean {
  return holdsMarker(value, (key) => key === '$satisfies' || key === '$matcher')
}

function holdsMarker(value: unknown, counts: (key: string) => boolean): boolean {
  const key = markerKey(value)
  if (key !== undefined && counts(key)) return true
  if (Array.isArray(value)) return value.some((item) => holdsMarker(item, counts))
  if (isRecord(value)) return Object.values(value).some((item) => holdsMarker(item, counts))
  return false
}

/** Asymmetric matchers as pretty-format prints them, and one it cannot print (no toAsymmetricMatcher, or one that throws) named generically, as reasons name it. */
function matchersOrTheirKind(printMatcher: NewPlugin): NewPlugin {
  return {
    test: printMatcher.test,
    serialize(value, config, indentation, depth, refs, printer) {
      try {
        return printMatcher.serialize(value, config, indentation, depth, refs, printer)
      } catch {
        return 'an asymmetric matcher'
      }
    },
  }
}

/** Which call a value is of: a gold value's described markers print as the author wrote them; a prediction's objects of the same shape are the model's own data. */
export type ValueSide = 'gold' | 'prediction'

let inlinePlugins: Record<ValueSide, NewPlugin[]> | undefined

/** A value of a call on one line, shortened as `bounds` say. */
export function printInline(value: unknown, bounds: PrintBounds = MESSAGE_BOUNDS, side: ValueSide = 'gold'): string {
  let printed: string
  try {
    const { format, plugins } = prettyFormat()
    if (inlinePlugins === undefined) {
      const matchers = matchersOrTheirKind(plugins.AsymmetricMatcher as NewPlugin)
      inlinePlugins = { gold: [goldMarkers, matchers], prediction: [matchers] }
    }
    printed = format(value, { min: true, maxDepth: bounds.depth, maxWidth: bounds.width, plugins: inlinePlugins[side] })
  } catch {
    printed = '[unprintable]'
  }
  printed = oneLine(printed)
  return printed.length > bounds.lineCharacters ? `${startOfPrinted(printed, bounds.lineCharacters - 1)}…` : printed
}

/** A gold string and the predicted string that differs from it, as printInline prints each, cut around where they differ (as `canonical` reads them, where given). */
export function printInlineApart(gold: string, pred: string, bounds: PrintBounds = MESSAGE_BOUNDS, canonical?: CanonicalForm): [string, string] {
  return printStringsApart(gold, pred, bounds.lineCharacters - 2, canonical)
}

/**
 * A call as `name({ a: 1 })`-like text: `search(q: "cats", limit: 3)`. Its name is written in
 * escapes where it would print alike one of `names`, those of the calls listed beside it.
 */
export function printCall(
  name: string,
  args: Record<string, unknown>,
  positional: readonly unknown[] = [],
  names?: Iterable<string> | NamesByDrawing,
  bounds: PrintBounds = MESSAGE_BOUNDS,
  side: ValueSide = 'gold',
): string {
  const parts = positional.map((value) => printInline(value, bounds, side))
  for (const key of Object.keys(args)) parts.push(`${printArgName(key, undefined, bounds.argNameCharacters)}: ${printInline(args[key], bounds, side)}`)
  const text = `${printName(name, names)}(${parts.join(', ')})`
  const shown = bounds.lineCharacters * 2
  return text.length > shown ? `${startOfPrinted(text, shown - 2)}…)` : text
}
