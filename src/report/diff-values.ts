import type { DiffOptions } from 'jest-diff'
import type { PrettyFormatOptions } from 'pretty-format'
import { jestDiff, prettyFormat } from '#printers'
import { isPlainObject } from '../calls/plain-value'
import { isAsymmetricMatcher, matcherExpectedType } from '../compare/gold-values'
import { itemPartners } from './align-matched'

/**
 * jest-diff's diff of two values, with plain objects and lists named (`Object {`, `Array [`) as
 * Jest's diffs print them, or not, as Vitest's do. jest-diff takes no option for it, so a diff
 * of two lists or objects is made as jest-diff makes one, from pretty-format's lines of either
 * side, its brackets compared by the parts they open and close (bracketsNamed).
 */
export function diffValues(expected: unknown, received: unknown, options: DiffOptions, printBasicPrototype: boolean): string | null {
  const { diff, diffLinesUnified2 } = jestDiff()
  if (!bothPlain(expected, received)) return diff(expected, received, options)
  const { format, plugins } = prettyFormat()
  const { ReactTestComponent, ReactElement, DOMElement, DOMCollection, Immutable, AsymmetricMatcher } = plugins
  const shown: PrettyFormatOptions = {
    // jest-diff's own plugins, in its order.
    plugins: [ReactTestComponent, ReactElement, DOMElement, DOMCollection, Immutable, AsymmetricMatcher],
    printBasicPrototype,
    compareKeys: options.compareKeys,
  }
  try {
    // Compared unindented, so that a value moved a level deeper is not every line changed.
    const expectedCompared = format(expected, { ...shown, indent: 0 })
    const receivedCompared = format(received, { ...shown, indent: 0 })
    // Values that print alike, or print only by jest-diff's fallback: its own words for them.
    if (expectedCompared === receivedCompared) return diff(expected, received, options)
    const lines = (value: unknown) => format(value, shown).split('\n')
    return diffLinesUnified2(lines(expected), lines(received), ...bracketsNamed(expectedCompared.split('\n'), receivedCompared.split('\n')), options)
  } catch {
    return diff(expected, received, options)
  }
}

/** A part of a printed value that spans lines: the lines of its brackets, and the parts within it, by key or in order. */
interface Part {
  open: number
  close: number
  /** An object's entries that span lines, by their key as printed. */
  entries: Map<string, Part>
  /** A list's items, each its first line, its lines' text and, where it spans lines, its part. */
  items: Array<{ at: number; text: string; part: Part | undefined }>
}

/**
 * The parts of a value printed unindented, or undefined where its lines do not read as brackets nested in order
 * (a matcher that prints a lone quote). pretty-format escapes a quote and a backslash within a string, and writes
 * a string's line breaks as they are.
 */
function partsOf(lines: readonly string[]): Part | undefined {
  // The parts open at a line, each with the first line of the one-line item it is reading, if a list's.
  const stack: Array<{ part: Part; itemFrom: number }> = []
  let root: Part | undefined
  let inString = false
  const endItem = (container: { part: Part; itemFrom: number }, to: number) => {
    const { part, itemFrom } = container
    if (itemFrom >= 0) part.items.push({ at: itemFrom, text: lines.slice(itemFrom, to).join('\n'), part: undefined })
    container.itemFrom = -1
  }
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!
    const fromString = inString
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '\\') i++
      else if (line[i] === '"') inString = !inString
    }
    if (fromString) continue
    const top = stack.at(-1)
    if (line.startsWith('}') || line.startsWith(']')) {
      if (top === undefined || lines[top.part.open]!.at(-1) !== (line[0] === '}' ? '{' : '[')) return undefined
      endItem(top, at)
      top.part.close = at
      stack.pop()
      const parent = stack.at(-1)
      if (parent !== undefined && isList(lines, parent.part)) parent.part.items.push({ at: top.part.open, text: lines.slice(top.part.open, at + 1).join('\n'), part: top.part })
      continue
    }
    if (top !== undefined && isList(lines, top.part)) {
      endItem(top, at)
      top.itemFrom = at
    }
    if (inString || !(line.endsWith('{') || line.endsWith('['))) continue
    const part: Part = { open: at, close: -1, entries: new Map(), items: [] }
    if (top === undefined) root ??= part
    else if (isList(lines, top.part)) top.itemFrom = -1
    else top.part.entries.set(/^"(?:[^"\\]|\\.)*": /.exec(line)?.[0] ?? '', part)
    stack.push({ part, itemFrom: -1 })
  }
  return inString || stack.length > 0 || root === undefined ? undefined : root
}

function isList(lines: readonly string[], part: Part): boolean {
  return lines[part.open]!.endsWith('[')
}

/**
 * The lines of either side to compare, each bracket told by the part it stands beside on the other side: an entry's
 * by its key, a list item's as alignMatched lines the items up (itemPartners), those alike taken; so is a one-line
 * item beside another. jest-diff pairs lines alike, and a bare `},` closing one part, paired with one closing another,
 * marks the agreeing lines between them as changed on both sides, as would an item paired with another printed alike.
 * Lines of a part with none beside it pair as they would without: a value moved a level deeper still agrees.
 */
function bracketsNamed(expected: string[], received: string[]): [string[], string[]] {
  const expectedRoot = partsOf(expected)
  const receivedRoot = partsOf(received)
  if (expectedRoot === undefined || receivedRoot === undefined) return [expected, received]
  const expectedNamed = [...expected]
  const receivedNamed = [...received]
  let ids = 0
  const name = (lines: string[], part: Part, id: string) => {
    lines[part.open] += `\u0000${id}`
    lines[part.close] += `\u0000${id}`
  }
  // A part with none beside it has brackets of its own, and so has every part within it.
  const alone = (lines: string[], part: Part, side: string) => {
    name(lines, part, `${side}${ids++}`)
    for (const inner of part.entries.values()) alone(lines, inner, side)
    for (const item of part.items) if (item.part !== undefined) alone(lines, item.part, side)
  }
  const beside = (gold: Part, pred: Part) => {
    name(expectedNamed, gold, String(ids))
    name(receivedNamed, pred, String(ids++))
    for (const [key, inner] of gold.entries) {
      const other = pred.entries.get(key)
      if (other !== undefined) beside(inner, other)
      else alone(expectedNamed, inner, '-')
    }
    for (const [key, inner] of pred.entries) if (!gold.entries.has(key)) alone(receivedNamed, inner, '+')
    const partners = itemPartners(gold.items, pred.items, (a, b) => a.text === b.text)
    const paired = new Set<number>()
    gold.items.forEach((item, i) => {
      const other = partners[i]! >= 0 ? pred.items[partners[i]!]! : undefined
      if (other === undefined || (item.part === undefined) !== (other.part === undefined)) {
        if (item.part !== undefined) alone(expectedNamed, item.part, '-')
        return
      }
      paired.add(partners[i]!)
      if (item.part !== undefined) return beside(item.part, other.part!)
      expectedNamed[item.at] += `\u0000${ids}`
      receivedNamed[other.at] += `\u0000${ids++}`
    })
    pred.items.forEach((item, i) => {
      if (item.part !== undefined && !paired.has(i)) alone(receivedNamed, item.part, '+')
    })
  }
  beside(expectedRoot, receivedRoot)
  return [expectedNamed, receivedNamed]
}

/** Both lists, or both plain objects, or a matcher that jest-diff diffs as one of them (`expect.objectContaining`). */
function bothPlain(expected: unknown, received: unknown): boolean {
  const kind = Array.isArray(received) ? 'array' : isPlainObject(received) ? 'object' : undefined
  if (kind === undefined) return false
  if (!isAsymmetricMatcher(expected)) return kind === 'array' ? Array.isArray(expected) : isPlainObject(expected)
  return matcherExpectedType(expected) === kind
}
