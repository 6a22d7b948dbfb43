import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test, TestRunner } from 'vitest'
import { matchers } from '../../src/matchers/index'
import type { MatcherContext } from '../../src/matchers/matcher-context'
import { JEST_RUN_FOLDER, recordOnRunningTest, recordScore, testBegins, testEnds, type TestToolCalls } from '../../src/matchers/record-score'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'
import { evaluate } from '../../src/metric/evaluate'
import { takeRunRecords } from '../../src/reporters/jest-run-folder'
import { testCorpus } from '../../src/reporters/test-corpus'

const search = (q: string) => ({ name: 'search', args: { q } })

describe('recording under Vitest, on the test', () => {
  test('sums the assertions of a test, overall and per tool, into its meta', ({ task }) => {
    expect([search('cats')]).toMatchToolCalls([search('cats')])
    expect([search('dogs')]).toScoreAtLeast(0, [search('cats'), { name: 'answer', args: {} }])
    expect(task.meta).toEqual({
      toolcalls: { tp: 1, fp: 1, fn: 2, assertions: 2, perTool: { search: { tp: 1, fp: 1, fn: 1 }, answer: { tp: 0, fp: 0, fn: 1 } } },
    })
  })

  test('sums fractional weights exactly, as ten weights of 0.1 add up to 1', ({ task }) => {
    const grammar = { tools: { search: { importance: 0.1 } } }
    for (let i = 0; i < 10; i++) expect([search('cats')]).toMatchToolCalls([search('cats')], { grammar })
    const sums = (task.meta as { toolcalls?: TestToolCalls }).toolcalls!
    expect([sums.tp, sums.perTool.search!.tp, sums.assertions]).toEqual([1, 1, 10])
    const corpus = testCorpus([{ file: 'f', test: 't', ...sums }], { worst: 0, by: 'f1' })
    expect(corpus.tp).toBe(1)
  })

  test("sums each score's shares, not its rounded totals, so that the run's figure is evaluate's to the last bit", ({ task }) => {
    const grammar = { tools: { t: { importance: 0.1 } } }
    const gold = [search('cats'), { name: 't', args: { w: 1 } }]
    const episodes = ['cats', 'dogs', 'cats', 'cats'].map((q) => ({ pred: [search(q), { name: 't', args: { w: 1 } }], gold }))
    for (const { pred } of episodes) expect(pred).toScoreAtLeast(0, gold, { level: 'arg', grammar })
    const sums = (task.meta as { toolcalls?: TestToolCalls }).toolcalls!
    const corpus = testCorpus([{ file: 'f', test: 't', ...sums }], { worst: 0, by: 'f1' })
    const evaluated = evaluate(episodes, new ToolCallMetric({ level: 'arg', grammar }))
    expect([corpus.tp, corpus.f1, corpus.perTool.t]).toEqual([evaluated.tp, evaluated.f1, evaluated.perTool.t])
    // Each score's total rounds: added as such, they came to 7.800000000000001.
    expect(corpus.tp).toBe(7.8)
  })

  test("where names fold, keeps one tool's spellings in one row of the test, named by the gold's, and a spelling that another assertion compares exactly in that row too", ({ task }) => {
    const weather = (name: string) => ({ name, args: {} })
    expect([weather('Get.W')]).toScoreAtLeast(0, [], { name: 'toolName' })
    expect([weather('get-w')]).toScoreAtLeast(0, [weather('GET.W')], { name: 'toolName' })
    expect([weather('GET.W')]).toMatchToolCalls([weather('GET.W')])
    expect(task.meta).toEqual({
      toolcalls: { tp: 2, fp: 1, fn: 0, assertions: 3, perTool: { 'GET.W': { tp: 2, fp: 1, fn: 0 } }, foldedNames: { 'GET.W': 'get_w' } },
    })
  })

  test("where names fold, a row the model named first keeps the exact partials of its sums when it takes the gold's spelling", ({ task }) => {
    const scoring = { name: 'toolName', level: 'arg', grammar: { tools: { get_w: { importance: 0.1, args: { x: { importance: 0.1 }, y: { importance: 0.1 } } } } } } as const
    const episodes = [
      { pred: [{ name: 'Get.W', args: {} }], gold: [] },
      { pred: [{ name: 'Get.W', args: { x: 1, y: 1 } }], gold: [] },
      { pred: [], gold: [{ name: 'GET.W', args: {} }] },
      { pred: [{ name: 'get-w', args: {} }], gold: [] },
    ]
    for (const { pred, gold } of episodes) expect(pred).toScoreAtLeast(0, gold, scoring)
    const sums = (task.meta as { toolcalls?: TestToolCalls }).toolcalls!
    const corpus = testCorpus([{ file: 'f', test: 't', ...sums }], { worst: 0, by: 'f1' })
    expect(corpus.perTool).toEqual(evaluate(episodes, new ToolCallMetric(scoring)).perTool)
    // Added up from the row's rounded sum, it came to 0.32000000000000006.
    expect(corpus.perTool['GET.W']!.fp).toBe(0.32)
  })

  test("where names fold, shows a row by the least of the gold's spellings in code-unit order, else of the model's, whatever order the assertions come in", () => {
    const weather = (name: string) => ({ name, args: {} })
    const rows = (spellings: [string, boolean][]) => {
      const task = { meta: {} as { toolcalls?: TestToolCalls }, result: { retryCount: 0 } }
      const context = { isNot: false, promise: '', task, utils: {} } as unknown as MatcherContext
      for (const [name, gold] of spellings) matchers.toScoreAtLeast.call(context, [weather(name)], 0, gold ? [weather(name)] : [], { name: 'toolName' })
      return Object.keys(task.meta.toolcalls!.perTool).sort()
    }
    const spellings: [string, boolean][] = [['get_w', true], ['Get.W', true], ['GET-W', false], ['mis_x', false], ['MIS.X', false]]
    expect(rows(spellings)).toEqual(['Get.W', 'MIS.X'])
    expect(rows([...spellings].reverse())).toEqual(['Get.W', 'MIS.X'])
  })

  test("a tool that weighs 0 is shown by the gold's spelling, though its counts are nothing and the model spelt it first, as evaluate shows it", ({ task }) => {
    const scoring = { name: 'toolName', grammar: { tools: { get_w: { importance: 0 } } } } as const
    const episodes = [
      { pred: [{ name: 'GET.W', args: {} }], gold: [] },
      { pred: [{ name: 'get_w', args: {} }], gold: [{ name: 'get_w', args: {} }] },
    ]
    for (const { pred, gold } of episodes) expect(pred).toScoreAtLeast(0, gold, scoring)
    const sums = (task.meta as { toolcalls?: TestToolCalls }).toolcalls!
    expect(sums).toMatchObject({ perTool: { get_w: { tp: 0, fp: 0, fn: 0 } }, goldRows: ['get_w'] })
    const corpus = testCorpus([{ file: 'f', test: 't', ...sums }], { worst: 0, by: 'f1' })
    expect(corpus.perTool).toEqual(evaluate(episodes, new ToolCallMetric(scoring)).perTool)
    expect(corpus.goldRows).toEqual(['get_w'])
  })

  test('a tool the model spells as the row of other tools keeps that row apart from the spellings that fold alike, as evaluate does', ({ task }) => {
    const fold = (name: string) => name.toUpperCase()
    const episodes = ['(other tools)', '(Other Tools)'].map((name) => ({ pred: [{ name, args: {} }], gold: [] }))
    for (const { pred, gold } of episodes) expect(pred).toScoreAtLeast(0, gold, { name: fold })
    const sums = (task.meta as { toolcalls?: TestToolCalls }).toolcalls!
    const corpus = testCorpus([{ file: 'f', test: 't', ...sums }], { worst: 0, by: 'f1' })
    expect(Object.keys(corpus.perTool)).toEqual(['(Other Tools)', '(other tools)'])
    expect(corpus.perTool).toEqual(evaluate(episodes, new ToolCallMetric({ name: fold })).perTool)
  })

  test('leaves out a .not assertion, which tests the grader rather than the agent', ({ task }) => {
    expect([search('dogs')]).not.toMatchToolCalls([search('cats')])
    expect(task.meta).toEqual({})
  })

  test('leaves out an asymmetric use, which the runner may evaluate more than once', ({ task }) => {
    expect({ calls: [search('cats')] }).toEqual({ calls: expect.toMatchToolCalls([search('cats')]) })
    expect(task.meta).toEqual({})
  })

  test('leaves out a promise not awaited, the test\'s slip rather than the agent\'s output', ({ task }) => {
    // Typed unknown, past the types, which refuse a promise not awaited: the run-time check is under test.
    const unawaited: unknown = Promise.resolve([search('cats')])
    expect(() => expect(unawaited).toMatchToolCalls([search('cats')])).toThrow('await it')
    expect(() => expect(unawaited).toScoreAtLeast(1, [search('cats')])).toThrow('await it')
    expect(task.meta).toEqual({})
  })

  test("leaves out a stream not collected, the test's slip as a promise not awaited is", ({ task }) => {
    async function* stream() {
      yield search('cats')
    }
    expect(() => expect(stream()).toMatchToolCalls([search('cats')])).toThrow('collect its items into an array first')
    expect(() => expect(stream()).toScoreAtLeast(1, [search('cats')])).toThrow('collect its items into an array first')
    expect(task.meta).toEqual({})
  })

  test('leaves out a .rejects assertion, which grades the rejection rather than the calls', async ({ task }) => {
    await expect(Promise.reject(new Error('the agent crashed'))).rejects.not.toMatchToolCalls([search('cats')])
    await expect(expect(Promise.reject(new Error('the agent crashed'))).rejects.toMatchToolCalls([search('cats')])).rejects.toThrow()
    expect(task.meta).toEqual({})
    await expect(Promise.resolve([search('cats')])).resolves.toMatchToolCalls([search('cats')])
    expect(task.meta).toEqual({ toolcalls: { tp: 1, fp: 0, fn: 0, assertions: 1, perTool: { search: { tp: 1, fp: 0, fn: 0 } } } })
  })

  test("keeps the figures on the runner's current test where the matcher is given no task, as Vitest 3.2 gives none", ({ task }) => {
    const score = new ToolCallMetric().score([search('cats')], [search('cats')])
    recordScore({ isNot: false, promise: '' }, score)
    expect(task.meta).toEqual({ toolcalls: { tp: 1, fp: 0, fn: 0, assertions: 1, perTool: { search: { tp: 1, fp: 0, fn: 0 } } } })
    const assertions = () => (task.meta as { toolcalls: { assertions: number } }).toolcalls.assertions
    // A context whose task is undefined is the global expect of a concurrent test, whose current test Vitest unset: the score goes to one under way,
    // known by the entry's hooks, or else (no hooks: a cached module, matchers added by hand) found in Vitest's worker state.
    recordScore({ isNot: false, promise: '', task: undefined }, score)
    expect(assertions()).toBe(2)
    testEnds(task)
    recordScore({ isNot: false, promise: '', task: undefined }, score)
    testBegins(task)
    expect(assertions()).toBe(3)
  })

  test('leaves out a received Score, whose counts may be recorded already', ({ task }) => {
    expect(new ToolCallMetric().score([search('cats')], [search('cats')])).toScoreAtLeast(1)
    expect(task.meta).toEqual({})
  })

  test('leaves out expect.poll, which runs the matcher again until it passes', async ({ task }) => {
    let polls = 0
    await expect.poll(() => (polls++ === 0 ? [search('dogs')] : [search('cats')]), { interval: 1 }).toMatchToolCalls([search('cats')])
    expect(task.meta).toEqual({})
  })

  let attempts = 0
  test('starts the figures again when the test is retried', { retry: 1 }, ({ task }) => {
    expect([search('cats')]).toMatchToolCalls([search('cats')])
    if (attempts++ === 0) throw new Error('a flaky first attempt')
    expect((task.meta as { toolcalls?: { assertions: number } }).toolcalls?.assertions).toBe(1)
  })

  test('keeps the figures of earlier repeats when a later repeat is retried, where no hook marks where each try begins', () => {
    // Vitest's retryCount counts the retries of every repeat so far; the assertions alone tell the tries apart here.
    const task = { meta: {} as { toolcalls?: TestToolCalls }, result: { retryCount: 0, repeatCount: 0 } }
    const grade = (q: string) => recordScore({ isNot: false, promise: '', task }, new ToolCallMetric().score([search(q)], [search('cats')]))
    grade('cats')
    task.result.repeatCount = 1
    grade('dogs')
    // The second repeat's retry: its first try's figures go, the first repeat's stay.
    task.result.retryCount = 1
    grade('cats')
    task.result.repeatCount = 2
    grade('cats')
    expect(task.meta.toolcalls).toMatchObject({ tp: 3, fp: 0, fn: 0, assertions: 3, attempt: 1 })
  })

  test('where no hook marks where each try begins, keeps what a passed repeat graded for a later repeat retried without grading, and grades on where Vitest refuses the watch', () => {
    const tryEnds: Array<() => void> = []
    const context = { onTestFinished: (handler: () => void) => void tryEnds.push(handler) }
    const result = { state: 'run', retryCount: 0, repeatCount: 0 }
    const task = { meta: {} as { toolcalls?: TestToolCalls }, result, repeats: 1, retry: { count: 1 }, context }
    const grade = (q: string) => recordScore({ isNot: false, promise: '', task }, new ToolCallMetric().score([search(q)], [search('cats')]))
    grade('cats')
    grade('cats')
    // One watch for the try, which passes: its repeat has ended.
    expect(tryEnds).toHaveLength(1)
    result.state = 'pass'
    tryEnds.pop()!()
    // The second repeat's first try fails before grading, its retry grades nothing: the reporter counts the ended repeat.
    Object.assign(result, { repeatCount: 1, retryCount: 1 })
    expect(task.meta.toolcalls).toMatchObject({ assertions: 2, endedRepeats: { tp: 2, assertions: 2 } })
    // Inside the test's own onTestFinished hook, Vitest refuses another: the assertion counts all the same.
    context.onTestFinished = () => {
      throw new Error('Cannot call "onTestFinished" inside a test hook.')
    }
    grade('dogs')
    expect(task.meta.toolcalls).toMatchObject({ tp: 2, fp: 1, fn: 1, assertions: 3, attempt: 1, endedRepeats: { tp: 2, assertions: 2 } })
  })

  test('where no hook marks where each try begins, keeps what a repeat graded whose retries were used up, for a later repeat retried without grading', () => {
    const tryEnds: Array<() => void> = []
    const context = { onTestFinished: (handler: () => void) => void tryEnds.push(handler) }
    const result = { state: 'run', retryCount: 0, repeatCount: 0 }
    const task = { meta: {} as { toolcalls?: TestToolCalls }, result, repeats: 1, retry: 1, context }
    const grade = (q: string) => recordScore({ isNot: false, promise: '', task }, new ToolCallMetric().score([search(q)], [search('cats')]))
    grade('dogs')
    result.state = 'fail'
    tryEnds.pop()!()
    // A retry is left to the first repeat: its try has not ended it.
    expect(task.meta.toolcalls?.endedRepeats).toBeUndefined()
    Object.assign(result, { state: 'run', retryCount: 1 })
    grade('dogs')
    result.state = 'fail'
    tryEnds.pop()!()
    // Its retry failed too, with no retry left: the repeat has ended, and counts however the second repeat's tries go.
    expect(task.meta.toolcalls).toMatchObject({ assertions: 1, attempt: 1, endedRepeats: { tp: 0, fp: 1, fn: 1, assertions: 1 } })
    // The second repeat, first met at a try that may be a retry, is not known to have used its retry up: its failed try ends nothing.
    Object.assign(result, { state: 'run', repeatCount: 1, retryCount: 2 })
    grade('cats')
    result.state = 'fail'
    tryEnds.pop()!()
    expect(task.meta.toolcalls).toMatchObject({ assertions: 2, attempt: 2, endedRepeats: { assertions: 1 } })
  })
})

describe('recording under Jest, in the run folder', () => {
  let folder: string
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'record-score-test-'))
    // As in a Jest process, where the /vitest entry that names Vitest's running test is not loaded.
    recordOnRunningTest(undefined)
  })
  afterEach(async () => {
    recordOnRunningTest(TestRunner.getCurrentTest)
    delete process.env[JEST_RUN_FOLDER]
    await rm(folder, { recursive: true, force: true })
  })

  /** A matcher's `this` as Jest builds it: no task, the test's path and name in the state. */
  const jestContext = (overrides: Partial<MatcherContext> = {}) =>
    ({
      isNot: false,
      promise: '',
      equals: () => false,
      utils: {} as MatcherContext['utils'],
      testPath: '/suite/search.test.ts',
      currentTestName: 'search finds cats',
      ...overrides,
    }) as MatcherContext

  test('appends one line per assertion to a file named after the process', async () => {
    process.env[JEST_RUN_FOLDER] = folder
    matchers.toMatchToolCalls.call(jestContext(), [search('cats')], [search('cats')])
    matchers.toScoreAtLeast.call(jestContext(), [search('dogs')], 0, [search('cats')])
    const lines = (await readFile(join(folder, `${process.pid}.jsonl`), 'utf8')).trimEnd().split('\n')
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { testPath: '/suite/search.test.ts', testName: 'search finds cats', tp: 1, fp: 0, fn: 0, perTool: { search: { tp: 1, fp: 0, fn: 0 } } },
      { testPath: '/suite/search.test.ts', testName: 'search finds cats', tp: 0, fp: 1, fn: 1, perTool: { search: { tp: 0, fp: 1, fn: 1 } } },
    ])
  })

  test("writes the partials of a score's sums that are not one double, which the reporter adds up as evaluate does", async () => {
    process.env[JEST_RUN_FOLDER] = folder
    const grammar = { tools: { t: { importance: 0.1 } } }
    const gold = [search('cats'), { name: 't', args: { w: 1 } }]
    const episodes = ['cats', 'dogs', 'cats', 'cats'].map((q) => ({ pred: [search(q), { name: 't', args: { w: 1 } }], gold }))
    for (const { pred } of episodes) matchers.toScoreAtLeast.call(jestContext(), pred, 0, gold, { level: 'arg', grammar })
    const [graded] = takeRunRecords(folder, '/suite', { names: new Map(), runs: new Map(), projects: new Map() }).tests
    const corpus = testCorpus([graded!], { worst: 0, by: 'f1' })
    const evaluated = evaluate(episodes, new ToolCallMetric({ level: 'arg', grammar }))
    expect([corpus.tp, corpus.f1, corpus.perTool.t]).toEqual([evaluated.tp, evaluated.f1, evaluated.perTool.t])
    expect(corpus.tp).toBe(7.8)
  })

  test('writes nothing for an asymmetric use, whose context has no promise', async () => {
    process.env[JEST_RUN_FOLDER] = folder
    const { promise: _, ...asymmetric } = jestContext()
    matchers.toMatchToolCalls.call(asymmetric as MatcherContext, [search('cats')], [search('cats')])
    expect(await readdir(folder)).toEqual([])
  })

  /** Jest 30's entry of a test `describe('search') > test('finds cats')`, as `currentTestIdentity` gives it, on its `invocations`-th run. */
  const jestTest = (invocations: number) => {
    const root = { name: 'ROOT_DESCRIBE_BLOCK', parent: undefined }
    return { name: 'finds cats', invocations, parent: { name: 'search', parent: root } }
  }

  test("where Jest names the test, writes the test's titles and which run of it this is", async () => {
    process.env[JEST_RUN_FOLDER] = folder
    const context = jestContext({ currentTestIdentity: () => jestTest(2) } as Partial<MatcherContext>)
    matchers.toMatchToolCalls.call(context, [search('cats')], [search('cats')])
    const [line] = (await readFile(join(folder, `${process.pid}.jsonl`), 'utf8')).trimEnd().split('\n')
    expect(JSON.parse(line!)).toMatchObject({ testName: 'search finds cats', titles: ['search', 'finds cats'], attempt: 2, tp: 1 })
  })

  test('tells apart tests of the same titles, and keeps a test its id across its retries', async () => {
    process.env[JEST_RUN_FOLDER] = folder
    const [first, second] = [jestTest(1), jestTest(1)]
    for (const test of [first, second, Object.assign(first, { invocations: 2 })]) {
      matchers.toMatchToolCalls.call(jestContext({ currentTestIdentity: () => test } as Partial<MatcherContext>), [search('cats')], [search('cats')])
    }
    const lines = (await readFile(join(folder, `${process.pid}.jsonl`), 'utf8')).trimEnd().split('\n')
    const ids = lines.map((line) => (JSON.parse(line) as { testId: string }).testId)
    expect([ids[0] === ids[2], ids[0] === ids[1]]).toEqual([true, false])
  })

  test('where Jest names the test, writes nothing in a beforeAll or afterAll hook, where no test runs', async () => {
    process.env[JEST_RUN_FOLDER] = folder
    const context = jestContext({ currentTestIdentity: () => undefined } as Partial<MatcherContext>)
    matchers.toMatchToolCalls.call(context, [search('cats')], [search('cats')])
    expect(await readdir(folder)).toEqual([])
  })

  test('writes the name alone when the test entry is not of the shape Jest makes', async () => {
    process.env[JEST_RUN_FOLDER] = folder
    const cyclic: Record<string, unknown> = { name: 'search' }
    cyclic.parent = cyclic
    for (const entry of [{ name: 'finds cats' }, { name: 'finds cats', invocations: 1, parent: cyclic }, { ...jestTest(1), name: 7 }]) {
      matchers.toMatchToolCalls.call(jestContext({ currentTestIdentity: () => entry } as Partial<MatcherContext>), [search('cats')], [search('cats')])
    }
    const lines = (await readFile(join(folder, `${process.pid}.jsonl`), 'utf8')).trimEnd().split('\n')
    expect(lines.map((line) => Object.keys(JSON.parse(line) as object))).toEqual(Array(3).fill(['testPath', 'testName', 'tp', 'fp', 'fn', 'perTool']))
  })

  test("writes the name of the concurrent test whose code runs, where Jest 29.6 on gives it, else the current test's", async () => {
    process.env[JEST_RUN_FOLDER] = folder
    // Outside a concurrent test (a hook, or a test not run concurrently), Jest 29's function gives undefined.
    for (const concurrent of ['search finds dogs', undefined]) {
      const context = jestContext({ currentConcurrentTestName: () => concurrent } as Partial<MatcherContext>)
      matchers.toMatchToolCalls.call(context, [search('cats')], [search('cats')])
    }
    const lines = (await readFile(join(folder, `${process.pid}.jsonl`), 'utf8')).trimEnd().split('\n')
    expect(lines.map((line) => (JSON.parse(line) as { testName: string }).testName)).toEqual(['search finds dogs', 'search finds cats'])
  })

  test('writes nothing outside a test, where Jest names no current test', async () => {
    process.env[JEST_RUN_FOLDER] = folder
    matchers.toMatchToolCalls.call(jestContext({ currentTestName: undefined } as Partial<MatcherContext>), [search('cats')], [search('cats')])
    expect(await readdir(folder)).toEqual([])
  })
})
