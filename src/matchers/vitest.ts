import * as vitest from 'vitest'
import { matchers } from './index'
import { recordOnRunningTest, testBegins, testEnds } from './record-score'
import { serializer } from './serializer'
// Type-only: puts the matchers' types on Vitest's expect in this entry's declarations.
export type {} from './vitest-types'

// Vitest 3.2, and 4.0 at first, gives matchers no `this.task`: the corpus reporter's figures are then kept on the runner's current test.
// Vitest 4.1 gives it as TestRunner.getCurrentTest and warns, in every test file, where `vitest/suite` is imported; before
// 4.1 only `vitest/suite` gives it. That is imported only there, and not with a top-level await, which the targets of some
// bundlers refuse (Vite 6's for dependencies): the file's tests wait for it in a hook instead.
const { TestRunner } = vitest as { TestRunner?: { getCurrentTest?: () => unknown } }
if (TestRunner?.getCurrentTest !== undefined) recordOnRunningTest(TestRunner.getCurrentTest)
else {
  // Built at run time, so that Vite, where it transforms this file (the package inlined, a browser), resolves no
  // `vitest/suite` ahead: Vitest 5 has none. Where it cannot be loaded, the hooks below still tell the test.
  const suiteModule = ['vitest', 'suite'].join('/')
  const suite = import(/* @vite-ignore */ suiteModule).then(
    ({ getCurrentTest }: { getCurrentTest: () => unknown }) => recordOnRunningTest(getCurrentTest),
    () => undefined,
  )
  vitest.beforeAll(() => suite)
}
// Which tests are under way, for a concurrent test's scores that find no current test.
vitest.beforeEach(({ task }) => testBegins(task))
vitest.afterEach(({ task }) => testEnds(task))
vitest.expect.extend(matchers)
vitest.expect.addSnapshotSerializer(serializer)
