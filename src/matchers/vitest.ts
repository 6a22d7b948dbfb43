import { expect } from 'vitest'
import { getCurrentTest } from 'vitest/suite'
import { matchers } from './index'
import { recordOnRunningTest } from './record-score'
import { serializer } from './serializer'
// Type-only: puts the matchers' types on Vitest's expect in this entry's declarations.
export type {} from './vitest-types'

// Vitest 3.2, and 4.0 at first, gives matchers no `this.task`: the corpus reporter's figures are then kept on the runner's current test.
recordOnRunningTest(getCurrentTest)
expect.extend(matchers)
expect.addSnapshotSerializer(serializer)
