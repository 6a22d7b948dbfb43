import { describe, expect, test } from 'vitest'
import { evaluate } from '../../src/metric/evaluate'
import { type Figures, figures } from '../../src/metric/figures'
import { perToolCounts } from '../../src/metric/per-tool'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { formatCorpusReport, perToolTable } from '../../src/report/format-corpus-report'

const gold = [{ name: 'get_weather', args: { city: 'Paris' } }]

/** A report's per-tool figures for one episode, every tool its own row: merged reports and test runs may hold any number of tools. */
function perToolOf(pred: unknown): Record<string, Figures> {
  return Object.fromEntries(Object.entries(perToolCounts(new ToolCallMetric().score(pred, gold))).map(([tool, counts]) => [tool, figures(counts)]))
}

describe('the per-tool table', () => {
  test('aligns its columns to the widest cell', () => {
    const report = evaluate([{ pred: [{ name: 'get_weather', args: { city: 'Paris' } }, { name: 'a', args: {} }], gold }], new ToolCallMetric())
    expect(perToolTable(report.perTool)).toEqual([
      '  tool         TP  FP  FN  precision  recall  F1',
      '  a             0   1   0          0       0   0',
      '  get_weather   1   0   0          1       1   1',
    ])
  })

  test("cuts a tool's long name, so that one name the model made up does not widen every row", () => {
    const long = 'n'.repeat(10_000)
    const pred = [...Array.from({ length: 100 }, (_, i) => ({ name: `t${i}`, args: {} })), { name: long, args: {} }]
    const lines = perToolTable(perToolOf(pred))
    expect(lines).toHaveLength(103)
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(120)
    expect(lines.some((line) => line.startsWith(`  ${'n'.repeat(59)}…  `))).toBe(true)
  })

  test('prints a table of 200,000 tools the model made up, which a spread into Math.max overflowed', () => {
    const pred = Array.from({ length: 200_000 }, (_, i) => ({ name: `tool_${i}`, args: {} }))
    const text = formatCorpusReport({ ...evaluate([{ pred: [], gold }]), perTool: perToolOf(pred) })
    expect(text).toMatch(/\n {2}tool_199999 +0 +1 +0 +0 +0 +0\n/)
  })
})

describe('the lowest episodes', () => {
  test("print an episode's id with its invisible characters as escapes", () => {
    const text = formatCorpusReport(evaluate([{ id: 'ep\u202e1\u200b', pred: [], gold }], new ToolCallMetric()))
    expect(text).toContain('episode 0 (id "ep\\u202e1\\u200b")')
    expect(text).not.toMatch(/[\u202e\u200b]/)
  })
})
