import { fc, test } from '@fast-check/vitest'
import { expect } from 'vitest'
import { thousands } from '../../src/calls/thousands'

test.prop([fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER })])('groups thousands as toLocaleString writes them in English', (n) => {
  expect(thousands(n)).toBe(n.toLocaleString('en-US'))
})
