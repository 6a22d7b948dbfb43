import { describe, expect, test } from 'vitest'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { figuresLine } from '../../src/report/figures-line'
import { printFigure } from '../../src/report/print-figure'

describe('printFigure', () => {
  test.each([
    [0.5, '0.5'],
    [2 / 3, '0.6667'],
    [1, '1'],
    [0, '0'],
    [12, '12'],
    [0.99997, '0.99997'],
    [0.9999749993749844, '0.99997'],
    [1 - 1e-12, '0.999999999999'],
    [0.00001, '0.00001'],
    [2.999999, '2.999999'],
    [1e-30, '1e-30'],
  ])('%s prints as %s: at most four decimals, but never a whole number it is not', (value, printed) => {
    expect(printFigure(value)).toBe(printed)
  })

  test('a recall beside a false negative does not print as 1', () => {
    const calls = (n: number) => Array.from({ length: n }, (_, i) => ({ name: 'f', args: { i } }))
    expect(figuresLine(new ToolCallMetric().score(calls(19_999), calls(20_000)))).toBe(
      'TP 19999  FP 0  FN 1  precision 1  recall 0.99995  F1 0.99997 (call level)',
    )
  })
})
