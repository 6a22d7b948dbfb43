import { supportAgent } from './support-agent'
import { describe, expect, test } from './runner'

describe('shipping', () => {
  test('tracks a parcel', () => {
    expect(supportAgent('Where is order #1005?')).toMatchToolCalls([{ name: 'track_shipment', args: { order_id: 1005 } }])
  })

  // Escalating an angry customer weighs double; the agent never does.
  test('tracks the parcel of an angry customer and escalates', () => {
    expect(supportAgent('I am furious!!! Order #1006 never arrived')).toScoreAtLeast(
      0.4,
      [
        { name: 'track_shipment', args: { order_id: 1006 } },
        { name: 'escalate', args: { reason: expect.stringMatching(/arriv/) } },
      ],
      { grammar: { tools: { escalate: { importance: 2 } } } },
    )
  })
})
