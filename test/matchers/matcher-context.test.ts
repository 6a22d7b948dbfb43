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

  test("colours the gold with the runner's expected colour and the prediction with its received colour", () => {
    const { message } = matchers.toMatchToolCalls.call(taggingContext([]), [search('dogs')], [search('cats')])
    expect(message()).toContain('<expected>    - q: "cats"</expected>')
    expect(message()).toContain('<received>    + q: "dogs"</received>')
  })
})
