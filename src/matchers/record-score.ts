import { setOwnEntry } from '../compare/gold-node'
import type { Canonicalizer } from '../compare/canonicalizers'
import { addCountsExactly, type ExactSums, foldedNameOf, isGoldRow, isModelsRow, showsRowBefore } from '../metric/corpus-counts'
import type { Level } from '../match/options'
import type { Counts } from '../metric/figures'
import { perToolCountsExactly } from '../metric/per-tool'
import type { Score } from '../metric/score'
import { latestTestUnderWay } from './vitest-worker'

/** What a test's graded assertions add up to, kept on the test for the reporters. */
export interface TestToolCalls extends Counts {
  perTool: Record<string, Counts>
  /** Where the option `name` folds tool names, the folded name of each row shown by another spelling: the run's rows are kept by it, as `evaluate`'s are. */
  foldedNames?: Record<string, string>
  /** The rows a gold call named that count no TP and no FN (tools that weigh 0), which the counts alone would give as the model's. */
  goldRows?: string[]
  /** How many assertions were summed. */
  assertions: number
  /** The partials of the sums that are not one double, so that the run's figures are exact (see ExactSum). */
  exactSums?: ExactSums
  /** The Vitest attempt the sums are of (its `retryCount`, which counts the retries of every repeat): a test whose last attempt graded nothing counts nothing, or `endedRepeats`. */
  attempt?: number
  /**
   * Where a repeat may be retried, what the repeats known to have ended add up to, each by its last try: what the test
   * counts when its last attempt graded nothing and no hook marked where it began (a retry of the repeat graded last, or of a later one).
   */
  endedRepeats?: RepeatSums
  /** How many of the assertions were scored at arg level, when any were: the reporters say so where they are summed with call-level ones. */
  argLevel?: number
}

/** The sums of a test's repeats, without what marks where they stand. */
export type RepeatSums = Omit<TestToolCalls, 'attempt' | 'endedRepeats'>

/** One graded assertion, as a line of a Jest run's record files. */
export interface AssertionRecord extends Counts {
  testPath: string
  testName: string
  perTool: Record<string, Counts>
  /** Where the option `name` folds a tool's name to another, the folded name of its row. */
  foldedNames?: Record<string, string>
  /** The rows a gold call named that count no TP and no FN (tools that weigh 0). */
  goldRows?: string[]
  /** The test's title after its describe blocks' (where Jest gives `currentTestIdentity`): tells apart tests whose names join to the same text. */
  titles?: string[]
  /** Which run of the test this is, from 1 (where Jest gives `currentTestIdentity`): only the last run of a retried test counts. */
  attempt?: number
  /** The test, told apart from any other of the same titles, in this run of its file (where Jest gives `currentTestIdentity`). */
  testId?: string
  /** Present when the assertion was scored at arg level. */
  level?: 'arg'
  /** The partials of its sums that are not one double (fractional weights), so that the run's figures are its shares rounded once. */
  exactSums?: ExactSums
}

/** The folder of the running Jest reporter's record files; set by that reporter before Jest starts its workers. */
export const JEST_RUN_FOLDER = 'EXPECT_TOOLCALLS_JEST_RUN'

/** The test Vitest hands a matcher as `this.task`. */
interface VitestTask {
  meta: { toolcalls?: TestToolCalls }
  /** `retryCount` counts the retries of all its repeats so far; `repeatCount` is the repeat under way, from 0. */
  result?: { state?: unknown; retryCount?: number; repeatCount?: number }
  /** How many times the test runs again after its first run, and how many times a failed run of it is tried again (a number, or `{ count }` since Vitest 4.1). */
  repeats?: unknown
  retry?: unknown
  /** The test's context, whose `onTestFinished` runs a handler as the try under way ends. */
  context?: { onTestFinished?: unknown }
}

/** What the recording reads of a matcher's `this`, beyond MatcherContext: Vitest's task, Jest's test path and name. */
interface RecordingContext {
  isNot?: boolean
  promise?: unknown
  /** Vitest's `expect.poll`, which runs the matcher again until it passes. */
  poll?: unknown
  task?: VitestTask
  testPath?: unknown
  currentTestName?: unknown
  /** The name of the concurrent test whose code is running (Jest 29.6 on), where `currentTestName` is one of those running together. */
  currentConcurrentTestName?: unknown
  /** Jest's test in progress, by its own entry (Jest 30.5 gives it); undefined in a `beforeAll` or `afterAll` hook. */
  currentTestIdentity?: unknown
}

/** Where a graded assertion belongs in a Jest run: the test's titles, describe blocks first, its attempt, and the test itself. */
interface JestTestPlace {
  titles: string[]
  attempt: number
  testId: string
}

/**
 * This run of a test file: Jest evaluates the matchers' modules again for each file it runs, so
 * a file run twice (by two projects) gets two.
 */
const FILE_RUN = Math.random().toString(36).slice(2, 10)

/** An id for each test entry met, kept across its retries, as Jest keeps the entry. */
const testIds = new WeakMap<object, string>()
let testsMet = 0

function testIdOf(test: object): string {
  let id = testIds.get(test)
  if (id === undefined) testIds.set(test, (id = `${FILE_RUN}:${testsMet++}`))
  return id
}

/** Deeper than any suite nests describe blocks: a bound on the walk up an entry that is not what Jest makes. */
const MAX_DESCRIBE_DEPTH = 1000

/** Reads the test entry Jest gives; undefined when it is not of the shape that Jest's own `getTestID` reads. */
function jestTestPlace(test: unknown): JestTestPlace | undefined {
  if (typeof test !== 'object' || test === null) return undefined
  const { name, parent, invocations } = test as Record<string, unknown>
  if (typeof name !== 'string' || typeof invocations !== 'number' || !Number.isInteger(invocations) || invocations < 1) return undefined
  const titles = [name]
  let block = parent
  // The root block, the one without a parent, is no describe block of the suite's.
  for (let depth = 0; typeof block === 'object' && block !== null; depth++) {
    const { name: blockName, parent: blockParent } = block as Record<string, unknown>
    if (blockParent === undefined) return { titles, attempt: invocations, testId: testIdOf(test) }
    if (typeof blockName !== 'string' || depth === MAX_DESCRIBE_DEPTH) return undefined
    titles.unshift(blockName)
    block = blockParent
  }
  return undefined
}

/** The try of a Vitest test that its sums are of, and what its earlier repeats add up to, each its last try's. */
interface TestTry {
  repeat: number
  attempt: number
  /** The attempt the repeat began at, as far as the tries graded tell: at the latest, its first try graded. */
  repeatBegan: number
  earlierRepeats: RepeatSums | undefined
  /** Whether the try's end is watched for (`watchTryEnd`). */
  watched: boolean
}

const testTries = new WeakMap<object, TestTry>()

/**
 * Brings a Vitest test's sums to the try it is in. Each repeat (`repeats`) counts, each by its last try:
 * a retry starts the sums of its repeat again, keeping those of the repeats before it. Called as each
 * try begins (the `/vitest` entry's hook) and at each assertion (where that hook does not run, a try
 * whose repeat and attempt both changed is taken for a retry of the repeat before, whose sums it drops).
 */
export function enterTry(task: object): void {
  const test = task as VitestTask
  const repeat = test.result?.repeatCount ?? 0
  const attempt = test.result?.retryCount ?? 0
  const known = testTries.get(test)
  // The first repeat begins at attempt 0; a later one first met here may have begun at an earlier try that graded nothing.
  if (known === undefined) return void testTries.set(test, { repeat, attempt, repeatBegan: repeat === 0 ? 0 : attempt, earlierRepeats: undefined, watched: false })
  if (known.repeat === repeat && known.attempt === attempt) return
  // A new repeat begun at the attempt the last one was graded in: that one's sums are its last try's.
  if (known.repeat !== repeat && known.attempt === attempt) endRepeats(test, known)
  else if (known.earlierRepeats === undefined) delete test.meta.toolcalls
  else {
    test.meta.toolcalls = structuredClone(known.earlierRepeats)
    keepEndedRepeats(test, known)
  }
  if (known.repeat !== repeat) known.repeatBegan = attempt
  known.repeat = repeat
  known.attempt = attempt
  known.watched = false
  if (test.meta.toolcalls !== undefined) markAttempt(test.meta.toolcalls, attempt)
}

/** Takes the test's sums so far for those of repeats that have ended, each by its last try. */
function endRepeats(test: VitestTask, known: TestTry): void {
  const sums = test.meta.toolcalls
  if (sums === undefined) return void (known.earlierRepeats = undefined)
  const { attempt: _, endedRepeats: __, ...repeatSums } = sums
  known.earlierRepeats = structuredClone(repeatSums)
  keepEndedRepeats(test, known)
}

/** Puts the ended repeats' sums beside the test's, for the reporter, where a later try may be retried without grading. */
function keepEndedRepeats(test: VitestTask, known: TestTry): void {
  if (test.meta.toolcalls !== undefined && known.earlierRepeats !== undefined && repeatsMayRetry(test)) test.meta.toolcalls.endedRepeats = structuredClone(known.earlierRepeats)
}

/** How many times the test's `retry` option lets Vitest try a repeat again (`retry: 2` or `retry: { count: 2 }`). */
function retriesOf(test: VitestTask): number {
  const retry = typeof test.retry === 'object' && test.retry !== null ? (test.retry as { count?: unknown }).count : test.retry
  return typeof retry === 'number' ? retry : 0
}

/** Whether a repeat of the test may be tried again: it has repeats and retries. */
function repeatsMayRetry(test: VitestTask): boolean {
  return typeof test.repeats === 'number' && test.repeats > 0 && retriesOf(test) > 0
}

/**
 * Where no hook marks where each try begins, a try that passed, or failed with its repeat's retries used up, ends that
 * repeat, as Vitest then moves on to the next: its sums are then its repeat's last, which count whatever later tries,
 * graded or not, are retried. Another failed try may be retried or not (a retry condition may stop it); only a later
 * assertion tells, if any.
 */
function watchTryEnd(test: VitestTask, known: TestTry): void {
  const onTestFinished = test.context?.onTestFinished
  if (known.watched || typeof onTestFinished !== 'function') return
  try {
    ;(onTestFinished as (handler: () => void) => void)(() => {
      enterTry(test)
      if (test.result?.state === 'pass' || known.attempt - known.repeatBegan >= retriesOf(test)) endRepeats(test, known)
    })
    known.watched = true
  } catch {
    // Inside the test's own onTestFinished or onTestFailed hooks, where Vitest refuses more: the end is not watched.
  }
}

/** The attempt the sums are of, which the reporter compares with the test's last; the first is left unsaid. */
function markAttempt(sums: TestToolCalls, attempt: number): void {
  if (attempt > 0) sums.attempt = attempt
  else delete sums.attempt
}

/**
 * The test's row that an assertion's row of `tool` adds to, where names fold: the row of that name, else
 * the one of its folded name, else a new one. A row is shown by the gold's spelling before the model's, and
 * of either by the least in code-unit order, whatever order the assertions come in (see showsRowBefore).
 */
function foldedRow(sums: TestToolCalls, exact: ExactSums, rows: Map<string, string>, tool: string, gold: boolean, foldedNames: Readonly<Record<string, string>> | undefined): string {
  if (Object.hasOwn(sums.perTool, tool)) return tool
  const folded = foldedNameOf(foldedNames, tool)
  const row = rows.get(folded)
  if (row !== undefined) {
    if (!showsRowBefore(tool, gold, row, isGoldRow(sums.perTool[row]!, row, sums.goldRows))) return row
    renameRow(sums, exact, row, tool)
  }
  rows.set(folded, tool)
  if (folded !== tool) setOwnEntry((sums.foldedNames ??= {}), tool, folded)
  return tool
}

function renameRow(sums: TestToolCalls, exact: ExactSums, from: string, to: string): void {
  setOwnEntry(sums.perTool, to, sums.perTool[from])
  delete sums.perTool[from]
  if (exact.perTool !== undefined && Object.hasOwn(exact.perTool, from)) {
    setOwnEntry(exact.perTool, to, exact.perTool[from])
    delete exact.perTool[from]
  }
  delete sums.foldedNames?.[from]
  if (sums.goldRows?.includes(from)) sums.goldRows = sums.goldRows.map((row) => (row === from ? to : row))
}

/** A test's rows by their folded names; of two rows of one folded name (assertions that fold names differently), the first. */
function rowsByFoldedName(sums: TestToolCalls): Map<string, string> {
  const rows = new Map<string, string>()
  for (const row of Object.keys(sums.perTool)) {
    const folded = foldedNameOf(sums.foldedNames, row)
    if (!rows.has(folded)) rows.set(folded, row)
  }
  return rows
}

/**
 * Adds one assertion's counts, overall and per tool, into a test's sums, exactly (with the partials of its own sums that are not one double, where given), and the level it was scored at.
 * Where `foldedNames` gives a row's folded name (the option `name`), the rows of one folded name are one.
 */
export function addAssertion(
  sums: TestToolCalls,
  counts: Counts,
  perTool: Record<string, Counts>,
  level: Level | undefined,
  adding?: ExactSums,
  foldedNames?: Readonly<Record<string, string>>,
  goldRows?: readonly string[],
): void {
  const exact = sums.exactSums ?? {}
  const total = addCountsExactly(sums, exact.total, counts, adding?.total)
  if (total === undefined) delete exact.total
  else exact.total = total
  const rows = foldedNames === undefined && sums.foldedNames === undefined ? undefined : rowsByFoldedName(sums)
  for (const tool of Object.keys(perTool)) {
    const gold = isGoldRow(perTool[tool]!, tool, goldRows)
    const row = rows === undefined ? tool : foldedRow(sums, exact, rows, tool, gold, foldedNames)
    if (!Object.hasOwn(sums.perTool, row)) setOwnEntry(sums.perTool, row, { tp: 0, fp: 0, fn: 0 })
    const parts = addCountsExactly(sums.perTool[row]!, exact.perTool?.[row], perTool[tool]!, adding?.perTool?.[tool])
    if (parts !== undefined) setOwnEntry((exact.perTool ??= {}), row, parts)
    else if (exact.perTool !== undefined && Object.hasOwn(exact.perTool, row)) delete exact.perTool[row]
    if (gold && !sums.goldRows?.includes(row)) (sums.goldRows ??= []).push(row)
  }
  // Listed only while the counts do not tell it: an assertion that weighs the tool may have counted it since.
  const goldRowsLeft = sums.goldRows?.filter((row) => isModelsRow(sums.perTool[row]!)).sort()
  if (goldRowsLeft === undefined || goldRowsLeft.length === 0) delete sums.goldRows
  else sums.goldRows = goldRowsLeft
  if (sums.foldedNames !== undefined && Object.keys(sums.foldedNames).length === 0) delete sums.foldedNames
  if (exact.total !== undefined || (exact.perTool !== undefined && Object.keys(exact.perTool).length > 0)) sums.exactSums = exact
  else delete sums.exactSums
  sums.assertions++
  if (level === 'arg') sums.argLevel = (sums.argLevel ?? 0) + 1
}

function recordOnTask(task: VitestTask, score: Score, foldName?: Canonicalizer): void {
  enterTry(task)
  if (!testsUnderWay.has(task) && repeatsMayRetry(task)) watchTryEnd(task, testTries.get(task)!)
  let sums = task.meta.toolcalls
  if (sums === undefined) {
    sums = task.meta.toolcalls = { tp: 0, fp: 0, fn: 0, perTool: {}, assertions: 0 }
    markAttempt(sums, task.result?.retryCount ?? 0)
  }
  const { perTool, exact, foldedNames, goldRows } = perToolCountsExactly(score, foldName)
  addAssertion(sums, score, perTool, score.level, exact, foldedNames, goldRows)
}

function appendToJestRun(folder: string, context: RecordingContext, score: Score, foldName?: Canonicalizer): void {
  const concurrentTestName: unknown = typeof context.currentConcurrentTestName === 'function' ? context.currentConcurrentTestName() : undefined
  const testName = typeof concurrentTestName === 'string' ? concurrentTestName : context.currentTestName
  if (typeof context.testPath !== 'string' || typeof testName !== 'string') return
  let place: JestTestPlace | undefined
  if (typeof context.currentTestIdentity === 'function') {
    const test: unknown = context.currentTestIdentity()
    // In a beforeAll or afterAll hook: no test's assertion, as under Vitest.
    if (test === undefined) return
    place = jestTestPlace(test)
  }
  // Loaded here, not imported: the matchers also load where there is no file system (a browser).
  const fs = process.getBuiltinModule('node:fs')
  const { perTool, exact, foldedNames, goldRows } = perToolCountsExactly(score, foldName)
  const record: AssertionRecord = {
    testPath: context.testPath,
    testName,
    tp: score.tp,
    fp: score.fp,
    fn: score.fn,
    perTool,
    ...(foldedNames === undefined ? {} : { foldedNames }),
    ...(goldRows === undefined ? {} : { goldRows }),
    ...place,
  }
  if (exact.total !== undefined || exact.perTool !== undefined) record.exactSums = exact
  if (score.level === 'arg') record.level = 'arg'
  // One file per process; appendFileSync writes each line whole, in band or in a worker.
  fs.appendFileSync(`${folder}/${process.pid}.jsonl`, `${JSON.stringify(record)}\n`)
}

/**
 * The test Vitest is running, for a Vitest that gives its matchers no `this.task` (3.2, and 4.0 at first):
 * set by the `/vitest` entry. It is the runner's current test, which tests run concurrently share,
 * so `this.task`, where there is one, is read instead.
 */
let runningVitestTest: (() => unknown) | undefined

export function recordOnRunningTest(current: (() => unknown) | undefined): void {
  runningVitestTest = current
}

/**
 * The Vitest tests under way, kept by the `/vitest` entry's hooks. Vitest unsets its current test
 * whenever one ends, so the global `expect` of a concurrent test may find none: its scores then go
 * to a test still under way (the only one, or else one of them), so that the run's figure keeps them.
 */
const testsUnderWay = new Set<VitestTask>()

export function testBegins(task: object): void {
  testsUnderWay.add(task as VitestTask)
  enterTry(task)
}

export function testEnds(task: object): void {
  testsUnderWay.delete(task as VitestTask)
}

/** The latest test begun of those under way. */
function testUnderWay(): VitestTask | undefined {
  let latest: VitestTask | undefined
  for (const task of testsUnderWay) latest = task
  return latest
}

/**
 * Keeps the counts of an assertion that scored the calls against a gold, for the corpus
 * reporters: on the Vitest test's `task.meta.toolcalls` (summed per test), or as a line in
 * the active Jest reporter's run folder. A `.not` assertion tests the grader, not the agent,
 * and an asymmetric use (no `promise` in its context) or `expect.poll` may evaluate the matcher
 * more than once: none of them is recorded. Outside a test, and under Jest without the
 * reporter, nothing is. Where Jest names the test in `currentTestIdentity`, a retried test
 * counts its last run only, as under Vitest. `foldName` is how the score compared tool names
 * (the option `name`), by which the rows of one tool are kept together.
 */
export function recordScore(context: RecordingContext, score: Score, foldName?: Canonicalizer): void {
  // Under `.rejects`, what is graded is the rejection, not the agent's calls.
  if (context.isNot || typeof context.promise !== 'string' || context.promise === 'rejects' || context.poll === true) return
  const underVitest = 'task' in context || runningVitestTest !== undefined
  if (underVitest) {
    // No current test, where a test is under way, is a concurrent test's global expect; where none is, a hook's.
    const task = ('task' in context ? context.task : (runningVitestTest!() as VitestTask | undefined)) ?? testUnderWay() ?? (latestTestUnderWay() as VitestTask | undefined)
    if (task !== undefined) recordOnTask(task, score, foldName)
    return
  }
  const folder = typeof process === 'undefined' ? undefined : process.env[JEST_RUN_FOLDER]
  if (folder !== undefined && folder !== '') appendToJestRun(folder, context, score, foldName)
}
