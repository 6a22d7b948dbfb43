import { describe, expect, test } from 'vitest'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { figuresLine } from '../../src/report/figures-line'
import { printBesideThreshold, printFigure } from '../../src/report/print-figure'

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

describe('printBesideThreshold', () => {
  test.each([
    [0.7999959999199984, 0.8, '0.799996'],
    [0.79, 0.8, '0.79'],
    [0.80004, 0.80004, '0.80004'],
    [0.8000049, 0.8000045, '0.800005'],
    [2 / 3, 0.7, '0.6667'],
  ])('%s beside %s prints as %s: on the side of the threshold it is on', (value, threshold, printed) => {
    expect(printBesideThreshold(value, threshold)).toBe(printed)
  })

  test('only the judged figure of a figures line takes more decimals', () => {
    const figures = { tp: 1, fp: 0.25, fn: 0, precision: 0.7999959999199984, recall: 0.7999959999199984, f1: 0.7999959999199984 }
    expect(figuresLine(figures, 4, { by: 'recall', threshold: 0.8 })).toBe('TP 1  FP 0.25  FN 0  precision 0.8  recall 0.799996  F1 0.8')
  })
})
