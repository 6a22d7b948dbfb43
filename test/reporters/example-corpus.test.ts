import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { runRunner } from './run-runner'

const example = resolve(import.meta.dirname, '../../examples/corpus')

/** The report the example's README shows, which it says both runners print. */
function reportShown(): string {
  const readme = readFileSync(resolve(example, 'README.md'), 'utf8')
  const block = /Both print the same figures:\n\n```\n([\s\S]*?)```/.exec(readme)
  if (block === null) throw new Error("examples/corpus/README.md: no report after 'Both print the same figures:'")
  return block[1]!
}

// The example's corpus, by hand (call level):
//   orders    looks an order up                          TP 1
//             cancels an order                           TP 1
//   refunds   refunds whole dollars                      TP 1  FP 1        (the extra lookup_order)
//             refunds dollars and cents, then cancels    TP 1  FP 2  FN 1  (cancel right; refund 20 for 20.5: FP 1 FN 1; the lookup: FP 1)
//   shipping  tracks a parcel                            TP 1
//             tracks the parcel of an angry customer     TP 1        FN 2  (escalate, importance 2, never called)
// Summed: TP 6, FP 3, FN 3 over 6 assertions; F1 = 12 / (12 + 3 + 3) = 2/3, above the example's minF1 of 0.6.
const EXAMPLE_LINE = 'TP 6  FP 3  FN 3  precision 0.6667  recall 0.6667  F1 0.6667 (micro average over 6 graded assertions)'

// Each test starts a real runner on the example, with the example's own config.
describe('the corpus example', { timeout: 30_000 }, () => {
  test('grades its suite into one corpus figure under Vitest', async () => {
    const outcome = await runRunner('vitest', ['run'], example)
    expect(outcome.exitCode, outcome.output).toBe(0)
    expect(outcome.output).toContain(EXAMPLE_LINE)
    expect(outcome.output).toContain(reportShown())
  })

  test('grades its suite into the same corpus figure under Jest', async () => {
    const outcome = await runRunner('jest', ['--ci'], example)
    expect(outcome.exitCode, outcome.output).toBe(0)
    expect(outcome.output).toContain(EXAMPLE_LINE)
    expect(outcome.output).toContain(reportShown())
  })
})
