import { describe, expect, test } from 'vitest'
import { resolveMatchOptions, type Level, type Order } from '../../src/match/options'
import { scoreDetail } from '../../src/matchers/score-detail'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { NO_COLORS } from '../../src/report/colors'

type Call = { name: string; args: Record<string, unknown> }

/** Args as an own-property record, so that a key such as `__proto__` is an argument, not a prototype. */
function argsOf(entries: ReadonlyArray<[string, unknown]>): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const [k, v] of entries) Object.defineProperty(args, k, { value: v, enumerable: true, writable: true, configurable: true })
  return args
}

interface Case {
  gold: Call[]
  pred: Call[]
  level: Level
  order: Order
  allowExtra: boolean
  allowMissing: boolean
}

function detailOf(c: Case): string {
  const score = new ToolCallMetric({ level: c.level, order: c.order }).score(c.pred, c.gold)
  return scoreDetail(score, NO_COLORS, { gold: c.gold, options: resolveMatchOptions({ level: c.level, order: c.order }) }, { extra: c.allowExtra, missing: c.allowMissing })
}

/** Half of a surrogate pair without the other, which a terminal draws as another character. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

describe('examples the laws found', () => {
  test('a value cut to its line is not cut between the halves of a surrogate pair, whose lone half prints as another character', () => {
    const inline = detailOf({ gold: [{ name: 'search', args: { q: ['😀'.repeat(49)] } }], pred: [{ name: 'search', args: { q: 0 } }], level: 'call', order: 'any', allowExtra: false, allowMissing: false })
    expect(inline).not.toMatch(LONE_SURROGATE)
    expect(inline).toContain(`    - q: ["${'😀'.repeat(48)}…\n`)
    // A call listed whole is cut at 200 characters, as unmatched gold: there too.
    const gold = [{ name: '\u0000\u0000\u0000\u0000\u0000a', args: argsOf([['y', 9.51778240489943e-231], ['', 9.99763423663374e-139], ['k', -1], ['\u0000\u0000\u0000\u0000', [{}, 0, true, -1.5755814583826845e-308, 3.432498209605834e-36]], ['q', ['\u0000𐀀𐀀']]]) }]
    const listed = detailOf({ gold, pred: [], level: 'call', order: 'any', allowExtra: false, allowMissing: false })
    expect(listed).not.toMatch(LONE_SURROGATE)
    expect(listed).toContain('q: ["\\u0000𐀀…)\n')
  })
})
