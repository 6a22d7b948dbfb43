/**
 * A toy travel assistant: it reads a request and answers as an OpenAI chat model does, with
 * an assistant message whose `tool_calls` carry JSON-encoded arguments. No network; rules only.
 */

export interface AssistantMessage {
  role: 'assistant'
  content: string | null
  tool_calls: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>
}

const CITY = /\b(?:in|to) ([A-Z][a-z]+(?: [A-Z][a-z]+)*)/

function call(index: number, name: string, args: Record<string, unknown>): AssistantMessage['tool_calls'][number] {
  return { id: `call_${index}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }
}

export function travelAgent(request: string): AssistantMessage {
  const city = CITY.exec(request)?.[1]
  const calls: Array<[string, Record<string, unknown>]> = []
  if (city !== undefined && /\bweather\b/i.test(request)) {
    const days = /\b(\d+) days?\b/.exec(request)?.[1]
    calls.push(['get_weather', days === undefined ? { city } : { city, days: Number(days) }])
  }
  if (city !== undefined && /\bhotel\b/i.test(request)) {
    const nights = /\b(\d+) nights?\b/.exec(request)?.[1]
    calls.push(['search_hotels', { city, nights: Number(nights ?? 1), max_price: /\bcheap\b/i.test(request) ? 100 : 300 }])
  }
  return {
    role: 'assistant',
    content: calls.length === 0 ? 'Where would you like to go?' : null,
    tool_calls: calls.map(([name, args], i) => call(i, name, args)),
  }
}
