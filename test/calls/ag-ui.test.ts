import { type BaseEvent, EventType, type Message } from '@ag-ui/core'
import { EventSchemas } from '@ag-ui/core/schemas'
import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'
import { parisAndRome } from './paris-and-rome'

/** An event of the protocol, checked against its own schema, as an agent's server sends it. */
const event = (type: EventType, fields: object = {}): BaseEvent => EventSchemas.parse({ type, ...fields }) as BaseEvent

const start = (id: string, parentMessageId?: string) => event(EventType.TOOL_CALL_START, { toolCallId: id, toolCallName: 'get_weather', parentMessageId })
const args = (id: string, delta: string) => event(EventType.TOOL_CALL_ARGS, { toolCallId: id, delta })
const end = (id: string) => event(EventType.TOOL_CALL_END, { toolCallId: id })
const result = (id: string) => event(EventType.TOOL_CALL_RESULT, { messageId: `r_${id}`, toolCallId: id, content: '20C' })
const weather = (id: string, city: string, parent?: string) => [start(id, parent), args(id, '{"city":'), args(id, `"${city}"}`), end(id)]

const messages: Message[] = [
  { id: 'u1', role: 'user', content: 'Weather?' },
  { id: 'm1', role: 'assistant', toolCalls: parisAndRome.map(({ args }, index) => ({ id: `t${index}`, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify(args) } })) },
]

/** A run: the model's text, two calls of one message, their results, a call of the next message, a snapshot of the messages, the run's end. */
const run = [
  event(EventType.RUN_STARTED, { threadId: 'thread', runId: 'run' }),
  event(EventType.TEXT_MESSAGE_START, { messageId: 'm1', role: 'assistant' }),
  event(EventType.TEXT_MESSAGE_CONTENT, { messageId: 'm1', delta: 'Checking.' }),
  event(EventType.TEXT_MESSAGE_END, { messageId: 'm1' }),
  ...weather('t0', 'Paris', 'm1'),
  ...weather('t1', 'Rome', 'm1'),
  result('t0'),
  result('t1'),
  ...weather('t2', 'Oslo', 'm2'),
  result('t2'),
  event(EventType.MESSAGES_SNAPSHOT, { messages }),
  event(EventType.RUN_FINISHED, { threadId: 'thread', runId: 'run' }),
]

const oslo = { name: 'get_weather', args: { city: 'Oslo' } }

describe('AG-UI events', () => {
  test("a run's events, collected, read as its calls put together, a turn per message, the snapshot not read again", () => {
    expect(readTurns(run)).toEqual([parisAndRome, [oslo]])
    expect(() => expect(run).not.toHaveCalledTool('get_weather')).toThrow(/get_weather/)
  })

  test("without their parent message's id, a tool's result ends the turn", () => {
    const unparented = run.map((piece) => ('parentMessageId' in piece ? { ...piece, parentMessageId: undefined } : piece))
    expect(readTurns(unparented)).toEqual([parisAndRome, [oslo]])
  })

  test('chunks put together as the client does, a chunk without an id adding to the last call', () => {
    const chunks = [
      event(EventType.TOOL_CALL_CHUNK, { toolCallId: 't0', toolCallName: 'get_weather', parentMessageId: 'm1', delta: '{"city":' }),
      event(EventType.TOOL_CALL_CHUNK, { delta: '"Paris"}' }),
      event(EventType.TOOL_CALL_CHUNK, { toolCallId: 't1', toolCallName: 'get_weather', parentMessageId: 'm1', delta: '{"city":"Rome"}' }),
      event(EventType.RUN_FINISHED, { threadId: 'thread', runId: 'run' }),
    ]
    expect(readTurns(chunks)).toEqual([parisAndRome])
  })

  test('a call the stream cut short is unparseable; a failed run reads as one unparseable call saying why', () => {
    const [cut] = toolCalls([start('t0', 'm1'), args('t0', '{"city":')])
    expect(cut?.unparseable).toMatch(/^\[1\]\.delta: not valid JSON/)
    const failed = toolCalls([...weather('t0', 'Paris', 'm1'), event(EventType.RUN_ERROR, { message: 'rate limited', code: '429' })])
    expect(failed).toEqual([parisAndRome[0], { name: '', args: {}, unparseable: '[4]: the stream reported an error (429: rate limited)' }])
  })

  test("a snapshot of the messages alone reads as its messages, in AG-UI's shape", () => {
    expect(readTurns(event(EventType.MESSAGES_SNAPSHOT, { messages }))).toEqual([parisAndRome])
    expect(readTurns(messages)).toEqual([parisAndRome])
  })
})
