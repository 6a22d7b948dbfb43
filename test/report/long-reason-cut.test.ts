import { describe, expect, test } from 'vitest'
import { printValue } from '../../src/compare/print-value'
import { longReasonCut } from '../../src/report/long-reason-cut'

/** Whether every backslash in printed text begins a whole escape: `\u200b`, `\u{e0069}`, `\\`, `\"`, `\n`. */
function escapesWhole(printed: string): boolean {
  return /^(?:[^\\]|\\(?:u\{[0-9a-f]+\}|u[0-9a-f]{4}|[\\"nrt]))*$/s.test(printed)
}

describe('longReasonCut', () => {
  test('cuts a long reason at either end without parting an escape its values were printed with', () => {
    const invisible = '\u200b'.repeat(70)
    const reason = `o["k"]: expected ${printValue(`a${invisible}`)}, received ${printValue(`b${invisible}\\"`)}`
    expect(escapesWhole(reason)).toBe(true)
    for (let shown = 150; shown < 260; shown++) {
      const cut = longReasonCut(reason, shown)
      expect(cut.length).toBeLessThanOrEqual(shown + 1)
      expect(cut.split('…').every(escapesWhole), cut).toBe(true)
    }
  })

  test('leaves a reason that fits whole', () => {
    expect(longReasonCut('k: expected 1, received 2', 200)).toBe('k: expected 1, received 2')
  })
})
