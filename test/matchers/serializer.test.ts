import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { format } from 'pretty-format'
import { describe, expect, test } from 'vitest'
import { evaluate } from '../../src/metric/evaluate'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { oneOf, optional } from '../../src/compare/gold-values'
import { serializer } from '../../src/matchers/serializer'
import { scoreReadAgainThrows } from '../fixtures/score-read-again-throws'
import { ROOT } from '../cli/run-cli'

const score = new ToolCallMetric().score([{ name: 'search', args: { q: 'dogs' } }], [{ name: 'search', args: { q: 'cats' } }])

describe('the snapshot serializer', () => {
  test('recognises a Score by its shape, also when read back from JSON', () => {
    expect(serializer.test(score)).toBe(true)
    expect(serializer.test(JSON.parse(JSON.stringify(score)))).toBe(true)
  })

  test("prints a Score whose prediction's getter throws when read again by its figures and why, rather than throwing out of the snapshot", () => {
    expect(format(scoreReadAgainThrows(), { plugins: [serializer] })).toBe(
      "The score's pairs could not be printed: a value in them threw when read again (Error: read after scoring).\n\nTP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)",
    )
  })

  // Printed whole, the list would be written out hole by hole until the heap runs out: so the child's heap is small.
  test("prints a Score whose prediction's getter answers a vast list of holes when read again by its figures and why (the built package)", () => {
    const script = `const { ToolCallMetric } = await import(${JSON.stringify(join(ROOT, 'dist/index.js'))})
const { serializer } = await import(${JSON.stringify(join(ROOT, 'dist/matchers.js'))})
let scored = false
const args = Object.defineProperty({}, 'xs', { enumerable: true, get: () => (scored ? Object.assign([1], { length: 2 ** 32 - 1 }) : [1]) })
const score = new ToolCallMetric().score([{ name: 'f', args }], [{ name: 'f', args: { xs: [2] } }])
scored = true
process.stdout.write(serializer.serialize(score, {}, ''))`
    const child = spawnSync(process.execPath, ['--max-old-space-size=128', '--input-type', 'module', '-e', script], { encoding: 'utf8', timeout: 60_000 })
    expect({ status: child.status, signal: child.signal, stdout: child.stdout }).toEqual({
      status: 0,
      signal: null,
      stdout:
        "The score's pairs could not be printed: a value in them was refused when read again (pairs[0].pred.args.xs[1]: expected JSON-like data, received a hole in the list).\n\nTP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level)",
    })
  })

  // A getter read to check the value and again to print it could answer the check and the print apart.
  test("reads each of a Score's predicted values once to print it, a nested diff's too", () => {
    let reads = 0
    let scored = false
    const filters = Object.defineProperty({}, 'city', {
      enumerable: true,
      get: () => {
        if (scored) reads++
        return 'Paris'
      },
    })
    const gold = [{ name: 'search', args: { filters: { city: 'Rome' } } }]
    const shared = new ToolCallMetric().score([{ name: 'search', args: { filters } }], gold)
    scored = true
    const plain = new ToolCallMetric().score([{ name: 'search', args: { filters: { city: 'Paris' } } }], gold)
    expect(format(shared, { plugins: [serializer] })).toBe(format(plain, { plugins: [serializer] }))
    expect(reads).toBe(1)
  })

  test('leaves other values to the runner', () => {
    expect(serializer.test(evaluate([]))).toBe(false)
    expect(serializer.test({ tp: 1, fp: 0, fn: 0 })).toBe(false)
    expect(serializer.test(null)).toBe(false)
  })

  test("leaves to the runner a user's object that only looks like a Score, which it could not print", () => {
    const lookalikes = [
      { tp: 1, fp: 0, fn: 0, pairs: [{ foo: 1 }], unmatchedPred: [], unmatchedGold: [] },
      { tp: 1, fp: 0, fn: 0, pairs: [], unmatchedPred: [], unmatchedGold: [] },
    ]
    for (const value of lookalikes) {
      expect(serializer.test(value)).toBe(false)
      expect(format(value, { plugins: [serializer] })).toBe(format(value))
    }
  })

  test("leaves to the runner a Score beside fields of the user's own, which its diff would leave out", () => {
    const noted = { ...score, note: 'flaky tool' }
    expect(serializer.test(noted)).toBe(false)
    expect(format(noted, { plugins: [serializer] })).toContain('"note": "flaky tool"')
  })

  test("names a nested diff's objects and lists as the snapshot's own setting does: pretty-format's printBasicPrototype", () => {
    const nested = new ToolCallMetric().score([{ name: 'f', args: { a: { x: 1 } } }], [{ name: 'f', args: { a: { x: 2 } } }])
    expect(format(nested, { plugins: [serializer] })).toContain('Object {')
    const unnamed = format(nested, { plugins: [serializer], printBasicPrototype: false })
    expect(unnamed).not.toContain('Object {')
    expect(unnamed).toContain('-   "x": 2,')
  })

  test('prints no colour', () => {
    expect(serializer.serialize(score, {}, '')).not.toContain('\u001b[')
  })

  test('keeps the indentation of a Score nested in another value', () => {
    expect({ episode: 'a', score }).toMatchInlineSnapshot(`
      {
        "episode": "a",
        "score": Pairs (- gold, + prediction):
          ✗ gold[0] ↔ pred[0]  search
            - q: "cats"
            + q: "dogs"  ← expected "cats", received "dogs"

        TP 0  FP 1  FN 1  precision 0  recall 0  F1 0 (call level),
      }
    `)
  })

  test("prints a reason as the score holds it, its quoted values cut where it was scored, and the values whole beside it", () => {
    const [gold, pred] = ['Y', 'X'].map((end) => 'lorem ipsum '.repeat(30) + end)
    const score = new ToolCallMetric().score([{ name: 'f', args: { s: pred } }], [{ name: 'f', args: { s: gold } }])
    const printed = format(score, { plugins: [serializer] })
    expect(printed).toContain(`  ← ${score.pairs[0]!.args[0]!.reason}`)
    expect(printed).toContain(`- s: "${gold}"`)
    expect(printed).toContain(`+ s: "${pred}"`)
  })

  test('diffs a nested argument whose gold is optional() or oneOf() against the value it stands for', () => {
    const pred = [{ name: 'hotel', args: { filters: { amenities: ['pool', 'gym'], stars: 3 } } }]
    const inner = { amenities: ['pool', 'spa'], stars: 4 }
    for (const filters of [optional(inner), oneOf(inner, { amenities: ['sauna'], stars: 5 })]) {
      const printed = format(new ToolCallMetric().score(pred, [{ name: 'hotel', args: { filters } }]), { plugins: [serializer] })
      expect(printed).toContain('-     "spa",\n        +     "gym",')
      expect(printed).toContain('-   "stars": 4,\n        +   "stars": 3,')
    }
  })
})
