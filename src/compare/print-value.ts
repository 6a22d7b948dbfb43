import { IDENTIFIER } from '../calls/path'
import { drawnAs } from './look-alikes'
import { clusterStartAtOrAfter, clusterStartAtOrBefore } from '../calls/graphemes'
import { LONE_SURROGATE, partsPair } from '../calls/surrogates'
import { startOf } from '../calls/text-excerpt'
import { prettyFormat } from '#printers'

/** Characters of a string a reason quotes, around where it differs. */
export const MAX_STRING = 60
const MAX_PRINTED = 120

function shorten(value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_STRING ? `${startOf(value, MAX_STRING)}…` : value
}

function cut(printed: string): string {
  return printed.length > MAX_PRINTED ? `${startOfPrinted(printed, MAX_PRINTED)}…` : printed
}

/** An escape cut short at the end of a text: a backslash, then perhaps the start of `\uXXXX` or `\u{…}`. */
const PART_ESCAPE = /\\(?:u(?:\{[0-9a-f]*|[0-9a-f]{0,3})?)?$/

/**
 * The first `end` characters of printed text, fewer where the cut would part an escape that
 * printing wrote (`\u200b`, `\u{e0069}`, `\"`), which would then read as other text, or a character.
 */
export function startOfPrinted(printed: string, end: number): string {
  const start = startOf(printed, end)
  const part = PART_ESCAPE.exec(start)
  if (part === null) return start
  // A backslash begins an escape where an even run of backslashes, escapes themselves, comes before it.
  let before = 0
  while (part.index - before > 0 && start.charCodeAt(part.index - before - 1) === BACKSLASH) before++
  return before % 2 === 0 ? start.slice(0, part.index) : start
}

/**
 * Where to begin the end of printed text cut at `start` or after: past an escape the cut falls
 * inside, and past the rest of a character it would part.
 */
export function printedTailStart(printed: string, start: number): number {
  const at = clusterStartAtOrAfter(printed, start)
  // An escape is at most `\\u{10ffff}`, ten characters: one the cut falls in begins fewer than ten before it.
  ESCAPE.lastIndex = Math.max(0, at - 10)
  while (ESCAPE.lastIndex > 0 && printed.charCodeAt(ESCAPE.lastIndex - 1) === BACKSLASH) ESCAPE.lastIndex--
  for (let escape = ESCAPE.exec(printed); escape !== null && escape.index < at; escape = ESCAPE.exec(printed)) {
    if (escape.index + escape[0].length > at) return escape.index + escape[0].length
  }
  return at
}

/** An escape printing writes, or a backslash escaped: read from a backslash that begins one. */
const ESCAPE = /\\(?:u\{[0-9a-f]+\}|u[0-9a-f]{4}|[^])/g

const BACKSLASH = 0x5c
const SPACE = 0x20
const ESCAPED_SPACE = '\\u0020'

/** A character beyond ASCII that is drawn: none of the invisible ones below, joiners included. */
const DRAWN_BEYOND_ASCII = String.raw`[^\u0000-\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufeff\uffa0\ufff0-\ufff8]`

/** 🏴 then the tags of gbeng, gbsct or gbwls, then the cancel tag, as surrogate pairs. */
const SUBDIVISION_FLAG = String.raw`\ud83c\udff4\udb40\udc67\udb40\udc62(?:\udb40\udc65\udb40\udc6e\udb40\udc67|\udb40\udc73\udb40\udc63\udb40\udc74|\udb40\udc77\udb40\udc6c\udb40\udc73)\udb40\udc7f`

/**
 * Characters a terminal would act on, show as nothing or show as a plain space: controls (line
 * breaks, ESC), the soft hyphen, zero-width characters and fillers (Unicode's default ignorables
 * but for the variation selectors, and the joiners beside a character beyond ASCII, that spell
 * emoji, Persian words and ideographs' variants), direction marks, embeddings and isolates, line
 * and paragraph separators, the byte-order mark, the tag characters that can carry text unseen,
 * (but in the flags of England, Scotland and Wales), spaces other than the space (the braille
 * blank among them), and a surrogate without its pair
 * (which prints as the replacement character). Those beyond the 16-bit range are matched by their
 * surrogate pairs.
 */
const UNSEEN = new RegExp(
  // The flags of England, Scotland and Wales, the only tag sequences that are emoji, print whole; they come first, so their tags are not taken apart.
  `${SUBDIVISION_FLAG}|` +
  String.raw`[\u0000-\u001f\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2000-\u200b\u200e\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufeff\uffa0\ufff0-\ufff8]` +
    // U+1BCA0–1BCA3 shorthand format controls, U+1D173–1D17A musical formatting, U+E0000–E0FFF tags and unassigned ignorables but the variation selectors U+E0100–E01EF.
    String.raw`|\ud82f[\udca0-\udca3]|\ud834[\udd73-\udd7a]|\udb40[\udc00-\udcff\uddf0-\udfff]|[\udb41-\udb43][\udc00-\udfff]|${LONE_SURROGATE.source}` +
    // A joiner with no character drawn beyond ASCII on either side joins nothing drawn: `delete\u200d_all`, `a\u200d\u200db`.
    String.raw`|(?<!${DRAWN_BEYOND_ASCII})[\u200c\u200d](?!${DRAWN_BEYOND_ASCII})`,
  'g',
)
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** A character as its escape; one beyond the 16-bit range (a surrogate pair) by its code point, `\\u{e0069}`, as JavaScript writes it. */
function escapeUnseen(char: string): string {
  if (char.length > 2) return char // a subdivision flag
  return ESCAPES[char] ?? (char.length === 1 ? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}` : `\\u{${char.codePointAt(0)!.toString(16)}}`)
}

/**
 * Those characters written as escapes, so that a value printed on one line stays on one line,
 * model output cannot drive the terminal, and two strings that differ look different.
 */
export function oneLine(printed: string): string {
  UNSEEN.lastIndex = 0
  return UNSEEN.test(printed) ? printed.replace(UNSEEN, escapeUnseen) : printed
}

const QUOTING = /["\\]/g
/** A quote, a backslash, or a character oneLine escapes: one search passes the commonest strings, which hold none, as they are. */
const TO_ESCAPE = new RegExp(`["\\\\]|${UNSEEN.source}`)

/** A string's text as it stands between quotes: its quotes and backslashes escaped, as JSON and pretty-format write them, then what oneLine escapes. */
function visible(text: string): string {
  return TO_ESCAPE.test(text) ? oneLine(text.replace(QUOTING, '\\$&')) : text
}

/**
 * An argument's name as a message prints it beside its value: bare when it is an identifier,
 * else quoted as a string is, so that `f("a: 1, b": 2)` does not read as two arguments; cut in its
 * middle when longer than `shown`, or, where a name of `siblings` (those it is listed among) would
 * then print the same, around where the two differ.
 */
export function printArgName(name: string, others: Iterable<string> | NamesByDrawing = NONE, shown = MAX_STRING, siblings: Iterable<string> = NONE): string {
  const bare = IDENTIFIER.test(name)
  const written = bare ? asItIs : visible
  const alike = alikeOf(name, others)
  const part = (window: string, start: number) => (alike === undefined ? written(window) : escapedApart(window, start, alike, written, name))
  let printed: string
  if (name.length <= shown) {
    printed = part(name, 0)
  } else {
    const [start, endFrom] = middleCut(name, shown)
    const twin = twinWhenCut(name, shown, start, endFrom, siblings)
    // Cut in the middle, names that differ only at one end (`…_celsius`, `…_fahrenheit`) still print apart.
    printed = twin === undefined ? `${part(name.slice(0, start), 0)}…${part(name.slice(endFrom), endFrom)}` : written(cutApart(name, twin, shown)[0])
  }
  return bare ? printed : `"${printed}"`
}

/** Where a name longer than `shown` is cut in its middle: the end of its start, and where its end begins, whole characters either side. */
function middleCut(name: string, shown: number): [number, number] {
  const endFrom = clusterStartAtOrAfter(name, name.length - Math.floor(shown / 3))
  return [clusterStartAtOrBefore(name, shown - (name.length - endFrom)), endFrom]
}

/** A sibling that a middle cut would print as `name`'s: the same start and end, apart in the middle. */
function twinWhenCut(name: string, shown: number, start: number, endFrom: number, siblings: Iterable<string>): string | undefined {
  for (const sibling of siblings) {
    if (sibling === name || sibling.length <= shown) continue
    const [siblingStart, siblingEndFrom] = middleCut(sibling, shown)
    if (siblingStart === start && sibling.length - siblingEndFrom === name.length - endFrom && sibling.startsWith(name.slice(0, start)) && sibling.endsWith(name.slice(endFrom))) return sibling
  }
  return undefined
}

const NONE: readonly string[] = []

/**
 * A name (a tool's) as a message prints it: its unseen characters escaped, cut by `excerpt` when
 * given, and, where it would print alike one of `others` (the names it stands beside), every
 * character beyond ASCII where the two differ as its escape.
 */
export function printName(name: string, others: Iterable<string> | NamesByDrawing = NONE, excerpt?: (name: string) => string): string {
  const shown = excerpt === undefined ? name : excerpt(name)
  const alike = alikeOf(name, others)
  if (alike === undefined) return edgeSpacesEscaped(oneLine(shown))
  // The `…` of a name cut is not the name's own; the other is cut alike, so that where the two differ is told within what shows.
  const cut = shown !== name && shown.endsWith('…')
  const kept = cut ? shown.slice(0, -1) : shown
  const alikeShown = excerpt === undefined ? alike : excerpt(alike)
  const alikeKept = alikeShown !== alike && alikeShown.endsWith('…') ? alikeShown.slice(0, -1) : alikeShown
  return `${escapedApart(kept, 0, alikeKept, oneLine)}${cut ? '…' : ''}`
}

/**
 * A name printed without quotes keeps a space at either end in sight: `get_weather\u0020`, not
 * `get_weather `. The runs are counted by hand: `/ +$/` tries every space of a long run in turn.
 */
function edgeSpacesEscaped(printed: string): string {
  let start = 0
  while (printed.charCodeAt(start) === SPACE) start++
  if (start === printed.length) return ESCAPED_SPACE.repeat(start)
  let end = printed.length
  while (printed.charCodeAt(end - 1) === SPACE) end--
  if (start === 0 && end === printed.length) return printed
  return `${ESCAPED_SPACE.repeat(start)}${printed.slice(start, end)}${ESCAPED_SPACE.repeat(printed.length - end)}`
}

/** Characters of a string shown before where two strings first differ. */
const LEAD = 20

/**
 * Two strings that differ, each quoted and cut to `width` characters around where they first
 * differ, so that the difference shows however far into them it lies.
 */
export function printStringsApart(expected: string, received: string, width = MAX_STRING, canonical?: CanonicalForm): [string, string] {
  const printed = printApart(expected, received, width, visible, visible, canonical)
  // Strings that still print alike differ in characters drawn the same (é composed, or e and an
  // accent; a ligature and its letters; a Cyrillic а for a Latin a): every character beyond ASCII
  // in the part where they differ is then written as its escape, and the rest stays readable.
  if (!drawnAlike(printed[0], printed[1])) return printed
  return printApart(
    expected,
    received,
    width,
    (window, start) => escapedApart(window, start, received, visible, expected),
    (window, start) => escapedApart(window, start, expected, visible, received),
    canonical,
  )
}

const BEYOND_ASCII = /[\ud800-\udbff][\udc00-\udfff]|[^\u0000-\u007f]/g
const HOLDS_BEYOND_ASCII = /[^\u0000-\u007f]/

/**
 * Two printed strings a reader could not tell apart; ASCII alone is drawn as it is, so only text
 * beyond it is looked at. Asked only of strings that differ and are about to be printed.
 */
export function drawnAlike(a: string, b: string): boolean {
  return (HOLDS_BEYOND_ASCII.test(a) || HOLDS_BEYOND_ASCII.test(b)) && drawnAs(a) === drawnAs(b)
}

/** Whether `text` prints alike one of `others` that differs from it. */
export function drawnAlikeAny(text: string, others: Iterable<string> | NamesByDrawing): boolean {
  return alikeOf(text, others) !== undefined
}

/** The first of `others` that differs from `text` and prints alike it. */
function alikeOf(text: string, others: Iterable<string> | NamesByDrawing): string | undefined {
  if (others instanceof NamesByDrawing) return others.alikeOf(text)
  for (const other of others) if (other !== text && drawnAlike(text, other)) return other
  return undefined
}

/**
 * Names kept by how they are drawn, so that those a name prints alike are found at once among
 * thousands; kept when first asked, as most reasons that could ask never do.
 */
export class NamesByDrawing {
  private byDrawing: Map<string, string[]> | undefined = undefined

  constructor(private readonly names: Iterable<string | undefined>) {}

  /** The first of these names that differs from `name` and prints alike it. */
  alikeOf(name: string): string | undefined {
    return (this.byDrawing ??= namesByDrawing(this.names)).get(drawing(name))?.find((other) => other !== name)
  }
}

function namesByDrawing(names: Iterable<string | undefined>): Map<string, string[]> {
  const byDrawing = new Map<string, string[]>()
  for (const name of names) {
    if (name === undefined) continue
    const drawn = drawing(name)
    const alike = byDrawing.get(drawn)
    if (alike === undefined) byDrawing.set(drawn, [name])
    else alike.push(name)
  }
  return byDrawing
}

/** How a text is drawn; ASCII is drawn as it is. */
function drawing(text: string): string {
  return HOLDS_BEYOND_ASCII.test(text) ? drawnAs(text) : text
}

function beyondAsciiEscaped(printed: string): string {
  return printed.replace(BEYOND_ASCII, escapeUnseen)
}

const MARK = /\p{M}/u

/**
 * Where `text` differs from `other`, a string it prints alike: from their first different code
 * unit to where their shared ending begins, each end widened to a whole surrogate pair, and on over
 * the marks that would join what is escaped. Only there are characters beyond ASCII written as
 * escapes, so that Japanese or Russian text around a composed kana or a Latin letter stays readable.
 */
function spanApart(text: string, other: string): [number, number] {
  const shorter = Math.min(text.length, other.length)
  let from = 0
  while (from < shorter && text.charCodeAt(from) === other.charCodeAt(from)) from++
  let shared = 0
  while (shared < shorter - from && text.charCodeAt(text.length - 1 - shared) === other.charCodeAt(other.length - 1 - shared)) shared++
  let to = text.length - shared
  if (partsPair(text, from)) from--
  if (partsPair(text, to)) to++
  while (to < text.length && MARK.test(text[to]!)) to++
  return [from, to]
}

/**
 * A window of `whole` that starts at `start`, written by `shown`, with every character beyond
 * ASCII where `whole` differs from `other` as its escape.
 */
function escapedApart(window: string, start: number, other: string, shown: (text: string) => string, whole = window): string {
  const [from, to] = spanApart(whole, other)
  const apartFrom = Math.min(Math.max(from - start, 0), window.length)
  const apartTo = Math.min(Math.max(to - start, apartFrom), window.length)
  if (apartFrom === apartTo) return shown(window)
  return `${shown(window.slice(0, apartFrom))}${beyondAsciiEscaped(shown(window.slice(apartFrom, apartTo)))}${shown(window.slice(apartTo))}`
}

/** Two long strings cut to `width` characters around where they first differ, `…` where cut: for a diff that quotes them itself. */
export function cutApart(expected: string, received: string, width: number): [string, string] {
  const [cutExpected, cutReceived] = printApart(expected, received, width, asItIs, asItIs)
  return [cutExpected.slice(1, -1), cutReceived.slice(1, -1)]
}

const asItIs = (text: string): string => text

/** How a window of a string is written, given where in the string it starts. */
type WindowShown = (window: string, start: number) => string

function printApart(expected: string, received: string, width: number, shownExpected: WindowShown, shownReceived: WindowShown, canonical?: CanonicalForm): [string, string] {
  if (expected.length <= width && received.length <= width) return [`"${shownExpected(expected, 0)}"`, `"${shownReceived(received, 0)}"`]
  const [expectedStart, receivedStart, expectedEnd, receivedEnd] = windowsApart(expected, received, width, canonical)
  return [printWindow(expected, expectedStart, expectedEnd, shownExpected), printWindow(received, receivedStart, receivedEnd, shownReceived)]
}

/** A string's canonical form, as the score compared strings: where two long strings are cut, what it reads alike is passed over. */
export type CanonicalForm = (s: string) => string

/**
 * Characters of two strings, together, past which a window is placed at their first raw difference:
 * finding the difference `canonical` does not read alike canonicalizes prefixes a score's worth of times.
 */
const CANONICAL_SEARCH_LIMIT = 20_000

function searchesCanonically(expected: string, received: string, canonical: CanonicalForm | undefined): canonical is CanonicalForm {
  return canonical !== undefined && expected.length + received.length <= CANONICAL_SEARCH_LIMIT
}

/**
 * Where two strings first differ, in each: past the differences `canonical` reads alike (case,
 * spaces), so that a window shows the one that made them differ, not one the score accepted.
 */
function firstApart(expected: string, received: string, canonical: CanonicalForm | undefined, backed: number): [number, number] {
  const shorter = Math.min(expected.length, received.length)
  let first = 0
  while (first < shorter && expected.charCodeAt(first) === received.charCodeAt(first)) first++
  if (!searchesCanonically(expected, received, canonical)) return [first, first]
  try {
    const receivedForm = canonical(received)
    // Most differences are ones the canonicalizer reads too: then the first raw one is the one to show, found at once.
    if (!receivedForm.startsWith(canonical(expected.slice(0, first + 1)))) return [first, first]
    const expectedAt = leavesAt(expected, receivedForm, canonical, first)
    const receivedAt = leavesAt(received, canonical(expected), canonical, first)
    // Read alike whole: the score held them apart for something else, and the raw difference is what there is to show.
    if (expectedAt === expected.length && receivedAt === received.length) return [first, first]
    const apart: [number, number] = [backedOver(expected, expectedAt, canonical, first, backed), backedOver(received, receivedAt, canonical, first, backed)]
    // Found by halving, which trusts the canonicalizer to read a prefix as the start of the whole (NFC, a final sigma
    // may not): the two must read alike up to where they are found to differ, or the raw difference is shown.
    return canonical(expected.slice(0, apart[0])) === canonical(received.slice(0, apart[1])) ? apart : [first, first]
  } catch {
    return [first, first]
  }
}

/**
 * Where a difference found at `at` begins once up to `most` characters before it that the canonicalizer
 * drops (spaces it trims) are stepped back over, so that two windows line up: no more than a window's
 * lead can spare, or the difference itself would be pushed out of it.
 */
function backedOver(text: string, at: number, canonical: CanonicalForm, from: number, most: number): number {
  const form = canonical(text.slice(0, at))
  let start = at
  while (start > from && at - start < most && canonical(text.slice(0, start - 1)) === form) start--
  return start
}

/**
 * The first character of `text` at which its canonical form, read a prefix at a time, leaves
 * `otherForm`; its length where it never does. Found by halving, as a canonicalizer that reads
 * character by character (case, spaces, accents) reads each prefix as a prefix of the whole; one
 * that does not gets `from`, the raw first difference.
 */
function leavesAt(text: string, otherForm: string, canonical: CanonicalForm, from: number): number {
  const within = (length: number) => otherForm.startsWith(canonical(text.slice(0, length)))
  if (!within(from)) return from
  if (within(text.length)) return text.length
  let inside = from
  let outside = text.length
  while (outside - inside > 1) {
    const middle = (inside + outside) >>> 1
    if (within(middle)) inside = middle
    else outside = middle
  }
  return inside
}

/** Where the windows of two strings printed apart start and end, and where each differs: each starts as far before where it differs, so that the two line up there. */
function windowsApart(expected: string, received: string, width: number, canonical?: CanonicalForm): [number, number, number, number, number, number] {
  // A few characters before the difference, or more when the rest is shorter than the width.
  const lead = Math.min(LEAD, Math.floor(width / 2))
  const [expectedFirst, receivedFirst] = firstApart(expected, received, canonical, Math.floor(lead / 2))
  const shift = expectedFirst - receivedFirst
  const expectedStart = Math.max(0, shift, Math.min(expectedFirst - lead, Math.max(expected.length, received.length + shift) - width))
  const receivedStart = expectedStart - shift
  const [expectedEnd, receivedEnd] = windowEnds(expected, received, Math.min(expected.length - expectedFirst, received.length - receivedFirst), expectedStart, receivedStart, width)
  return [expectedStart, receivedStart, expectedEnd, receivedEnd, expectedFirst, receivedFirst]
}

/**
 * Whether two strings printed apart to `width` (printStringsApart, cutApart) differ again past
 * the windows shown: their cut ends then hide a difference of their own.
 */
export function differsPastWindows(expected: string, received: string, width: number, canonical?: CanonicalForm): boolean {
  if (expected.length <= width && received.length <= width) return false
  const [, , expectedEnd, receivedEnd, expectedFirst, receivedFirst] = windowsApart(expected, received, width, canonical)
  const [ends, endsReceived] = [Math.max(0, clusterStartAtOrBefore(expected, expectedEnd)), Math.max(0, clusterStartAtOrBefore(received, receivedEnd))]
  const [expectedRest, receivedRest] = [expected.slice(ends), received.slice(endsReceived)]
  if (expectedRest === receivedRest) return false
  if (!searchesCanonically(expected, received, canonical)) return true
  try {
    // The rests past the windows may be cut at places apart (each window `width` long); what follows the
    // first difference, read alike, says there is no other.
    return canonical(expectedRest) !== canonical(receivedRest) && canonical(expected.slice(expectedFirst + 1)) !== canonical(received.slice(receivedFirst + 1))
  } catch {
    return true
  }
}

/**
 * Where the two windows end: as far from each text's end as the other's, where that falls in
 * the ending the two share (no further back than `rest`, the shorter part after where they
 * differ), so that the same text closes both (`lazy dog` against `sleepy dog`, not
 * `dog. Line 32: the qui` against `dog. Line 32: the q`); else `width` after each start.
 */
function windowEnds(expected: string, received: string, rest: number, expectedStart: number, receivedStart: number, width: number): [number, number] {
  let shared = 0
  while (shared < rest && expected.charCodeAt(expected.length - 1 - shared) === received.charCodeAt(received.length - 1 - shared)) shared++
  const fromEnd = Math.max(expected.length - expectedStart, received.length - receivedStart) - width
  if (fromEnd < 0 || fromEnd > shared) return sameLineEnds(expected, received, expectedStart, receivedStart, width)
  return [expected.length - fromEnd, received.length - fromEnd]
}

/**
 * Windows `width` after each start that end at the same line and column, counted from the starts:
 * lines of different lengths before the end would otherwise cut a line the two share at different
 * places, and a nested diff, which compares by line, would mark it as differing.
 */
function sameLineEnds(expected: string, received: string, expectedStart: number, receivedStart: number, width: number): [number, number] {
  const expectedLimit = Math.min(expected.length, expectedStart + width)
  const receivedLimit = Math.min(received.length, receivedStart + width)
  // The start of each window's last line, in as many lines as both windows hold.
  let expectedLine = expectedStart
  let receivedLine = receivedStart
  for (;;) {
    const expectedNewline = expected.indexOf('\n', expectedLine)
    if (expectedNewline === -1 || expectedNewline >= expectedLimit - 1) break
    const receivedNewline = received.indexOf('\n', receivedLine)
    if (receivedNewline === -1 || receivedNewline >= receivedLimit - 1) break
    expectedLine = expectedNewline + 1
    receivedLine = receivedNewline + 1
  }
  const column = Math.min(expectedLimit - expectedLine, receivedLimit - receivedLine)
  return [lineEndAt(expected, expectedLine, column, expectedLimit), lineEndAt(received, receivedLine, column, receivedLimit)]
}

/** Where a window's last line, from `lineStart`, ends: at its column, its newline or the window's limit, whichever comes first. */
function lineEndAt(text: string, lineStart: number, column: number, limit: number): number {
  const lineEnd = text.indexOf('\n', lineStart)
  return Math.min(lineEnd === -1 ? text.length : lineEnd, lineStart + column, limit)
}

function printWindow(text: string, windowStart: number, windowEnd: number, shown: WindowShown): string {
  // A window does not part what is drawn as one character: half of a surrogate pair would print as another, a flag's half as another flag.
  const start = clusterStartAtOrAfter(text, windowStart)
  const end = Math.max(start, clusterStartAtOrBefore(text, windowEnd))
  return `"${start > 0 ? '…' : ''}${shown(text.slice(start, end), start)}${end < text.length ? '…' : ''}"`
}

/** pretty-format's `maxWidth` below: items of a list shown before `…`. */
const MAX_ITEMS = 8

function printNumber(n: number): string {
  return Object.is(n, -0) ? '-0' : String(n)
}

/** A scalar inside a list, as pretty-format prints it (no shortening); undefined for anything else. */
function printListItem(item: unknown): string | undefined {
  if (typeof item === 'string') return `"${visible(item)}"`
  if (typeof item === 'number') return printNumber(item)
  if (typeof item === 'boolean' || item === null) return String(item)
  return undefined
}

/**
 * A plain list of scalars, the usual list in a reason (a oneOf's alternatives, a wrong list),
 * printed as pretty-format prints it below, without loading it or its per-call set-up;
 * undefined for any other list.
 */
function printScalarList(list: readonly unknown[]): string | undefined {
  const shown = Math.min(list.length, MAX_ITEMS)
  const items: string[] = new Array(shown)
  for (let i = 0; i < shown; i++) {
    // A hole prints as nothing there; left to pretty-format.
    if (!(i in list)) return undefined
    const item = printListItem(list[i])
    if (item === undefined) return undefined
    items[i] = item
  }
  return `[${items.join(', ')}${list.length > MAX_ITEMS ? ', …' : ''}]`
}

/** A list that pretty-format would print as its items alone: an ordinary array, not a matcher, with no toJSON. */
function isOrdinaryList(value: object): value is unknown[] {
  if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false
  const list = value as unknown[] & { toJSON?: unknown; $$typeof?: unknown }
  return list.toJSON === undefined && list.$$typeof === undefined
}

/** A value as one short line for a reason: long strings cut, large collections elided. */
export function printValue(value: unknown): string {
  // Primitives, the common case in reasons, print as pretty-format would, without its set-up cost.
  switch (typeof value) {
    case 'string':
      return `"${visible(shorten(value) as string)}"`
    case 'number':
      return printNumber(value)
    case 'boolean':
    case 'undefined':
      return String(value)
    case 'object':
      if (value === null) return 'null'
  }
  let printed: string | undefined
  try {
    printed = typeof value === 'object' && value !== null && isOrdinaryList(value) ? printScalarList(value) : undefined
    if (printed !== undefined) return cut(oneLine(printed))
    const { format, plugins } = prettyFormat()
    printed = format(shorten(value), {
      min: true,
      maxDepth: 4,
      maxWidth: 8,
      plugins: [plugins.AsymmetricMatcher],
    })
  } catch {
    printed = String(typeof value)
  }
  return cut(oneLine(printed))
}

/** Two values that are strings drawn alike (a Cyrillic а for a Latin a): each then prints with printDrawnApart. */
export function valuesDrawnAlike(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a !== b && drawnAlike(a, b)
}

/** A string as printValue prints it, but with every character beyond ASCII where it differs from `alike`, a string drawn alike it, as its escape. */
export function printDrawnApart(value: string, alike: string): string {
  const cut = value.length > MAX_STRING
  return `"${escapedApart(cut ? startOf(value, MAX_STRING) : value, 0, alike, visible, value)}${cut ? '…' : ''}"`
}

export function describeKind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}
