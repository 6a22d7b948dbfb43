import { describe, expect, test } from 'vitest'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { type Colors, NO_COLORS } from '../../src/report/colors'
import { formatScore } from '../../src/report/format-score'
import { longDiffCut } from '../../src/report/long-diff-cut'
import { failureMessage } from '../matchers/failure-message'

const diffOf = (count: number) => Array.from({ length: count }, (_, i) => `  line ${i}`).join('\n')

/** A prediction nested 240 deep where the gold is one level: its diff prints every level twice over. */
function deepPrediction(): unknown {
  let value: unknown = 'b'
  for (let i = 0; i < 240; i++) value = [value]
  return value
}

describe('longDiffCut', () => {
  test('a diff of more than 100 lines shows its first 100, then how many more there are', () => {
    const lines = longDiffCut(diffOf(250), NO_COLORS)
    expect(lines).toHaveLength(101)
    expect(lines.slice(0, 100)).toEqual(diffOf(100).split('\n'))
    expect(lines[100]).toBe('… and 150 more lines of the diff')
  })

  test('a diff of 100 lines or fewer is left whole', () => {
    expect(longDiffCut(diffOf(100), NO_COLORS)).toEqual(diffOf(100).split('\n'))
    expect(longDiffCut('  line 0', NO_COLORS)).toEqual(['  line 0'])
  })

  test('one line left out is counted as a line', () => {
    expect(longDiffCut(diffOf(101), NO_COLORS).at(-1)).toBe('… and 1 more line of the diff')
  })

  test('the count is dimmed, as the report dims its other counts', () => {
    const colors: Colors = { ...NO_COLORS, dim: (s) => `<dim>${s}</dim>` }
    expect(longDiffCut(diffOf(101), colors).at(-1)).toBe('<dim>… and 1 more line of the diff</dim>')
  })
})

describe('a nested diff in a failure message', () => {
  test('of a prediction nested 240 deep is cut to 100 lines, indented as the diff lines are', () => {
    const message = failureMessage(() => expect([{ name: 'f', args: { v: deepPrediction() } }]).toMatchToolCalls([{ name: 'f', args: { v: ['a'] } }]))
    const lines = message.split('\n')
    const marker = lines.findIndex((line) => line.includes('more lines of the diff'))
    expect(lines[marker]).toMatch(/^ {8}… and \d+ more lines of the diff$/)
    expect(lines.slice(marker - 100, marker).every((line) => line.startsWith(' '.repeat(8)))).toBe(true)
    expect(lines[marker - 101]).toContain('~ v:')
    expect(lines.length).toBeLessThan(120)
    // Uncut, this message took 125 KB.
    expect(message.length).toBeLessThan(20_000)
  })

  test('cut, still closes on each line every colour it opens', () => {
    const tag = (name: string) => (s: string) => `<${name}>${s}</${name}>`
    const colors: Colors = { expected: tag('e'), received: tag('r'), dim: tag('d'), bold: tag('b') }
    const score = new ToolCallMetric().score([{ name: 'f', args: { v: deepPrediction() } }], [{ name: 'f', args: { v: ['a'] } }])
    const lines = formatScore(score, { colors }).split('\n')
    expect(lines.some((line) => line.includes('more lines of the diff'))).toBe(true)
    for (const line of lines) {
      const opened = line.match(/<[erdb]>/g)?.length ?? 0
      const closed = line.match(/<\/[erdb]>/g)?.length ?? 0
      expect(opened, line).toBe(closed)
    }
  })
})
