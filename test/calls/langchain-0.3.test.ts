import * as core1 from '@langchain/core/messages'
import { concat as concat1 } from '@langchain/core/utils/stream'
import * as core03 from 'langchain-core-0.3/messages'
import { concat as concat03 } from 'langchain-core-0.3/utils/stream'
import { describe, expect, test } from 'vitest'
import { readTurns } from '../../src/calls'

// @langchain/core 0.3 gives its messages no `type` field: each says its type through its class's `_getType()`.
// Built alike by both versions, a trajectory reads alike.

type Core = typeof core1
type Concat = typeof concat1

const cores: Array<[string, Core, Concat]> = [
  ['1', core1, concat1],
  ['0.3', core03 as unknown as Core, concat03 as unknown as Concat],
]

/** Trajectories an agent on LangChain gives, built by one version of @langchain/core. */
function trajectories({ AIMessage, AIMessageChunk, HumanMessage, SystemMessage, ToolMessage }: Core, concat: Concat) {
  const answer = new AIMessage({
    content: '',
    tool_calls: [
      { name: 'get_weather', args: { city: 'Paris' }, id: 'c1' },
      { name: 'get_weather', args: { city: 'Rome' }, id: 'c2' },
    ],
    invalid_tool_calls: [{ name: 'book', args: '{"city":', id: 'c3', error: 'not valid JSON', type: 'invalid_tool_call' }],
  })
  const chunks = [
    new AIMessageChunk({ id: 'r1', content: '', tool_call_chunks: [{ index: 0, id: 'c1', name: 'get_weather', args: '{"city":' }] }),
    new AIMessageChunk({ id: 'r1', content: '', tool_call_chunks: [{ index: 0, args: '"Paris"}' }, { index: 1, id: 'c2', name: 'now', args: '' }] }),
  ]
  const cutShort = [chunks[0]!, new AIMessageChunk({ id: 'r1', content: '', tool_call_chunks: [{ index: 0, args: '"Par' }] })]
  const question = new HumanMessage('Weather in Paris and Rome?')
  const result = new ToolMessage({ content: '20C', tool_call_id: 'c1' })
  const booking = new AIMessage({ content: '', tool_calls: [{ name: 'book', args: { city: 'Rome' }, id: 'c4' }] })
  return {
    'an AIMessage, its invalid call unparseable': answer,
    'a conversation, whose human, system and tool messages end turns': [new SystemMessage('You plan trips.'), question, answer, result, booking],
    // As LangGraph gives them: a graph's state, and its stream in the `values`, `updates` and `messages` modes.
    "a LangGraph graph's state": { messages: [question, answer, result, booking] },
    "a LangGraph graph's states streamed": [{ messages: [question] }, { messages: [question, answer] }, { messages: [question, answer, result, booking] }],
    "a LangGraph graph's updates streamed": [{ agent: { messages: [answer] } }, { tools: { messages: [result] } }, { agent: { messages: [booking] } }],
    "a LangGraph graph's message chunks streamed": chunks.map((chunk) => [chunk, { langgraph_node: 'agent' }]),
    'streamed chunks': chunks,
    'streamed chunks merged by concat': concat(chunks[0]!, chunks[1]!),
    'chunks cut short': cutShort,
    'an AIMessage serialised by toJSON': JSON.parse(JSON.stringify(answer)) as unknown,
    'a message without calls': new AIMessage('Sunny.'),
  }
}

describe('messages of @langchain/core 0.3, which name their type by a method', () => {
  const [latest, older] = cores.map(([, core, concat]) => trajectories(core, concat))
  test.each(Object.keys(latest!))('read as those of @langchain/core 1: %s', (name) => {
    const key = name as keyof typeof latest
    const turns = readTurns(latest![key])
    expect(turns.flat().length > 0).toBe(key !== 'a message without calls')
    expect(readTurns(older![key])).toEqual(turns)
  })

  test('read as their calls, which a message of the other kind would hide', () => {
    expect(readTurns(older!['an AIMessage, its invalid call unparseable'])).toEqual([
      [
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_weather', args: { city: 'Rome' } },
        { name: 'book', args: {}, unparseable: 'invalid_tool_calls[0]: not valid JSON' },
      ],
    ])
    for (const name of ['a conversation, whose human, system and tool messages end turns', "a LangGraph graph's updates streamed"] as const) {
      expect(readTurns(older![name])).toHaveLength(2)
    }
  })

  test('an object of LangChain whose _getType throws, or names no type, is unparseable, not read as a message without calls', () => {
    class Thrown {
      lc_kwargs = {}
      tool_calls = [{ name: 'get_weather', args: { city: 'Paris' } }]
      _getType(): string {
        throw new Error('no type')
      }
    }
    class Numbered {
      lc_kwargs = {}
      tool_calls = [{ name: 'get_weather', args: { city: 'Paris' } }]
      _getType(): number {
        return 42
      }
    }
    for (const value of [new Thrown(), new Numbered()]) {
      expect(readTurns(value)).toEqual([[{ name: '', args: {}, unparseable: `expected a tool call, a message or a model response, received an instance of ${value.constructor.name}` }]])
    }
  })

  test.each(cores)('fail toHaveCalledTool under .not where the message makes the call (@langchain/core %s)', (_, { AIMessage }) => {
    const message = new AIMessage({ content: '', tool_calls: [{ name: 'delete_account', args: { id: 7 }, id: 'c1' }] })
    expect(() => expect(message).not.toHaveCalledTool('delete_account')).toThrow(/Expected no call to \S*delete_account\S*, but pred\[0\] is one\./)
  })
})
