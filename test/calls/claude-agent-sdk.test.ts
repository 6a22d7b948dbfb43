import { describe, expect, test } from 'vitest'
import { readTurns, toolCalls } from '../../src/calls'

const session = { session_id: 'session_1' }

/** An `SDKAssistantMessage`: one content block of a response, as Claude Code sends them. */
const assistant = (content: object[], parentToolUseId: string | null = null) => ({
  type: 'assistant',
  message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content, stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } },
  parent_tool_use_id: parentToolUseId,
  uuid: 'uuid',
  ...session,
})

const toolUse = (id: string, name: string, input: object) => ({ type: 'tool_use', id, name, input })

/** An `SDKUserMessage` carrying a tool's result back to the model. */
const toolResult = (toolUseId: string) => ({
  type: 'user',
  message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content: 'ok' }] },
  parent_tool_use_id: null,
  ...session,
})

const read = (file: string) => ({ name: 'Read', args: { file_path: file } })

describe('Claude Agent SDK messages, written from its message types', () => {
  test('calls sent one block a message form one turn, ended by the tool results', () => {
    const messages = [
      { type: 'system', subtype: 'init', tools: ['Read'], model: 'claude-test', ...session },
      assistant([{ type: 'text', text: 'Reading both.' }]),
      assistant([toolUse('t1', 'Read', { file_path: 'a.ts' })]),
      assistant([toolUse('t2', 'Read', { file_path: 'b.ts' })]),
      toolResult('t1'),
      toolResult('t2'),
      assistant([toolUse('t3', 'Read', { file_path: 'c.ts' })]),
      toolResult('t3'),
      assistant([{ type: 'text', text: 'Done.' }]),
      { type: 'result', subtype: 'success', result: 'Done.', is_error: false, num_turns: 3, ...session },
    ]
    expect(readTurns(messages)).toEqual([[read('a.ts'), read('b.ts')], [read('c.ts')]])
  })

  test('a message holding several blocks, and a message alone', () => {
    const both = assistant([toolUse('t1', 'Read', { file_path: 'a.ts' }), toolUse('t2', 'Read', { file_path: 'b.ts' })])
    expect(readTurns(both)).toEqual([[read('a.ts'), read('b.ts')]])
    expect(readTurns([both, toolResult('t1'), assistant([toolUse('t3', 'Read', { file_path: 'c.ts' })])])).toEqual([
      [read('a.ts'), read('b.ts')],
      [read('c.ts')],
    ])
  })

  test("a subagent's calls are read too, each message a turn of its own, not beside the call that started it", () => {
    const messages = [assistant([toolUse('t1', 'Task', { prompt: 'Look.' })]), assistant([toolUse('s1', 'Read', { file_path: 'a.ts' })], 't1')]
    expect(readTurns(messages)).toEqual([[{ name: 'Task', args: { prompt: 'Look.' } }], [read('a.ts')]])
  })

  test('a tool_use block that cannot be read is unparseable at its path', () => {
    expect(toolCalls([assistant([{ type: 'tool_use', id: 't1', input: {} }])])[0]?.unparseable).toBe(
      '[0].message.content[0].name: expected a tool name, received undefined',
    )
  })
})

/** A line of a Claude Code session's transcript (its `.jsonl` file): the message, and where it stands in the session. */
const transcriptLine = (uuid: string, parentUuid: string | null, type: 'user' | 'assistant', message: object, isSidechain = false) => ({
  parentUuid,
  isSidechain,
  userType: 'external',
  cwd: '/work',
  sessionId: 'session_1',
  version: '2.0.0',
  type,
  message,
  uuid,
  timestamp: '2026-12-08T00:00:00.000Z',
})

const transcriptAssistant = (uuid: string, parentUuid: string, content: object[], isSidechain = false) =>
  transcriptLine(uuid, parentUuid, 'assistant', { id: `msg_${uuid}`, type: 'message', role: 'assistant', model: 'claude-test', content, stop_reason: null }, isSidechain)
const transcriptResult = (uuid: string, parentUuid: string, toolUseId: string) =>
  transcriptLine(uuid, parentUuid, 'user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content: 'ok' }] })

describe("a Claude Code session's transcript", () => {
  test('its lines read as the SDK messages do: calls a line apiece one turn, ended by the tool results', () => {
    const lines = [
      { type: 'summary', summary: 'Reading files', leafUuid: 'a4' },
      transcriptLine('u1', null, 'user', { role: 'user', content: 'Read a, b and c.' }),
      transcriptAssistant('a1', 'u1', [toolUse('t1', 'Read', { file_path: 'a.ts' })]),
      transcriptAssistant('a2', 'a1', [toolUse('t2', 'Read', { file_path: 'b.ts' })]),
      transcriptResult('u2', 'a2', 't1'),
      transcriptResult('u3', 'u2', 't2'),
      transcriptAssistant('a3', 'u3', [toolUse('t3', 'Read', { file_path: 'c.ts' })]),
      transcriptResult('u4', 'a3', 't3'),
      transcriptAssistant('a4', 'u4', [{ type: 'text', text: 'Done.' }]),
    ]
    expect(readTurns(lines)).toEqual([[read('a.ts'), read('b.ts')], [read('c.ts')]])
    expect(() => expect(lines).not.toHaveCalledTool('Read')).toThrow(/Read/)
  })

  test("a subagent's lines (isSidechain) are each a turn of their own", () => {
    const lines = [
      transcriptAssistant('a1', 'u1', [toolUse('t1', 'Task', { prompt: 'Look.' })]),
      transcriptAssistant('s1', 'a1', [toolUse('s1', 'Read', { file_path: 'a.ts' })], true),
      transcriptAssistant('s2', 's1', [toolUse('s2', 'Read', { file_path: 'b.ts' })], true),
    ]
    expect(readTurns(lines)).toEqual([[{ name: 'Task', args: { prompt: 'Look.' } }], [read('a.ts')], [read('b.ts')]])
  })
})
