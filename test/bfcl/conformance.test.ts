import { describe, expect, it } from 'vitest'
import { checkBfclEntry, type BfclVerdict } from '../../src/bfcl/check-entry'
import type { ToolCall } from '../../src/calls/tool-call'
import {
  PYTHON_CATEGORIES,
  alternativeAnswers,
  dataEntries,
  dataEntry,
  firstAnswer,
  orders,
  pythonText,
  type DataEntry,
} from './data-answers'

function check(entry: DataEntry, calls: readonly ToolCall[]): BfclVerdict {
  return checkBfclEntry({ ...entry, model_output: pythonText(calls) })
}

/** The verdicts that are not valid, with the text that got them, for a readable failure. */
function invalid(entry: DataEntry, answers: readonly ToolCall[][]): { text: string; verdict: BfclVerdict }[] {
  return answers
    .map((calls) => ({ text: pythonText(calls), verdict: check(entry, calls) }))
    .filter(({ verdict }) => !verdict.valid)
}

describe.each(PYTHON_CATEGORIES)('every entry of %s', (category) => {
  const entries = dataEntries(category)

  it('accepts the answer built from the first allowed values', () => {
    expect(entries.flatMap((entry) => invalid(entry, [firstAnswer(entry)]))).toStrictEqual([])
  })

  it('accepts the answers built from any other allowed value of one parameter, leaving out one the gold marks optional', () => {
    expect(entries.flatMap((entry) => invalid(entry, alternativeAnswers(entry)))).toStrictEqual([])
  })
})

describe.each(['parallel', 'parallel_multiple'])('every entry of %s', (category) => {
  it('accepts the first-allowed answer in every order (all orders up to 4 calls, 24 beyond)', () => {
    const failures = dataEntries(category).flatMap((entry) => {
      const calls = firstAnswer(entry)
      return invalid(entry, orders(calls.length).map((order) => order.map((i) => calls[i]!)))
    })
    expect(failures).toStrictEqual([])
  })
})

describe('parallel_178, which BFCL greedy pairing rejects in 12 of its 24 orders', () => {
  const entry = dataEntry('parallel_178')
  const calls = firstAnswer(entry)

  it('is valid in all 24 orders of its four calls', () => {
    const verdicts = orders(4).map((order) => check(entry, order.map((i) => calls[i]!)).valid)
    expect(verdicts.filter(Boolean)).toHaveLength(24)
  })
})

describe('the data quirks', () => {
  it('simple_python_307: venue, a string, may be left out or be true as its gold lists', () => {
    const entry = dataEntry('simple_python_307')
    const [call] = firstAnswer(entry)
    expect(check(entry, [call!]).valid).toBe(true)
    expect(check(entry, [{ name: call!.name, args: { ...call!.args, venue: true } }]).valid).toBe(true)
  })

  it('simple_python_307: venue as another string is compared exactly against the gold, as a variable', () => {
    const entry = dataEntry('simple_python_307')
    const [call] = firstAnswer(entry)
    expect(check(entry, [{ name: call!.name, args: { ...call!.args, venue: 'Staples Center' } }]).error_type).toBe('value_error:others')
  })

  it('parallel_multiple_12: giving the gold-only parameter permeability, which the schema lacks, finds no match', () => {
    const entry = dataEntry('parallel_multiple_12')
    const calls = firstAnswer(entry)
    const withPermeability = calls.map((call) => (call.name === 'calculate_voltage_difference' ? { ...call, args: { ...call.args, permeability: 0.1 } } : call))
    const verdict = check(entry, withPermeability)
    expect(verdict.error_type).toBe('parallel_function_checker_no_order:cannot_find_match')
    expect(verdict.errors.join('\n')).toContain("Unexpected parameter: 'permeability'.")
  })

  it('parallel_multiple_26: giving the gold-only parameter type, which the schema lacks, finds no match', () => {
    const entry = dataEntry('parallel_multiple_26')
    const calls = firstAnswer(entry)
    const withType = calls.map((call) => (call.name === 'bank.calculate_balance' ? { ...call, args: { ...call.args, type: 'credit' } } : call))
    expect(check(entry, withType).errors.join('\n')).toContain("Unexpected parameter: 'type'.")
  })

  it('simple_python_200: leaving out a parameter the gold marks optional but the schema requires is missing_required', () => {
    const entry = dataEntry('simple_python_200')
    const [call] = firstAnswer(entry)
    const { fuel_efficiency: _, ...rest } = call!.args
    expect(check(entry, [{ name: call!.name, args: rest }]).error_type).toBe('simple_function_checker:missing_required')
  })
})
