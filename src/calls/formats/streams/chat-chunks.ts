import { childPath } from '../../path'
import { forEachObjectIn, get, isList, isObject, peek, type Context } from '../reader'
import { addArgumentsPiece, isName, type PendingCall, type PendingCalls } from './pending-calls'

/**
 * A Chat Completions chunk, as OpenAI's SDK puts chunks together: the first choice's (the
 * others are alternative answers) `tool_calls` pieces by their index, a name as given and the
 * arguments' text appended, and the legacy `function_call`. True when it finishes the response.
 * Chunk ids are not read: servers that give each chunk an id of its own are common.
 */
export function takeChatChunk(calls: PendingCalls, chunk: object, path: string, context: Context): boolean {
  const choicesPath = childPath(path, 'choices')
  const choices = get(chunk, 'choices', choicesPath)
  if (!isList(choices)) return false
  let choice: object | undefined
  let choicePath = ''
  context.indices(choices, choicesPath, (index) => {
    const item = peek(choices, index)
    // A choice without an index is the only one there is.
    if (choice === undefined && isObject(item) && (peek(item, 'index') ?? 0) === 0) {
      choice = item
      choicePath = childPath(choicesPath, index)
    }
  })
  if (choice === undefined) return false
  const deltaPath = childPath(choicePath, 'delta')
  const delta = get(choice, 'delta', deltaPath)
  if (isObject(delta)) {
    forEachObjectIn(delta, 'tool_calls', deltaPath, context, (piece, piecePath) => takeToolCallPiece(calls, piece, piecePath))
    const functionCallPath = childPath(deltaPath, 'function_call')
    const functionCall = get(delta, 'function_call', functionCallPath)
    if (isObject(functionCall)) takeFunctionPiece(calls.at('function_call', childPath(functionCallPath, 'name')), functionCall, functionCallPath)
  }
  // OpenAI's SDK takes an empty finish_reason for none.
  const finishReason = peek(choice, 'finish_reason')
  return typeof finishReason === 'string' && finishReason !== ''
}

function takeToolCallPiece(calls: PendingCalls, piece: object, path: string): void {
  const fnPath = childPath(path, 'function')
  const namePath = childPath(fnPath, 'name')
  const index = peek(piece, 'index')
  let call: PendingCall
  if (typeof index === 'number' && Number.isInteger(index) && index >= 0) {
    call = calls.at(index, namePath)
  } else {
    // Without a whole-number index, a piece that names its tool begins a call and any other continues the last.
    const fn = peek(piece, 'function')
    const named = isObject(fn) && isName(peek(fn, 'name'))
    call = (named ? undefined : calls.last()) ?? calls.begin(undefined, undefined, namePath)
  }
  const custom = peek(piece, 'custom')
  if (isObject(custom)) {
    call.custom = true
    call.argsPath = childPath(path, 'custom')
    const name = peek(custom, 'name')
    if (isName(name)) call.name = name
    return
  }
  const fn = get(piece, 'function', fnPath)
  if (isObject(fn)) takeFunctionPiece(call, fn, fnPath)
}

/** A `function` piece, `{ name?, arguments? }`: the name set as given, the arguments' text appended. */
function takeFunctionPiece(call: PendingCall, fn: object, path: string): void {
  const name = peek(fn, 'name')
  if (isName(name)) call.name = name
  addArgumentsPiece(call, peek(fn, 'arguments'), childPath(path, 'arguments'))
}
