import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import type { ToolCall } from '../../src/calls/tool-call'
import { serializer } from '../../src/matchers/serializer'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

const snapshot = (value: unknown) => serializer.serialize(value, {}, '')

type Twins<T> = [T, T]

/** Two draws of `arbitrary`, most often the same: so that two inputs built of twins differ in a part or two only. */
const twins = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Twins<T>> =>
  fc.oneof({ arbitrary: arbitrary.map((value): Twins<T> => [value, value]), weight: 4 }, { arbitrary: fc.tuple(arbitrary, arbitrary), weight: 1 })

const both = <T, U>([a, b]: Twins<T>, build: (value: T) => U): Twins<U> => [build(a), build(b)]

// Values that differ past each bound of the message: a string's 100th character, a gold string the
// canonicalizer makes alike, strings drawn alike, a list's 20th item, the 7th level, a long name.
const leaf = twins(fc.constantFrom<unknown>(0, 1, 'a', 'Lisbon', 'lisbon', 'Lisb\u043en', 'Lisbon\u200b', `${'x'.repeat(120)}a`, `${'x'.repeat(120)}b`))
const bit = twins(fc.constantFrom(0, 1))
const value: fc.Arbitrary<Twins<unknown>> = fc.oneof(
  leaf,
  fc.tuple(leaf, leaf).map(([k, long]): Twins<unknown> => [{ k: k[0], [`${'key_'.repeat(30)}z`]: long[0] }, { k: k[1], [`${'key_'.repeat(30)}z`]: long[1] }]),
  bit.map((at25) => both(at25, (item) => Array.from({ length: 30 }, (_, i) => (i === 25 ? item : i)))),
  bit.map((at8) => both(at8, (leaf) => [1, 2, 3, 4, 5, 6, 7, 8].reduce<unknown>((inner) => ({ a: inner }), leaf))),
)
const name = twins(fc.constantFrom('search', 'Search', `${'tool_'.repeat(50)}a`, `${'tool_'.repeat(50)}b`))
const argName = fc.constantFrom('q', `${'arg_'.repeat(20)}z`)
const call: fc.Arbitrary<Twins<ToolCall>> = fc
  .tuple(name, fc.array(fc.tuple(argName, value), { maxLength: 2 }))
  .map(([[nameA, nameB], args]) => [
    { name: nameA, args: Object.fromEntries(args.map(([key, [a]]) => [key, a])) },
    { name: nameB, args: Object.fromEntries(args.map(([key, [, b]]) => [key, b])) },
  ])
const calls = fc.array(call, { maxLength: 2 }).map((list): Twins<ToolCall[]> => [list.map(([a]) => a), list.map(([, b]) => b)])
const metric = fc.constantFrom(new ToolCallMetric(), new ToolCallMetric({ level: 'arg' }), new ToolCallMetric({ name: 'toolName' }))

describe('a snapshot of a Score', () => {
  test.prop([metric, calls, calls], { numRuns: 1000 })('two scores that print the same snapshot hold the same data', (metric, [goldA, goldB], [predA, predB]) => {
    const a = metric.score(predA, goldA)
    const b = metric.score(predB, goldB)
    if (snapshot(a) === snapshot(b)) expect(JSON.stringify(a)).toBe(JSON.stringify(b))
  })
})
