import { describe, expect, it } from 'vitest'
import { bfclGold } from '../../src/bfcl/gold'
import { BfclInputError } from '../../src/bfcl/input-error'
import { parseTypedJson } from '../../src/bfcl/typed-json'
import { toPlainValue } from '../../src/calls/python-values'
import { oneOf, optional } from '../../src/compare/gold-values'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { PYTHON_CATEGORIES, alternativeAnswers, dataEntries, firstAnswer, pythonText, type DataEntry } from './data-answers'

describe('bfclGold', () => {
  it('refuses allowed values that hold themselves, as a BfclInputError naming the path, not a stack overflow', () => {
    const cycle: unknown[] = []
    cycle.push(cycle)
    expect(() => bfclGold([{ f: { x: [cycle] } }])).toThrow(new BfclInputError('ground_truth[0].f.x', 'nested deeper than 256 levels'))
  })

  it('keeps a single allowed value as the value', () => {
    expect(bfclGold([{ f: { x: [5] } }])).toStrictEqual([{ name: 'f', args: { x: 5 } }])
  })

  it('makes several allowed values oneOf', () => {
    expect(bfclGold([{ f: { x: ['a', 'b'] } }])).toStrictEqual([{ name: 'f', args: { x: oneOf('a', 'b') } }])
  })

  it('keeps null as an allowed value', () => {
    expect(bfclGold([{ f: { x: ['', null] } }])).toStrictEqual([{ name: 'f', args: { x: optional(null) } }])
  })

  it('makes "" optional', () => {
    expect(bfclGold([{ f: { x: [5, ''] } }])).toStrictEqual([{ name: 'f', args: { x: optional(5) } }])
  })

  it('lets "" beside strings or lists also be given as itself, as BFCL accepts it: a string that standardizes to nothing, or an empty list', () => {
    expect(bfclGold([{ f: { unit: ['units', ''] } }])).toStrictEqual([{ name: 'f', args: { unit: optional(oneOf('units', '')) } }])
    expect(bfclGold([{ f: { tags: [['a'], ''] } }])).toStrictEqual([{ name: 'f', args: { tags: optional(oneOf(['a'], [])) } }])
    const metric = new ToolCallMetric({ canonicalizer: 'bfcl' })
    const f1 = (args: Record<string, unknown>, groundTruth: unknown) => metric.score([{ name: 'f', args }], bfclGold(groundTruth)).f1
    expect([f1({ unit: '' }, [{ f: { unit: ['units', ''] } }]), f1({ unit: ' - ' }, [{ f: { unit: ['units', ''] } }]), f1({}, [{ f: { unit: ['units', ''] } }])]).toEqual([1, 1, 1])
    expect(f1({ unit: 'meters' }, [{ f: { unit: ['units', ''] } }])).toBe(0)
    expect([f1({ tags: [] }, [{ f: { tags: [['a'], ''] } }]), f1({ tags: [''] }, [{ f: { tags: [['a'], ''] } }])]).toEqual([1, 0])
  })

  it('makes a lone "" an argument that may be left out or given as a string of nothing to compare', () => {
    expect(bfclGold([{ f: { x: [''] } }])).toStrictEqual([{ name: 'f', args: { x: optional('') } }])
  })

  it('keeps each allowed list as one value: lists compare in order', () => {
    expect(bfclGold([{ f: { x: [['a', 'b'], ['b', 'a']] } }])).toStrictEqual([{ name: 'f', args: { x: oneOf(['a', 'b'], ['b', 'a']) } }])
  })

  it('reads a dict value key by key, with its own allowed lists', () => {
    expect(bfclGold([{ f: { d: [{ a: ['x', 'y'], b: [1, ''] }] } }])).toStrictEqual([
      { name: 'f', args: { d: { a: oneOf('x', 'y'), b: optional(1) } } },
    ])
  })

  it('reads a list of dicts dict by dict', () => {
    expect(bfclGold([{ f: { items: [[{ n: ['a'] }, { n: ['b', ''] }]] } }])).toStrictEqual([
      { name: 'f', args: { items: [{ n: 'a' }, { n: optional('b') }] } },
    ])
  })

  it('unboxes floats into numbers', () => {
    expect(bfclGold(parseTypedJson('[{"f": {"x": [[1.0, 2.5]]}}]'))).toStrictEqual([{ name: 'f', args: { x: [1, 2.5] } }])
  })

  it('throws a BfclInputError naming the path of allowed values that are not a list', () => {
    expect(() => bfclGold([{ f: { x: 5 } }])).toThrow(new BfclInputError('ground_truth[0].f.x', 'expected a list of allowed values, received 5'))
  })
})

// Entries whose gold lies outside what the doc declares, which ToolCallMetric's schema check refuses and
// BFCL accepts: an enum value in another case or form (BFCL checks no enum), a variable name or None where
// the doc declares another type (BFCL accepts the gold's own type), a list of lists for a list of strings.
const OUTSIDE_THEIR_DOCS = [
  'simple_python_149',
  'simple_python_307',
  'simple_python_358',
  'multiple_76',
  'parallel_152',
  'parallel_multiple_21',
  'parallel_multiple_94',
  'parallel_multiple_143',
  'parallel_multiple_173',
  'parallel_multiple_194',
]

describe.each(PYTHON_CATEGORIES)('scoring %s with ToolCallMetric and the bfcl canonicalizer', (category) => {
  const metric = new ToolCallMetric({ canonicalizer: 'bfcl' })
  const entries = dataEntries(category)
  const answers = (entry: DataEntry) => [firstAnswer(entry), ...alternativeAnswers(entry)]

  it('gives every first-allowed and alternative answer an F1 of 1', () => {
    const below = entries.filter((entry) => answers(entry).some((calls) => metric.score(pythonText(calls), bfclGold(entry.ground_truth)).f1 !== 1))
    expect(below.map((entry) => entry.id)).toStrictEqual([])
  })

  it('gives them an F1 of 1 with the plain docs as grammar, where the gold keeps to its doc', () => {
    const below = entries
      .filter((entry) => !OUTSIDE_THEIR_DOCS.includes(entry.id))
      .filter((entry) => {
        const grammar = toPlainValue(entry.functions) as unknown[]
        return answers(entry).some((calls) => metric.score(pythonText(calls), bfclGold(entry.ground_truth), { grammar }).f1 !== 1)
      })
    expect(below.map((entry) => entry.id)).toStrictEqual([])
  })
})
