import { supportAgent } from './support-agent'
import { describe, expect, test } from './runner'

const refund = (order_id: number, amount: number) => ({ name: 'refund', args: { order_id, amount } })

// The agent looks the order up first, which no gold asks for: the tests pass, the corpus counts it.
describe('refunds', () => {
  test('refunds whole dollars', () => {
    expect(supportAgent('Refund $30 for order #1003')).toScoreAtLeast(0.6, [refund(1003, 30)])
  })

  test('refunds dollars and cents, then cancels', () => {
    expect(supportAgent('Refund $20.50 for order #1004, then cancel it')).toScoreAtLeast(0.4, [
      refund(1004, 20.5),
      { name: 'cancel_order', args: { order_id: 1004 } },
    ])
  })
})
