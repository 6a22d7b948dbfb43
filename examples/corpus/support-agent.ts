/**
 * A toy support agent: it reads a customer's message and answers as the OpenAI Responses API
 * does, with `function_call` output items whose arguments are JSON. No network; rules only,
 * and two flaws on purpose: it looks the order up before every refund, and it never escalates.
 */

export interface FunctionCallItem {
  type: 'function_call'
  call_id: string
  name: string
  arguments: string
}

export interface AgentResponse {
  output: FunctionCallItem[]
}

export function supportAgent(message: string): AgentResponse {
  const order = /#(\d+)/.exec(message)?.[1]
  const calls: Array<[string, Record<string, unknown>]> = []
  if (order !== undefined) {
    const order_id = Number(order)
    if (/\bstatus\b/i.test(message)) calls.push(['lookup_order', { order_id }])
    if (/\brefund\b/i.test(message)) {
      // Reads the whole dollars only: "$20.50" becomes 20.
      const amount = Number(/\$(\d+)/.exec(message)?.[1] ?? 0)
      calls.push(['lookup_order', { order_id }], ['refund', { order_id, amount }])
    }
    if (/\bcancel\b/i.test(message)) calls.push(['cancel_order', { order_id }])
    if (/\b(where|track|arriv)/i.test(message)) calls.push(['track_shipment', { order_id }])
  }
  return {
    output: calls.map(([name, args], i) => ({ type: 'function_call', call_id: `call_${i}`, name, arguments: JSON.stringify(args) })),
  }
}
