import { describe, expect, test } from 'vitest'
import { readTurns } from '../../src/calls'

/**
 * A list held in many places (an in-memory object; JSON cannot share) is read wherever it
 * stands, so every walk of a predicted list counts its items against the bound on list items:
 * each case holds one list of 300,000 entries in four places, and is refused rather than read in full.
 */
const TOO_MANY = [[{ name: '', args: {}, unparseable: 'more than 1,000,000 list items in all (does it hold the same list in many places?)' }]]

function sharedBy(entry: unknown, holder: (shared: unknown[]) => unknown): unknown[] {
  const shared = new Array(300_000).fill(entry)
  return Array.from({ length: 4 }, () => holder(shared))
}

describe('a list shared by many values counts against the bound on list items wherever it is walked', () => {
  test("an AI SDK v4 message's toolInvocations", () => {
    const input = sharedBy({ state: 'call', toolCallId: '1', toolName: 'f', args: {} }, (shared) => ({ role: 'assistant', toolInvocations: shared }))
    expect(readTurns(input)).toEqual(TOO_MANY)
  })

  test("an AI SDK result's steps", () => {
    const input = sharedBy({ toolCalls: [] }, (shared) => ({ steps: shared }))
    expect(readTurns(input)).toEqual(TOO_MANY)
  })

  test("a LangChain message's invalid_tool_calls", () => {
    const input = sharedBy({ name: 'f', args: '{', error: 'bad' }, (shared) => ({ type: 'ai', content: '', tool_calls: [], invalid_tool_calls: shared }))
    expect(readTurns(input)).toEqual(TOO_MANY)
  })

  test("a LangChain message's tool_call_chunks, checked against its calls", () => {
    const input = sharedBy({ id: 'x', args: '{}' }, (shared) => ({
      lc: 1,
      type: 'constructor',
      id: ['langchain_core', 'messages', 'AIMessage'],
      kwargs: { content: '', tool_calls: [{ name: 'f', args: {}, id: 'a' }], tool_call_chunks: shared },
    }))
    expect(readTurns(input)).toEqual(TOO_MANY)
  })

  test("a streamed LangChain chunk's tool_call_chunks", () => {
    const input = sharedBy({ index: 0, args: '' }, (shared) => ({ type: 'ai', content: '', tool_call_chunks: shared }))
    expect(readTurns(input)).toEqual(TOO_MANY)
  })

  test("a Chat Completions chunk's choices", () => {
    const input = sharedBy({ index: 1, delta: {} }, (shared) => ({ object: 'chat.completion.chunk', choices: shared }))
    expect(readTurns(input)).toEqual(TOO_MANY)
  })

  test("a Chat Completions chunk's tool_calls pieces", () => {
    const input = sharedBy({ index: 0, function: { arguments: '' } }, (shared) => ({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: shared } }] }))
    expect(readTurns(input)).toEqual(TOO_MANY)
  })

  test("the output of the Responses event that ends a response", () => {
    const input = sharedBy({ type: 'message' }, (shared) => ({ type: 'response.completed', response: { output: shared } }))
    expect(readTurns(input)).toEqual(TOO_MANY)
  })

  test("a streamed Gemini call piece's partialArgs", () => {
    const input = sharedBy({ jsonPath: '$.x', stringValue: 'a' }, (shared) => ({ functionCall: { name: 'f', partialArgs: shared, willContinue: false } }))
    expect(readTurns(input)).toEqual(TOO_MANY)
  })
})
