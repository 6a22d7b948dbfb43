import { childPath } from '../path'
import { failedResponseCall } from './api-error'
import { customToolCall } from './openai-chat'
import { callAt, get, isList, peek, type FormatReader } from './reader'

/**
 * OpenAI Responses API: a `Response` (all function calls in its `output` are one turn, as
 * one response is one assistant turn, and one that failed adds an unparseable call) and a
 * `function_call` item, named within its `namespace` where it has one; a `custom_tool_call` item is
 * unparseable, naming its tool, as in Chat Completions. Its other items (message, reasoning,
 * function_call_output, built-in tool calls) carry no call of ours.
 */
export const readOpenAIResponses: FormatReader = (value, path, context) => {
  const output = peek(value, 'output')
  // A Response has no `type`; a tagged item with an `output` list is something else: an AI SDK tool result, say.
  if (isList(output) && peek(value, 'type') === undefined) {
    const turn = context.turn(output, childPath(path, 'output'))
    const failure = failedResponseCall(value, path)
    if (failure !== undefined) turn.push(failure)
    return { turns: [turn] }
  }
  const type = peek(value, 'type')
  if (type === 'custom_tool_call') return { call: customToolCall(inNamespace(value, get(value, 'name', childPath(path, 'name'))), path) }
  if (type !== 'function_call') return undefined
  const namePath = childPath(path, 'name')
  const argsPath = childPath(path, 'arguments')
  const call = callAt(value, 'name', namePath, 'arguments', argsPath)
  if (call.name !== '') call.name = inNamespace(value, call.name) as string
  return { call }
}

/**
 * A tool's name as a call of a namespace tool gives it (`{ namespace: 'crm', name: 'search' }`):
 * `crm.search`, as a grammar's namespace tool declares its functions.
 */
export function inNamespace(item: object, name: unknown): unknown {
  const namespace = peek(item, 'namespace')
  return typeof namespace === 'string' && namespace !== '' && typeof name === 'string' && name !== '' ? `${namespace}.${name}` : name
}
