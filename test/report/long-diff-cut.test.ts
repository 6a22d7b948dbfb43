import { describe, expect, test } from 'vitest'
import { type Colors, NO_COLORS } from '../../src/report/colors'
import { longDiffCut } from '../../src/report/long-diff-cut'

const diffOf = (count: number) => Array.from({ length: count }, (_, i) => `  line ${i}`).join('\n')

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
