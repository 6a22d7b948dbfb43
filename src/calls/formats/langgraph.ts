import { isLangChainMessage } from './langchain'
import { childPath } from '../path'
import { isList, isObject, lengthOf, noCalls, onlyKey, peek, type FormatReader } from './reader'

/**
 * A LangGraph update, as `graph.stream()` yields it in its `updates` mode: `{ node: { messages } }`,
 * the messages a node added (or the one message), read as those messages; `{ __interrupt__ }`, a
 * pause for a human, holds no call. Told by its messages being in a form only LangChain writes,
 * since BFCL's one-key form, `{ fname: { arg } }`, could have an argument named `messages`.
 */
export const readGraphUpdate: FormatReader = (value, path, context) => {
  const node = onlyKey(value)
  if (node === undefined) return undefined
  if (node === '__interrupt__') return isList(peek(value, node)) ? noCalls() : undefined
  const update = peek(value, node)
  const messages = isObject(update) && !isList(update) ? peek(update, 'messages') : undefined
  const messagesPath = childPath(childPath(path, node), 'messages')
  if (isList(messages)) return isLangChainMessage(peek(messages, 0)) ? { turns: context.list(messages, messagesPath) } : undefined
  return isLangChainMessage(messages) ? context.read(messages, messagesPath) : undefined
}

/** The `messages` of a graph's state, `{ messages: [...] }`, or undefined for anything else. Never throws. */
export function stateMessages(item: unknown): unknown[] | undefined {
  if (!isObject(item) || isList(item)) return undefined
  const messages = peek(item, 'messages')
  return isList(messages) ? messages : undefined
}

/**
 * Whether a state's messages begin with all of the state's before it, as each state that
 * `graph.stream()` yields in its `values` mode (its default) holds the last one's and more:
 * the same objects, the same ids, or, stored without ids, the same JSON. Never throws.
 */
export function extendsMessages(earlier: unknown[], later: unknown[]): boolean {
  try {
    const count = lengthOf(earlier, '')
    if (lengthOf(later, '') < count) return false
    for (let i = 0; i < count; i++) if (!sameMessage(earlier[i], later[i])) return false
    return true
  } catch {
    return false
  }
}

function sameMessage(a: unknown, b: unknown): boolean {
  if (a === b) return true
  const idA = messageId(a)
  const idB = messageId(b)
  if (idA !== undefined || idB !== undefined) return idA === idB
  return JSON.stringify(a) === JSON.stringify(b)
}

/** A LangChain message's id, in its class, plain, stored or serialised form. */
function messageId(message: unknown): string | undefined {
  if (!isObject(message)) return undefined
  for (const holder of [message, peek(message, 'kwargs'), peek(message, 'data')]) {
    const id = isObject(holder) ? peek(holder, 'id') : undefined
    if (typeof id === 'string' && id !== '') return id
  }
  return undefined
}

/**
 * The message of a pair `[message, metadata]`, as `graph.stream()` yields each in its `messages`
 * mode, told by the metadata's `langgraph_node`; undefined for anything else. Never throws.
 */
export function graphMessageOf(item: unknown): unknown {
  if (!isList(item) || peek(item, 'length') !== 2) return undefined
  const [message, metadata] = [peek(item, 0), peek(item, 1)]
  // A tuple call, [name, args], begins with a string.
  if (!isObject(message) || isList(message)) return undefined
  return isObject(metadata) && typeof peek(metadata, 'langgraph_node') === 'string' ? message : undefined
}
