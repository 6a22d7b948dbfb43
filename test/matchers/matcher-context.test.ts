import { describe, expect, test } from 'vitest'
import { matchers } from '../../src/matchers/index'
import type { MatcherContext } from '../../src/matchers/matcher-context'

const search = (q: string) => ({ name: 'search', args: { q } })

/** A runner's context whose utils record that they were read, with colours written as tags. */
function taggingContext(reads: string[]): MatcherContext {
  const utils: MatcherContext['utils'] = {
    matcherHint: (name) => `expect(received).${name}(…)`,
    EXPECTED_COLOR: (s) => `<expected>${s}</expected>`,
    RECEIVED_COLOR: (s) => `<received>${s}</received>`,
    DIM_COLOR: (s) => s,
    BOLD_WEIGHT: (s) => s,
  }
  return {
    isNot: false,
    promise: '',
    equals: () => false,
    customTesters: [],
    get utils() {
      reads.push('utils')
      return utils
    },
  }
}

describe('the matchers inside a runner', () => {
  test.each([
    ['toMatchToolCalls', (context: MatcherContext) => matchers.toMatchToolCalls.call(context, [search('cats')], [search('cats')])],
    ['toScoreAtLeast', (context: MatcherContext) => matchers.toScoreAtLeast.call(context, [search('cats')], 1, [search('cats')])],
    ['toHaveCalledTool', (context: MatcherContext) => matchers.toHaveCalledTool.call(context, [search('cats')], 'search', { q: 'cats' })],
  ])('%s formats nothing until the runner asks for the message', (_, assert) => {
    const reads: string[] = []
    expect(assert(taggingContext(reads)).pass).toBe(true)
    expect(reads).toEqual([])
  })

  test("colours the gold with the runner's expected colour and the prediction with its received colour, under the runner's hint", () => {
    const { message } = matchers.toMatchToolCalls.call(taggingContext([]), [search('dogs')], [search('cats')])
    expect(message()).toMatch(/^expect\(received\)\.toMatchToolCalls\(…\)\n/)
    expect(message()).toContain('<expected>    - q: "cats"</expected>')
    expect(message()).toContain('<received>    + q: "dogs"</received>')
  })

  test.each([
    ['toMatchToolCalls', (context: MatcherContext, pred: unknown, gold: any) => matchers.toMatchToolCalls.call(context, pred, gold)],
    ['toScoreAtLeast', (context: MatcherContext, pred: unknown, gold: any) => matchers.toScoreAtLeast.call(context, pred, 1, gold)],
    ['toHaveCalledTool', (context: MatcherContext, pred: unknown, gold: any) => matchers.toHaveCalledTool.call(context, pred, 'f', gold[0].args)],
  ])("%s shows a nested diff around its changes, and whole where the runner's context asks for it (Jest's --expand)", (_, assert) => {
    const xs = Array.from({ length: 20 }, (_, i) => i)
    const [pred, gold] = [[{ name: 'f', args: { xs: xs.map((x) => (x === 10 ? -1 : x)) } }], [{ name: 'f', args: { xs } }]]
    const diffLines = (context: MatcherContext) => assert(context, pred, gold).message().split('\n').filter((line) => /^ {8}/.test(line)).length
    expect(diffLines(taggingContext([]))).toBe(13)
    expect(diffLines({ ...taggingContext([]), expand: true })).toBe(23)
  })

  test("writes a plain message, and Jest's hint itself, where the runner's utils are not Jest's (Bun's: no DIM_COLOR, painting in quotes, hinting with values)", () => {
    const bunLike = {
      ...taggingContext([]),
      isNot: true,
      promise: 'resolves',
      utils: {
        // Bun's utils are methods of their object; its matcherHint prints its arguments as values.
        matcherHint(this: unknown, name: string, received?: string, expected?: string) {
          return `expect(received).${name}(expected)\n\nExpected: "${expected}"\nReceived: "${received}"\n`
        },
        EXPECTED_COLOR: (s: string) => JSON.stringify(s),
        RECEIVED_COLOR: (s: string) => JSON.stringify(s),
      },
    }
    const { pass, message } = matchers.toMatchToolCalls.call(bunLike, [search('cats')], [search('cats')])
    expect(pass).toBe(true)
    expect(message()).toMatch(/^expect\(received\)\.resolves\.not\.toMatchToolCalls\(gold\)\n\nExpected the calls not to match the gold, but they do\.\n/)
    expect(message()).toContain('\n  ✓ gold[0] ↔ pred[0]  search(q: "cats")\n')
    // Neither `.not` nor a promise, and a second argument.
    const plain = { ...bunLike, isNot: false, promise: '' }
    const failed = matchers.toMatchToolCalls.call(plain, [search('dogs')], [search('cats')], { level: 'arg' })
    expect(failed.message()).toMatch(/^expect\(received\)\.toMatchToolCalls\(gold, options\)\n\nExpected the calls to match the gold, but 1 pair differs\.\n/)
    expect(failed.message()).toContain('\n    - q: "cats"\n    + q: "dogs"  ← expected "cats", received "dogs"\n')
  })

  test("colours such a message as Jest does where Bun prints in colour (Bun.enableANSIColors), the hint's parts as Jest's", () => {
    const bunLike = { ...taggingContext([]), isNot: true, promise: 'resolves', utils: { matcherHint: () => '', EXPECTED_COLOR: JSON.stringify, RECEIVED_COLOR: JSON.stringify } }
    const globals = globalThis as { Bun?: { enableANSIColors: boolean } }
    globals.Bun = { enableANSIColors: true }
    try {
      const message = matchers.toMatchToolCalls.call({ ...bunLike, isNot: false, promise: '' }, [search('dogs')], [search('cats')]).message()
      expect(message).toMatch(/^\x1b\[2mexpect\(\x1b\[22m\x1b\[31mreceived\x1b\[39m\x1b\[2m\)\x1b\[22m\x1b\[2m\.\x1b\[22mtoMatchToolCalls\x1b\[2m\(\x1b\[22m\x1b\[32mgold\x1b\[39m\x1b\[2m\)\x1b\[22m\n/)
      expect(message).toContain('\x1b[32m    - q: "cats"\x1b[39m')
      expect(message).toContain('\x1b[31m    + q: "dogs"\x1b[39m')
      const negated = matchers.toMatchToolCalls.call(bunLike, [search('cats')], [search('cats')]).message()
      expect(negated).toContain('\x1b[2m)\x1b[22m\x1b[2m.\x1b[22mresolves\x1b[2m.\x1b[22mnot\x1b[2m.\x1b[22mtoMatchToolCalls')
      globals.Bun = { enableANSIColors: false }
      expect(matchers.toMatchToolCalls.call(bunLike, [search('cats')], [search('cats')]).message()).not.toContain('\x1b[')
    } finally {
      delete globals.Bun
    }
  })
})
