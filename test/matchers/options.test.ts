import { describe, expect, test } from 'vitest'
import { canonicalizers } from '../../src/compare/canonicalizers'

const search = (q: string) => ({ name: 'search', args: { q } })

describe("the matchers' options", () => {
  test('must be an object', () => {
    expect(() => expect([]).toMatchToolCalls([], 'arg' as never)).toThrow(new TypeError('options: expected an object of options, received "arg"'))
    expect(() => expect([]).toMatchToolCalls([], ['arg'] as never)).toThrow(new TypeError('options: expected an object of options, received ["arg"]'))
  })

  test('take true or false for allowExtra and allowMissing', () => {
    expect(() => expect([]).toMatchToolCalls([], { allowExtra: 'yes' as never })).toThrow(
      new TypeError('options.allowExtra: expected true or false, received "yes"'),
    )
  })

  test("name the metric's value errors by their path", () => {
    expect(() => expect([]).toMatchToolCalls([], { level: 'word' as never })).toThrow(
      new TypeError("options.level: expected 'call' or 'arg', received \"word\""),
    )
  })

  test('suggest the nearest value for a misspelt one, as for a misspelt option', () => {
    expect(() => expect([]).toMatchToolCalls([], { level: 'args' as never })).toThrow(
      new TypeError("options.level: expected 'call' or 'arg', received \"args\" (did you mean 'arg'?)"),
    )
    expect(() => expect([]).toMatchToolCalls([], { order: 'strcit' as never })).toThrow(
      new TypeError("options.order: expected 'any' or 'strict' or 'turns', received \"strcit\" (did you mean 'strict'?)"),
    )
    expect(() => expect([search('cats')]).toScoreAtLeast(0.5, [search('cats')], { by: 'F1' as never })).toThrow(
      new TypeError("options.by: expected 'f1', 'precision' or 'recall', received \"F1\" (did you mean 'f1'?)"),
    )
  })

  test('that throw when read are a TypeError naming the options, as the metric names them', () => {
    const throwing = Object.defineProperty({}, 'level', { enumerable: true, get: () => { throw new Error('no level here') } })
    const said = new TypeError('options: could not be read (no level here)')
    expect(() => expect([]).toMatchToolCalls([], throwing)).toThrow(said)
    expect(() => expect([]).toScoreAtLeast(1, [], throwing)).toThrow(said)
  })

  test("gold that throws when read, where toScoreAtLeast asks whether it is options, is a TypeError naming the gold, as toMatchToolCalls' is", () => {
    const throwing = Object.defineProperty({}, 'name', { enumerable: true, get: () => { throw new Error('no name here') } })
    const said = new TypeError('gold: could not be read (no name here)')
    expect(() => expect([]).toMatchToolCalls(throwing as never)).toThrow(said)
    expect(() => expect([]).toScoreAtLeast(1, throwing as never)).toThrow(said)
  })

  test('take one of the three figures for `by`', () => {
    expect(() => expect([search('cats')]).toScoreAtLeast(1, [search('cats')], { by: 'accuracy' as never })).toThrow(
      new TypeError("options.by: expected 'f1', 'precision' or 'recall', received \"accuracy\""),
    )
  })

  test('on a Score, only `by`: the scoring options were applied when it was scored', () => {
    const score = { tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1, level: 'call', pairs: [], unmatchedPred: [], unmatchedGold: [] }
    expect(() => expect(score).toScoreAtLeast(1, { level: 'arg' } as never)).toThrow(/^options\.level: unknown option/)
  })

  test("on a Score, options whose Proxy traps the question whether they are gold are read as options, not the trap's error let through", () => {
    const score = { tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1, level: 'call', pairs: [], unmatchedPred: [], unmatchedGold: [] }
    const asked = new Proxy({ by: 'recall' }, { has: () => { throw new Error('trap') } })
    expect(() => expect(score).toScoreAtLeast(1, asked as never)).not.toThrow()
    const unreadable = new Proxy({ by: 'recall' }, { has: () => { throw new Error('trap') }, get: () => { throw new Error('trap') } })
    expect(() => expect(score).toScoreAtLeast(1, unreadable as never)).toThrow(new TypeError('options: could not be read (trap)'))
  })

  test('on a Score, options given in both places throw, where the second was silently ignored', () => {
    const score = { tp: 1, fp: 1, fn: 0, precision: 0.5, recall: 1, f1: 2 / 3, level: 'call', pairs: [], unmatchedPred: [], unmatchedGold: [] }
    expect(() => (expect(score).toScoreAtLeast as (...args: unknown[]) => void)(0.9, {}, { by: 'recall' })).toThrow(
      new TypeError('options: received {} and {"by": "recall"}; a Score or corpus report takes one object of options: toScoreAtLeast(threshold, { by })'),
    )
    expect(() => (expect(score).toScoreAtLeast as (...args: unknown[]) => void)(0.9, undefined, { by: 'recall' })).not.toThrow()
  })

  test('a further argument throws, where it was silently ignored', () => {
    expect(() => (expect([]).toMatchToolCalls as (...args: unknown[]) => void)([], {}, { allowExtra: true })).toThrow(
      new TypeError('toMatchToolCalls(gold, options?): expected at most two arguments, received 3'),
    )
    expect(() => (expect([]).toScoreAtLeast as (...args: unknown[]) => void)(1, [], {}, { by: 'recall' })).toThrow(
      new TypeError('toScoreAtLeast(threshold, gold?, options?): expected at most three arguments, received 4'),
    )
  })
})

describe('toScoreAtLeast without a Score', () => {
  test('needs the gold', () => {
    // @ts-expect-error the types ask for the gold too
    expect(() => expect([search('cats')]).toScoreAtLeast(1)).toThrow(TypeError)
  })

  test("points a test run's report at its reporter's minF1, where it asked for gold", () => {
    const runReport = { tp: 3, fp: 1, fn: 0, precision: 0.75, recall: 1, f1: 6 / 7, tests: 2, assertions: 2, perTool: {}, worst: [], by: 'f1' }
    expect(() => expect(runReport).toScoreAtLeast(0.9)).toThrow(/^received: a test run's report, which its reporter checks against the option minF1; .*expect\(report\.f1\)/)
  })

  test('says so when options stand where the gold belongs, as in the form for a Score', () => {
    // @ts-expect-error the types ask for the gold too
    expect(() => expect([search('cats')]).toScoreAtLeast(0.5, { by: 'recall' })).toThrow(
      new TypeError(
        'gold: expected the gold calls as the second argument, received options {"by": "recall"}: ' +
          'calls are graded with toScoreAtLeast(threshold, gold, options), a Score or corpus report with toScoreAtLeast(threshold, options)',
      ),
    )
    // A gold call named like an option is still a gold call.
    expect(() => expect([search('cats')]).toScoreAtLeast(1, { name: 'search', args: { q: 'cats' } })).not.toThrow()
    // The option `name` is a canonicalizer, not a gold call's name.
    expect(() => expect([search('cats')]).toScoreAtLeast(0.5, { name: canonicalizers.toolName } as never)).toThrow(
      /^gold: expected the gold calls as the second argument, received options \{"name": \[Function toolName\]\}: /,
    )
    expect(() => expect([search('cats')]).toScoreAtLeast(0.5, { name: 'toolName', level: 'arg' } as never)).toThrow(
      /^gold: expected the gold calls as the second argument, received options \{"level": "arg", "name": "toolName"\}: /,
    )
    // A tool named as a canonicalizer is, called without arguments: the message says how to write that call as gold, which then grades.
    const defaultCall = [{ name: 'default', args: {} }]
    expect(() => expect(defaultCall).toScoreAtLeast(1, { name: 'default' })).toThrow(
      'a call to a tool named "default" is gold written { name: "default", args: {} }',
    )
    expect(defaultCall).toScoreAtLeast(1, { name: 'default', args: {} })
  })
})
