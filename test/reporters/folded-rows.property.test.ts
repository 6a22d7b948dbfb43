import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fc, test } from '@fast-check/vitest'
import { describe, expect, TestRunner } from 'vitest'
import { matchers } from '../../src/matchers/index'
import type { MatcherContext } from '../../src/matchers/matcher-context'
import { testReportProblem } from '../../src/cli/test-report-json'
import { JEST_RUN_FOLDER, recordOnRunningTest, type TestToolCalls } from '../../src/matchers/record-score'
import { evaluate } from '../../src/metric/evaluate'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { type GradedTest, isTestToolCalls } from '../../src/reporters/graded-test'
import { takeRunRecords } from '../../src/reporters/jest-run-folder'
import { mergeTestCorpora } from '../../src/reporters/merge-test-corpora'
import { type TestCorpusReport, testCorpus } from '../../src/reporters/test-corpus'

// A few tools, the keys of an object's prototype among them, each called by any spelling that `name: 'toolName'` folds to it;
// the model alone names the rows that stand for no tool, and a tool of its own.
const TOOLS = ['get_w', '__proto__', 'constructor']
const MODELS_TOOLS = ['(unparseable)', '(other tools)', 'mistyped']
const spelling = (tool: string) =>
  fc.tuple(...[...tool].map((char) => (char === '_' ? fc.constantFrom('_', '.', '-') : fc.constantFrom(char.toLowerCase(), char.toUpperCase())))).map((chars) => chars.join(''))
const call = (tools: string[]) => fc.record({ name: fc.constantFrom(...tools).chain(spelling), args: fc.record({ x: fc.nat(1), y: fc.nat(1) }, { requiredKeys: [] }) })
// A prediction may also be unreadable, counted under (unparseable).
const prediction = fc.oneof({ weight: 8, arbitrary: call([...TOOLS, ...MODELS_TOOLS]) }, { weight: 1, arbitrary: fc.constant(42) })
const TESTS = [
  { file: 'a.test.ts', test: 'one' },
  { file: 'a.test.ts', test: 'two' },
  { file: 'b.test.ts', test: 'one' },
]
const episode = fc.record({
  pred: fc.array(prediction, { minLength: 1, maxLength: 3 }),
  // Often none, so that the model names a tool before the gold does.
  gold: fc.oneof(fc.constant([]), fc.array(call(TOOLS), { maxLength: 2 })),
  test: fc.nat(TESTS.length - 1),
  matcher: fc.constantFrom('toMatchToolCalls', 'toScoreAtLeast'),
})
const toolName = (name: string) => name.toLowerCase().replace(/[.-]/g, '_')
/** toolName as an author writes it, which cannot take the model's made-up tool (its calls then count under its own spelling). */
function ourToolName(name: string): string {
  if (toolName(name) === 'mistyped') throw new Error('not a tool of ours')
  return toolName(name)
}
/** An author's folding that would change (unparseable), which stands for no tool and is never folded. */
const upperToolName = (name: string) => toolName(name).toUpperCase()
// Tenths, whose sums are not exact in doubles, and 0: a tool that weighs nothing leaves a row of zeros, whose counts do not tell that the gold named it.
const weight = fc.constantFrom(0, 0.1, 0.2, 0.7, 1)
const options = fc.record({
  name: fc.constantFrom<'toolName' | typeof ourToolName>('toolName', ourToolName, upperToolName),
  level: fc.constantFrom('call', 'arg'),
  grammar: fc.tuple(...TOOLS.map(() => weight), weight, weight).map(([...weights]) => {
    const [x, y] = weights.splice(-2)
    // Built with entries, so that `__proto__` is a tool and not the object's prototype.
    return { tools: Object.fromEntries(TOOLS.map((tool, i) => [tool, { importance: weights[i], args: { x: { importance: x }, y: { importance: y } } }])) }
  }),
})

type Episode = typeof episode extends fc.Arbitrary<infer E> ? E : never

function grade(context: MatcherContext, { pred, gold, matcher }: Episode, scoring: object): void {
  if (matcher === 'toMatchToolCalls') matchers.toMatchToolCalls.call(context, pred, gold as never, scoring as never)
  else matchers.toScoreAtLeast.call(context, pred, 0, gold as never, scoring as never)
}

/** Each test's sums as the Vitest reporter reads them from its task, after a first attempt that the retry starts again. */
function gradedUnderVitest<E extends Episode>(episodes: readonly E[], scoringOf: (episode: E) => object, retried: readonly boolean[] = []): GradedTest[] {
  const graded: GradedTest[] = []
  TESTS.forEach((place, i) => {
    const task = { meta: {} as { toolcalls?: TestToolCalls }, result: { retryCount: 0 } }
    const context = { isNot: false, promise: '', task, utils: {} } as unknown as MatcherContext
    const own = episodes.filter((e) => e.test === i)
    if (retried[i]) {
      // A first attempt unlike the last: the gold's spellings as the model's alone.
      for (const e of [...own].reverse()) grade(context, { ...e, pred: [...e.gold], gold: [] }, scoringOf(e))
      task.result.retryCount = 1
    }
    for (const e of own) grade(context, e, scoringOf(e))
    if (task.meta.toolcalls === undefined) return
    // Handed from the worker to the reporter as JSON, which takes a test's sums of their shape only, and its last attempt's.
    const sums: unknown = JSON.parse(JSON.stringify(task.meta.toolcalls))
    expect(isTestToolCalls(sums) && sums.attempt === (retried[i] ? 1 : undefined)).toBe(true)
    const { attempt: _, ...lastAttempt } = sums as TestToolCalls
    graded.push({ ...place, ...lastAttempt })
  })
  return graded
}

/** Each test's sums as the Jest reporter reads them from the run folder, after a first attempt that the retry starts again. */
function gradedUnderJest(episodes: readonly Episode[], scoring: object, retried: readonly boolean[]): GradedTest[] {
  const root = mkdtempSync(join(tmpdir(), 'folded-rows-'))
  process.env[JEST_RUN_FOLDER] = root
  recordOnRunningTest(undefined)
  try {
    TESTS.forEach((place, i) => {
      const entry = { name: place.test, invocations: 1, parent: { name: 'ROOT_DESCRIBE_BLOCK', parent: undefined } }
      const context = { isNot: false, promise: '', utils: {}, testPath: join(root, place.file), currentTestName: place.test, currentTestIdentity: () => entry }
      const own = episodes.filter((e) => e.test === i)
      if (retried[i]) {
        for (const e of [...own].reverse()) grade(context as unknown as MatcherContext, { ...e, pred: [...e.gold], gold: [] }, scoring)
        entry.invocations = 2
      }
      for (const e of own) grade(context as unknown as MatcherContext, e, scoring)
    })
    return takeRunRecords(root, root, { names: new Map(), runs: new Map(), projects: new Map() }).tests
  } finally {
    recordOnRunningTest(TestRunner.getCurrentTest)
    delete process.env[JEST_RUN_FOLDER]
    rmSync(root, { recursive: true, force: true })
  }
}

/** What a report shows of its rows: the figures, each row by the name it is shown by, the folded name of those shown by another spelling, and the rows of the gold's that count nothing. */
const shown = ({ tp, fp, fn, f1, perTool, foldedNames, goldRows }: TestCorpusReport) => ({ tp, fp, fn, f1, perTool, foldedNames, goldRows })

/** The report of each shard, of the tests `shardOf` puts in it by their place in TESTS, labelled `i/n` as a sharded run's are, as read back from its JSON. */
function shardReports(tests: readonly GradedTest[], shardOf: (place: number) => number): TestCorpusReport[] {
  const shards: GradedTest[][] = []
  for (const graded of tests) (shards[shardOf(TESTS.findIndex((place) => place.file === graded.file && place.test === graded.test))] ??= []).push(graded)
  const filled = shards.filter((shard) => shard !== undefined)
  return filled.map((shard, i) => JSON.parse(JSON.stringify({ ...testCorpus(shard, { worst: 0, by: 'f1' }), shard: `${i + 1}/${filled.length}` })) as TestCorpusReport)
}

const episodes = fc.array(episode, { maxLength: 12 })
const aFlagForEachTest = fc.array(fc.boolean(), { minLength: TESTS.length, maxLength: TESTS.length })
const aShardForEachTest = fc.array(fc.nat(2), { minLength: TESTS.length, maxLength: TESTS.length })
const runs = { numRuns: 80 }

/** The episodes, and the same in another order. */
const episodesInAnyOrder = episodes.chain((all) => fc.tuple(fc.constant(all), fc.shuffledSubarray(all, { minLength: all.length })))

describe("a test run's rows where names compare folded", () => {
  test.prop([episodesInAnyOrder, options, aFlagForEachTest], runs)(
    "are evaluate's over the same assertions in any order, names included, under either runner's reporter, retried tests by their last run",
    ([episodes, shuffled], scoring, retried) => {
      const { tp, fp, fn, f1, perTool } = evaluate(shuffled, new ToolCallMetric(scoring as never))
      const whole = testCorpus(gradedUnderVitest(episodes, () => scoring, retried), { worst: 0, by: 'f1' })
      expect(shown(whole)).toEqual({ tp, fp, fn, f1, perTool, foldedNames: whole.foldedNames, goldRows: whole.goldRows })
      expect(shown(testCorpus(gradedUnderJest(episodes, scoring, retried), { worst: 0, by: 'f1' }))).toEqual(shown(whole))
    },
  )

  test.prop([episodes, options, aFlagForEachTest, aShardForEachTest, aShardForEachTest, fc.boolean()], runs)(
    "of shards however split, labelled as shards or not, merged in any order, are the whole run's, names included",
    (episodes, scoring, retried, shardOf, mergedAs, labelled) => {
      const tests = gradedUnderVitest(episodes, () => scoring, retried)
      const shards = shardReports(tests, (place) => shardOf[place]!).map(({ shard, ...report }) => (labelled ? { ...report, shard } : report))
      // Given to merge in an order of their own, unlike their labels'.
      const given = shards.map((report, i) => ({ report, rank: mergedAs[i]! })).sort((a, b) => a.rank - b.rank)
      expect(shown(mergeTestCorpora(given.map(({ report }) => report), 0))).toEqual(shown(testCorpus(tests, { worst: 0, by: 'f1' })))
    },
  )

  const anyFolding = fc.constantFrom<unknown>('toolName', 'exact', 'default', ourToolName, (name: string) => name.toUpperCase(), (name: string) => `${toolName(name)}!`)
  test.prop([fc.array(fc.record({ episode, name: anyFolding }).map(({ episode, name }) => ({ ...episode, name })), { maxLength: 12 }), aShardForEachTest], runs)(
    "where assertions fold names differently, keep every count in a row of a name of its own, in the run's report and in its shards' merged",
    (episodes, shardOf) => {
      const tests = gradedUnderVitest(episodes, ({ name }) => ({ name }))
      const whole = testCorpus(tests, { worst: 0, by: 'f1' })
      const merged = mergeTestCorpora(shardReports(tests, (place) => shardOf[place]!), 0)
      // As merge reads them back: each row's counts, and the rows' adding up to the report's.
      expect([testReportProblem(JSON.parse(JSON.stringify(whole))), testReportProblem(JSON.parse(JSON.stringify(merged)))]).toEqual([undefined, undefined])
      expect([merged.tp, merged.fp, merged.fn]).toEqual([whole.tp, whole.fp, whole.fn])
    },
  )
})
