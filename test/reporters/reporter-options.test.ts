import { describe, expect, test } from 'vitest'
import { readReporterOptions } from '../../src/reporters/reporter-options'

describe('readReporterOptions', () => {
  test('fills in the defaults', () => {
    expect(readReporterOptions(undefined, 'r')).toEqual({ minF1: undefined, json: undefined, worst: 5, by: 'f1' })
  })

  test('must be an object of options', () => {
    expect(() => readReporterOptions(['minF1', 0.8], 'r')).toThrow(new TypeError('r options: expected an object of options, received ["minF1", 0.8]'))
  })

  test('names the reporter and suggests the option meant by a typo', () => {
    expect(() => readReporterOptions({ minf1: 0.8 }, 'expect-toolcalls/reporter')).toThrow(
      "expect-toolcalls/reporter options.minf1: unknown option (did you mean 'minF1'?)",
    )
  })

  test('rejects a minF1 outside 0 to 1, such as a percentage, saying the fraction to write', () => {
    expect(() => readReporterOptions({ minF1: 80 }, 'r')).toThrow('r options.minF1: expected a number from 0 to 1, received 80 (for 80%, write 0.8)')
  })

  test('whose getter throws are a TypeError naming the reporter, not the getter\'s own error', () => {
    const throwing = Object.defineProperty({}, 'minF1', { enumerable: true, get: () => { throw new Error('no minF1 here') } })
    expect(() => readReporterOptions(throwing, 'r')).toThrow(new TypeError('r options: could not be read (no minF1 here)'))
  })

  test('refuses a json path that ends in a slash, which names a directory, where the report would be written as a file of its name', () => {
    expect(() => readReporterOptions({ json: 'reports/' }, 'r')).toThrow(
      new TypeError('r options.json: expected the path of a file to write, received "reports/", which ends in a slash and so names a directory'),
    )
    expect(readReporterOptions({ json: 'reports/corpus.json' }, 'r').json).toBe('reports/corpus.json')
  })

  test('suggests the figure meant by a misspelt one', () => {
    expect(() => readReporterOptions({ by: 'recal' }, 'r')).toThrow(new TypeError("r options.by: expected 'f1', 'precision' or 'recall', received \"recal\" (did you mean 'recall'?)"))
  })

  test('rejects a figure to rank by that is not one of the three', () => {
    expect(() => readReporterOptions({ by: 'accuracy' }, 'r')).toThrow("r options.by: expected 'f1', 'precision' or 'recall'")
  })
})
