import { childPath } from '../path'
import { get, noCalls, peek, ranByProvider, type FormatReader } from './reader'

/** The lists that Mistral's conversation objects hold their entries in, by the object's kind. */
const ENTRIES_KEY: Record<string, string> = { 'conversation.response': 'outputs', 'conversation.history': 'entries', 'conversation.messages': 'messages' }

/**
 * Mistral's Agents and Conversations API: a conversation's response, history or messages, read as the
 * list of their entries. A `function.call` entry `{ name, arguments }` is read as our own form; a
 * `function.result` entry ends the turn; a `tool.execution` entry is a built-in connector Mistral ran
 * (a web search, the code interpreter), no call of the agent's. Tried before our own form, which
 * would read a connector's `{ name, arguments }` as a call.
 */
export const readMistralConversation: FormatReader = (value, path, context) => {
  const type = peek(value, 'type')
  if (type === 'tool.execution') return ranByProvider()
  if (type === 'function.result') return noCalls()
  const object = peek(value, 'object')
  const key = typeof object === 'string' && Object.hasOwn(ENTRIES_KEY, object) ? ENTRIES_KEY[object]! : undefined
  if (key === undefined) return undefined
  const entriesPath = childPath(path, key)
  return { turns: context.list(get(value, key, entriesPath), entriesPath) }
}
