import { describe, expect, test } from 'vitest'
import type { ToolCall } from '../../src/calls/tool-call'
import { serializer } from '../../src/matchers/serializer'
import type { Score } from '../../src/metric/score'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { formatScore } from '../../src/report/format-score'
import { oneOf } from '../../src/compare/gold-values'

const metric = new ToolCallMetric()
const snapshot = (score: Score) => serializer.serialize(score, {}, '')
const call = (name: string, args: Record<string, unknown>): ToolCall => ({ name, args })
const range = <T = number>(length: number, item: (i: number) => T = (i) => i as T): T[] => Array.from({ length }, (_, i) => item(i))
const nest = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { a: nest(depth - 1, leaf) })

/**
 * Two scores that differ only where the failure message cuts or counts: the message prints both
 * alike (so the case does reach that bound), and the snapshot tells them apart.
 */
function expectOnlySnapshotApart(a: Score, b: Score): void {
  expect(a).not.toEqual(b)
  expect(formatScore(a)).toBe(formatScore(b))
  expect(snapshot(a)).not.toBe(snapshot(b))
}

describe('a snapshot of a Score differs where the failure message would print two scores alike', () => {
  test('a wrong pair beyond the 50th', () => {
    const gold = range(60, (i) => call(`tool${i}`, { x: 'right' }))
    const pred = (at55: string) => range(60, (i) => call(`tool${i}`, { x: i === 55 ? at55 : 'wrong' }))
    expectOnlySnapshotApart(metric.score(pred('wrong'), gold), metric.score(pred('also wrong'), gold))
  })

  test('an exact pair beyond the 50th', () => {
    const calls = (at55: number) => range(60, (i) => call(`tool${i}`, { x: i === 55 ? at55 : i }))
    expectOnlySnapshotApart(metric.score(calls(55), calls(55)), metric.score(calls(56), calls(56)))
  })

  test('an argument of a pair beyond the 50th', () => {
    const gold = [call('f', Object.fromEntries(range(60, (i) => [`a${i}`, 'right'])))]
    const pred = (at55: string) => [call('f', Object.fromEntries(range(60, (i) => [`a${i}`, i === 55 ? at55 : 'wrong'])))]
    expectOnlySnapshotApart(metric.score(pred('wrong'), gold), metric.score(pred('also wrong'), gold))
  })

  test('an unmatched call beyond the 50th', () => {
    const pred = (at55: number) => range(60, (i) => call('extra', { x: i === 55 ? at55 : i }))
    expectOnlySnapshotApart(metric.score(pred(55), []), metric.score(pred(-55), []))
  })

  test('a value changed after its 100th character', () => {
    const gold = (end: string) => [call('write', { text: `${'x'.repeat(150)}${end}` })]
    expectOnlySnapshotApart(metric.score([], gold('a')), metric.score([], gold('b')))
  })

  test('a list of 30 items changed at item 25', () => {
    const gold = (at25: number) => [call('sum', { items: range(30, (i) => (i === 25 ? at25 : i)) })]
    expectOnlySnapshotApart(metric.score([], gold(25)), metric.score([], gold(-25)))
  })

  test('a value changed 8 levels deep', () => {
    const gold = (leaf: number) => [call('deep', { o: nest(8, leaf) })]
    expectOnlySnapshotApart(metric.score([], gold(1)), metric.score([], gold(2)))
  })

  test('a long tool name changed at its end', () => {
    const pred = (end: string) => [call(`${'tool_'.repeat(50)}${end}`, {})]
    expectOnlySnapshotApart(metric.score(pred('a'), []), metric.score(pred('b'), []))
  })

  test("a long tool name of the model's changed at its end, beside the gold name it was read as", () => {
    // Reads a name by its first word, so a long name of the model's pairs with the gold's.
    const folding = new ToolCallMetric({ name: (name: string) => name.split('_')[0]! })
    const gold = [call('search', { q: 'cats' })]
    const pred = (end: string) => [call(`search_${'x'.repeat(120)}${end}`, { q: 'dogs' })]
    const score = (end: string) => folding.score(pred(end), gold)
    expect(score('a').pairs).toHaveLength(1)
    expectOnlySnapshotApart(score('a'), score('b'))
  })

  test('a long argument name changed in its middle', () => {
    const gold = (middle: string) => [call('f', { [`${'key_'.repeat(20)}${middle}${'_key'.repeat(20)}`]: 1 })]
    expectOnlySnapshotApart(metric.score([], gold('a')), metric.score([], gold('b')))
  })

  test('a reason over 400 characters changed in its middle', () => {
    const key = (middle: string) => `${'k'.repeat(400)}${middle}${'k'.repeat(400)}`
    const score = (middle: string) => metric.score([call('f', { o: { [key(middle)]: 2 } })], [call('f', { o: { [key(middle)]: 1 } })])
    expect(score('a').pairs[0]!.args[0]!.reason!.length).toBeGreaterThan(400)
    expectOnlySnapshotApart(score('a'), score('b'))
  })

  test('a nested diff of over 100 lines changed near its end', () => {
    const gold = [call('f', { items: range(150) })]
    const pred = (at145: number) => [call('f', { items: range(150, (i) => (i === 145 ? at145 : 1000 + i)) })]
    expectOnlySnapshotApart(metric.score(pred(5000), gold), metric.score(pred(5001), gold))
  })

  test('a string in a nested diff changed after its 100th character', () => {
    const gold = [call('f', { o: { text: 'x'.repeat(150) } })]
    const pred = (end: string) => [call('f', { o: { text: `${'y'.repeat(150)}${end}` } })]
    expectOnlySnapshotApart(metric.score(pred('a'), gold), metric.score(pred('b'), gold))
  })

  test('a line of a large nested diff that both sides share', () => {
    const gold = (at100: number) => [call('f', { items: range(200, (i) => (i === 100 ? at100 : i)) })]
    const pred = (at100: number) => [call('f', { items: range(200, (i) => (i === 100 ? at100 : i === 0 ? -1 : i)) })]
    expectOnlySnapshotApart(metric.score(pred(100), gold(100)), metric.score(pred(-100), gold(-100)))
  })

  test('a value over the size that is diffed', () => {
    const gold = [call('f', { items: range(5000) })]
    const pred = (at4900: number) => [call('f', { items: range(5000, (i) => (i === 0 ? -1 : i === 4900 ? at4900 : i)) })]
    expectOnlySnapshotApart(metric.score(pred(4900), gold), metric.score(pred(-4900), gold))
  })

  test('a fractional weight changed beyond its fourth decimal', () => {
    const weighted = (importance: number) => new ToolCallMetric({ grammar: { tools: { f: { importance } } } })
    const gold = [call('f', { x: 1 })]
    expectOnlySnapshotApart(weighted(0.12341).score([], gold), weighted(0.12342).score([], gold))
  })
})

describe('a whole snapshot', () => {
  test('says nothing of what the message would cut or count', () => {
    const gold = range(60, (i) => call(`tool${i}`, { x: 'right' }))
    const pred = range(60, (i) => call(`tool${i}`, { x: 'wrong' }))
    const printed = snapshot(metric.score(pred, gold))
    expect(printed).not.toMatch(/… and \d+ more|cut at|…/)
    expect(printed.match(/✗ gold/g)).toHaveLength(60)
  })

  test('prints a score the message shows whole as the message does, escapes of hidden and look-alike characters and all', () => {
    const lookAlike = metric.score([call('f', { q: 'Lisb\u043En' })], [call('f', { q: 'Lisbon' })])
    const hidden = metric.score([call('f', { q: 'Lisbon\u200b\u001b[2J' })], [call('f', { q: 'Lisbon' })])
    expect(snapshot(lookAlike)).toContain(String.raw`+ q: "Lisb\u043en"`)
    expect(snapshot(hidden)).toContain(String.raw`+ q: "Lisbon\u200b\u001b[2J"`)
    for (const score of [lookAlike, hidden]) expect(snapshot(score)).toBe(formatScore(score))
  })
})

describe('the message and the snapshot of a Score show what the prediction matched, in the same layout', () => {
  test('a gold string the canonicalizer makes alike, in an exact pair and beside a wrong argument', () => {
    const gold = (city: string) => [call('weather', { city, days: 3 })]
    const pred = (days: number) => [call('weather', { city: 'lisbon', days })]
    for (const days of [3, 4]) {
      const [lisbon, upper] = [metric.score(pred(days), gold('Lisbon')), metric.score(pred(days), gold('LISBON'))]
      expect(formatScore(lisbon)).toContain('city: "lisbon"  (gold "Lisbon")')
      expect(formatScore(upper)).toContain('city: "lisbon"  (gold "LISBON")')
      expect(snapshot(lisbon)).toBe(formatScore(lisbon))
    }
    // Only where the gold is other data than the prediction.
    expect(formatScore(metric.score(pred(4), gold('lisbon')))).not.toContain('(gold')
  })

  test('a gold string drawn alike the prediction (é composed or not) prints apart, in escapes, not as the same text twice', () => {
    const score = metric.score([call('f', { s: 'Cafe\u0301' })], [call('f', { s: 'Caf\u00e9' })])
    expect(score.f1).toBe(1)
    for (const printed of [formatScore(score), snapshot(score)]) expect(printed).toContain('s: "Cafe\\u0301"  (gold "Caf\\u00e9")')
  })

  test('the message leaves out the gold a value matched where it is a matcher or a marker, no news; the snapshot shows it', () => {
    const gold = [call('f', { a: oneOf('x', 'y'), b: expect.any(String), e: 'Lisbon' })]
    const score = metric.score([call('f', { a: 'x', b: 'hi', e: 'lisbon' })], gold)
    const message = formatScore(score)
    expect(message).toContain('e: "lisbon"  (gold "Lisbon")')
    expect(message.match(/\(gold /g)).toHaveLength(1)
    expect(message).not.toContain("more arguments")
    expect(snapshot(score)).toContain('a: "x"  (gold oneOf("x", "y"))')
    expect(snapshot(score)).toContain('e: "lisbon"  (gold "Lisbon")')
  })

  test("the model's name for a tool the name canonicalizer reads as the gold's", () => {
    const folding = new ToolCallMetric({ name: 'toolName' })
    const score = folding.score([call('Get-Weather', {})], [call('get_weather', {})])
    expect(formatScore(score)).toContain('✓ gold[0] ↔ pred[0]  get_weather() (predicted as Get-Weather)')
    expect(snapshot(score)).toBe(formatScore(score))
  })

  test('a message lists three arguments of an exact pair that match other data and counts the rest; the snapshot lists them all', () => {
    const args = Object.fromEntries(range(800, (i) => [`a${i}`, `v${i}`]))
    const upper = Object.fromEntries(range(800, (i) => [`a${i}`, `V${i}`]))
    const score = metric.score([call('f', upper), call('g', {})], [call('f', args), call('g', { x: 1 })])
    const message = formatScore(score, { pairLines: { lines: 500, seeAll: 'see the score' } })
    expect(message).toContain('      a2: "V2"  (gold "v2")\n      … and 797 more arguments that match other data\n  ✗ gold[1] ↔ pred[1]  g\n    - x: 1')
    expect(snapshot(score).match(/\(gold "v\d+"\)/g)).toHaveLength(800)
    // Three of them, all listed and none counted.
    const three = formatScore(metric.score([call('f', { a: 'A', b: 'B', c: 'C' }), call('g', {})], [call('f', { a: 'a', b: 'b', c: 'c' }), call('g', { x: 1 })]))
    expect(three).toContain('      c: "C"  (gold "c")\n  ✗ gold[1] ↔ pred[1]  g\n')
  })
})

test('a list given where an object is expected is shown, not only said to be of another type', () => {
  const score = (city: string) => metric.score([call('f', { o: { city } })], [call('f', { o: ['Lisbon'] })])
  expect(snapshot(score('Porto'))).not.toBe(snapshot(score('Faro')))
  expect(snapshot(score('Porto'))).toContain('+ o: {"city": "Porto"}')
  expect(formatScore(score('Porto'))).toContain('+ o: {"city": "Porto"}')
})
