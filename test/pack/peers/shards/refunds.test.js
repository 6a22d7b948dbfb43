import { expect, test } from 'vitest'

test('refunds, then forgets to notify', () => {
  expect([{ name: 'refund', args: { id: 'A1' } }]).toScoreAtLeast(0, [
    { name: 'refund', args: { id: 'A1' } },
    { name: 'notify', args: { id: 'A1' } },
  ])
})
