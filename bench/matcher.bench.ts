import { expect } from 'expect'
// The built package, as users run it.
import { matchers, type ToolCallMatchers } from 'expect-toolcalls/matchers'
import { type BenchOptions, compare, formatMs, formatRatio, formatWithin } from './harness'

interface Call {
  name: string
  args: Record<string, unknown>
}

const PASSING_TARGET = 2
const FAILURE_LIMIT_MS = 50
const CALLS_PER_TURN = 4

expect.extend(matchers)
const expectCalls = (trajectory: unknown) => expect(trajectory) as unknown as ToolCallMatchers<void>

/**
 * The matcher on Jest's standalone `expect`: a passing 10-call trajectory in OpenAI messages
 * against `toEqual` on the same calls as plain objects; then a failing 200-call trajectory,
 * its message built, against `toEqual` failing on the same calls.
 */
export function runMatcherBench(options: BenchOptions): string[] {
  const lines = ['matcher: Jest standalone expect, expect.extend(matchers); trajectories in OpenAI Chat messages']

  const passing = trajectory(10, 0)
  const pass = compare(
    () => expect(passing.calls).toEqual(passing.gold),
    () => expectCalls(passing.messages).toMatchToolCalls(passing.gold),
    options,
  )
  lines.push(
    `  passing, 10 calls: toMatchToolCalls ${formatMs(pass.candidateMs)}  toEqual ${formatMs(pass.baselineMs)}  ` +
      `ratio ${formatRatio(pass.ratio, PASSING_TARGET)}`,
  )

  const failing = trajectory(200, 4)
  const fail = compare(
    () => failureMessage(() => expect(failing.calls).toEqual(failing.gold)),
    () => failureMessage(() => expectCalls(failing.messages).toMatchToolCalls(failing.gold)),
    options,
  )
  lines.push(
    `  failing, 200 calls (4 wrong), message built: toMatchToolCalls ${formatWithin(fail.candidateMs, FAILURE_LIMIT_MS)}  ` +
      `toEqual ${formatMs(fail.baselineMs)}  ratio ${formatRatio(fail.ratio)}`,
  )
  return lines
}

/** Runs an assertion that must fail and returns the length of its message, so the message is built and used. */
function failureMessage(assertion: () => void): number {
  try {
    assertion()
  } catch (error) {
    return (error as Error).message.length
  }
  throw new Error('matcher bench: the failing assertion passed')
}

const CITIES = ['Paris', 'Lima', 'Oslo', 'Kyoto', 'Accra', 'Quito']

/** The gold calls of a travel-planning agent; the n-th call's tool and values follow from n. */
function goldCalls(count: number): Call[] {
  return Array.from({ length: count }, (_, i): Call => {
    const city = CITIES[i % CITIES.length]!
    switch (i % 4) {
      case 0:
        return { name: 'get_weather', args: { city, unit: 'celsius', days: 1 + (i % 7) } }
      case 1:
        return { name: 'search_hotels', args: { city, check_in: `2025-07-${String(1 + (i % 28)).padStart(2, '0')}`, nights: 2, guests: { adults: 2, children: i % 3 } } }
      case 2:
        return { name: 'convert_currency', args: { amount: 100 + i, from: 'EUR', to: 'USD' } }
      default:
        return { name: 'add_to_itinerary', args: { title: `Visit ${city} museum`, tags: ['culture', 'indoor'], day: i } }
    }
  })
}

/** A prediction with `wrong` calls, spread out, spoiled in turn: a changed value, a missing argument, a wrong tool, a hallucinated argument. */
function spoiled(gold: readonly Call[], wrong: number): Call[] {
  const calls = gold.map((call) => structuredClone(call))
  const spoilers = [
    (call: Call) => (call.args = { ...call.args, city: 'Berlin' }),
    (call: Call) => delete call.args[Object.keys(call.args)[0]!],
    (call: Call) => (call.name = `${call.name}_v2`),
    (call: Call) => (call.args = { ...call.args, extra: 'hallucinated' }),
  ]
  for (let k = 0; k < wrong; k++) spoilers[k % spoilers.length]!(calls[Math.floor(((k + 0.5) * calls.length) / wrong)]!)
  return calls
}

/** A conversation: the user's request, then assistant turns of parallel calls, each followed by the tools' results. */
function openAiMessages(calls: readonly Call[]): unknown[] {
  const messages: unknown[] = [{ role: 'user', content: 'Plan my trip.' }]
  for (let start = 0; start < calls.length; start += CALLS_PER_TURN) {
    const turn = calls.slice(start, start + CALLS_PER_TURN).map((call, k) => ({
      id: `call_${start + k}`,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    }))
    messages.push({ role: 'assistant', content: null, tool_calls: turn })
    for (const toolCall of turn) messages.push({ role: 'tool', tool_call_id: toolCall.id, content: '{"ok":true}' })
  }
  messages.push({ role: 'assistant', content: 'Your trip is planned.' })
  return messages
}

function trajectory(count: number, wrong: number): { gold: Call[]; calls: Call[]; messages: unknown[] } {
  const gold = goldCalls(count)
  const calls = spoiled(gold, wrong)
  return { gold, calls, messages: openAiMessages(calls) }
}
