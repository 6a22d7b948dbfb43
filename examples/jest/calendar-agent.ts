/**
 * A toy calendar assistant: it reads a request and answers as an Anthropic model does, with
 * content blocks, some of them `tool_use`. No network; rules only.
 */

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }

export interface AssistantMessage {
  role: 'assistant'
  content: ContentBlock[]
}

const PEOPLE = /\bwith ((?:[A-Z][a-z]+)(?:(?:, | and )[A-Z][a-z]+)*)/
const TIME = /\bat (\d{1,2})(?::(\d{2}))? ?(am|pm)\b/i

function toTime(match: RegExpExecArray): string {
  const hour = (Number(match[1]) % 12) + (match[3]!.toLowerCase() === 'pm' ? 12 : 0)
  return `${String(hour).padStart(2, '0')}:${match[2] ?? '00'}`
}

export function calendarAgent(request: string): AssistantMessage {
  const content: ContentBlock[] = [{ type: 'text', text: 'On it.' }]
  const people = PEOPLE.exec(request)?.[1]?.split(/, | and /) ?? []
  const time = TIME.exec(request)
  if (/\bmeet|meeting\b/i.test(request) && time !== null) {
    content.push({ type: 'tool_use', id: 'toolu_1', name: 'create_event', input: { title: 'Meeting', time: toTime(time), attendees: people } })
  }
  for (const [i, person] of people.entries()) {
    if (/\binvite|tell\b/i.test(request)) {
      content.push({ type: 'tool_use', id: `toolu_${i + 2}`, name: 'send_email', input: { to: person.toLowerCase(), subject: 'Invitation' } })
    }
  }
  return { role: 'assistant', content }
}
