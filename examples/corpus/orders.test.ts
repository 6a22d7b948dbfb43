import { supportAgent } from './support-agent'
import { describe, expect, test } from './runner'

describe('orders', () => {
  test('looks an order up', () => {
    expect(supportAgent('What is the status of order #1001?')).toMatchToolCalls([{ name: 'lookup_order', args: { order_id: 1001 } }])
  })

  test('cancels an order', () => {
    expect(supportAgent('Please cancel order #1002')).toMatchToolCalls([{ name: 'cancel_order', args: { order_id: 1002 } }])
  })
})
