import { expect } from 'vitest'
import { matchers } from './index'
import { serializer } from './serializer'
import './vitest-types'

expect.extend(matchers)
expect.addSnapshotSerializer(serializer)
