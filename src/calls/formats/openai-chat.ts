import { twoArgumentSets } from '../arguments'
import { atPath, childPath, describe } from '../path'
import { type ToolCall, unparseableCall } from '../tool-call'
import { callAt, get, holds, isList, isObject, lengthOf, noCalls, peek, type FormatReader } from './reader'

/**
 * OpenAI Chat Completions: a `ChatCompletion` (its first choice; the others are alternative
 * answers, not further turns), and a tool call `{ type: 'function', function: { name,
 * arguments } }` (or `args`, as in our own form). A custom tool's call (`{ type: 'custom',
 * custom: { name, input } }`) is unparseable, naming its tool: its input is free-form text, no
 * arguments. A choice is read by readChatResponse; messages and their legacy `function_call` by
 * readMessage.
 */
export const readOpenAIChat: FormatReader = (value, path, context) => {
  const choices = peek(value, 'choices')
  if (isList(choices)) {
    const choicesPath = childPath(path, 'choices')
    if (lengthOf(choices, choicesPath) === 0) return noCalls()
    const firstPath = childPath(choicesPath, 0)
    const first = get(choices, 0, firstPath)
    if (!isObject(first)) return { call: unparseableCall(atPath(firstPath, `expected a choice, received ${describe(first)}`)) }
    const messagePath = childPath(firstPath, 'message')
    return context.read(get(first, 'message', messagePath), messagePath)
  }
  const type = peek(value, 'type')
  if (type === 'custom') {
    const customPath = childPath(path, 'custom')
    const custom = get(value, 'custom', customPath)
    return { call: customToolCall(isObject(custom) ? get(custom, 'name', childPath(customPath, 'name')) : undefined, customPath) }
  }
  const fn = peek(value, 'function')
  if (type !== 'function' && (type !== undefined || !isObject(fn))) return undefined
  const fnPath = childPath(path, 'function')
  if (!isObject(fn)) return { call: unparseableCall(atPath(fnPath, `expected an object, received ${describe(fn)}`)) }
  const namePath = childPath(fnPath, 'name')
  // `args`, as our own form allows, where a hand-written call gives it instead; never silently dropped.
  const argumentsGiven = holds(fn, 'arguments')
  const argsGiven = holds(fn, 'args')
  if (argumentsGiven && argsGiven) return { call: twoArgumentSets(peek(fn, 'name'), fnPath, 'arguments', 'args') }
  const argsKey = argsGiven ? 'args' : 'arguments'
  const argsPath = childPath(fnPath, argsKey)
  return { call: callAt(fn, 'name', namePath, argsKey, argsPath) }
}

/** A call to a custom tool, whose input is free-form text: unparseable as arguments, but naming its tool. */
export function customToolCall(name: unknown, path: string): ToolCall {
  return unparseableCall(atPath(childPath(path, 'input'), "a custom tool's free-form input, not JSON arguments"), typeof name === 'string' ? name : '')
}
