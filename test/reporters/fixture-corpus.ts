import { resolve } from 'node:path'

/** The fixture suite: three files of tests with literal predictions, run by either runner. */
export const fixture = resolve(import.meta.dirname, 'fixture')

// The fixture's corpus, by hand, from the comments beside each test (call level unless said):
//   weather  asks for the weather in Paris       TP 1
//            reads the wrong city                FP 1  FN 1   (get_weather: one pair that differs)
//            leaves out what grades the grader   nothing (.not, asymmetric, a received Score)
//   search   searches once too often             TP 1  FP 1   (an extra search)
//            searches, then forgets to answer    TP 2  FN 1   (two assertions: TP 1, then TP 1 FN 1)
//   booking  books the wrong seat (arg level)    TP 2  FP 1  FN 1
//            forgets to cancel (importance 2)    FN 2
// Summed: TP 6, FP 3, FN 5, over 7 assertions in 6 graded tests; F1 = 2·6 / (2·6 + 3 + 5) = 12/20 = 0.6,
// precision 6/9, recall 6/11. Per tool: get_weather TP 1 FP 1 FN 1; search TP 3 FP 1; answer FN 1;
// book TP 2 FP 1 FN 1; cancel FN 2.
export const FIXTURE_F1 = 0.6
export const FIXTURE_LINE = 'TP 6  FP 3  FN 5  precision 0.6667  recall 0.5455  F1 0.6 (micro average over 7 graded assertions)'
export const FIXTURE_COUNTS = { tp: 6, fp: 3, fn: 5, tests: 6, assertions: 7, argLevelAssertions: 1 }
/** The heading says that the one arg-level assertion is summed with the six at call level. */
export const FIXTURE_HEADING =
  'Tool calls: 7 graded assertions in 6 tests (1 at arg level, 6 at call level: their counts are summed, an argument counting at arg level as a whole call does at call level)'
export const FIXTURE_PER_TOOL_ROW = '  search        3   1   0       0.75       1  0.8571'

/**
 * A suite run with one retry a failed test: a test that fails its first run after a graded
 * assertion (FP 1, FN 1) and passes its second (TP 1); tests "a b > c" (FP 1, FN 1) and
 * "a > b c" (TP 1), whose names joined by spaces are alike; three tests named alike (TP 1
 * each, one of them passing on its second run); a test that grades only on its first, failed,
 * run (nothing); and an assertion in `afterAll`, no test's. Counted: TP 5, FP 1, FN 1, over 6
 * assertions in 6 tests.
 */
export const retriedFixture = resolve(import.meta.dirname, 'retried-fixture')

const weather = (name: string, city: string) => ({ name, args: { city } })

/**
 * A suite of two files of one test each, whose assertions name one tool in four spellings and
 * compare names with `name: 'toolName'`: each file's graded episodes, in order, and whether its
 * calls match the gold (graded with toMatchToolCalls, the others with toScoreAtLeast).
 */
export const FOLDED_NAMES_FILES = {
  // The model alone names the tool first, then the gold in another spelling, then in the model's.
  a: [
    { pred: [weather('Get.W', 'Oslo')], gold: [] },
    { pred: [], gold: [weather('GET.W', 'Paris')] },
    { pred: [weather('Get.W', 'Paris')], gold: [weather('Get.W', 'Paris')], matches: true },
  ],
  b: [
    { pred: [weather('get-w', 'Rome')], gold: [weather('get.w', 'Lyon')] },
    { pred: [{ name: 'SEARCH', args: {} }], gold: [{ name: 'search', args: {} }], matches: true },
  ],
}

/** The files of FOLDED_NAMES_FILES as spec files (`a.spec.ts`, or `a.spec.js` under Jest's globals), by name. */
export function foldedNamesSpecs(runner: 'vitest' | 'jest'): Record<string, string> {
  const specs: Record<string, string> = {}
  for (const [file, episodes] of Object.entries(FOLDED_NAMES_FILES)) {
    const assertions = episodes.map(({ pred, gold, matches }) =>
      matches === true
        ? `  expect(${JSON.stringify(pred)}).toMatchToolCalls(${JSON.stringify(gold)}, { name: 'toolName' })`
        : `  expect(${JSON.stringify(pred)}).toScoreAtLeast(0, ${JSON.stringify(gold)}, { name: 'toolName' })`,
    )
    const body = `test('grades ${file}', () => {\n${assertions.join('\n')}\n})\n`
    specs[runner === 'vitest' ? `${file}.spec.ts` : `${file}.spec.js`] = runner === 'vitest' ? `import { expect, test } from 'vitest'\n${body}` : body
  }
  return specs
}
