import { expect } from 'vitest'
import { matchers } from './index'
import { serializer } from './serializer'
// Type-only: puts the matchers' types on Vitest's expect in this entry's declarations.
export type {} from './vitest-types'

expect.extend(matchers)
expect.addSnapshotSerializer(serializer)
