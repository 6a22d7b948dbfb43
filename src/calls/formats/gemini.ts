import { callOf } from '../arguments'
import { atPath, childPath, describe } from '../path'
import { unparseableCall } from '../tool-call'
import { get, has, isList, isObject, lengthOf, noCalls, partOfTurn, peek, type FormatReader } from './reader'

/** Fields of a Gemini `Part` that is not a function call. */
const OTHER_PART_FIELDS = [
  'text',
  'functionResponse',
  'inlineData',
  'fileData',
  'executableCode',
  'codeExecutionResult',
  'thought',
  'thoughtSignature',
  'videoMetadata',
  'toolCall',
  'toolResponse',
]

/**
 * Gemini (`@google/genai`): a `GenerateContentResponse` (its first candidate; the others are
 * alternatives), a candidate, an Agent Development Kit event `{ author, content }`, a `Content`
 * without a role, and parts `{ functionCall: { name, args } }`.
 * Only plain fields are read: the response class's getters (`text`, `functionCalls`) warn.
 */
export const readGemini: FormatReader = (value, path, context) => {
  const candidates = peek(value, 'candidates')
  if (isList(candidates)) {
    const candidatesPath = childPath(path, 'candidates')
    if (lengthOf(candidates, candidatesPath) === 0) return noCalls()
    const firstPath = childPath(candidatesPath, 0)
    const first = get(candidates, 0, firstPath)
    if (!isObject(first)) return { call: unparseableCall(atPath(firstPath, `expected a candidate, received ${describe(first)}`)) }
    const contentPath = childPath(firstPath, 'content')
    const content = get(first, 'content', contentPath)
    // A candidate stopped early (safety, recitation) has no content.
    return content === undefined || content === null ? noCalls() : context.read(content, contentPath)
  }
  // A candidate alone, or an event of Google's Agent Development Kit (`{ author, content }`): its content.
  const content = peek(value, 'content')
  if (isObject(content) && isList(peek(content, 'parts')) && (has(value, 'finishReason') || has(value, 'author'))) {
    return context.read(content, childPath(path, 'content'))
  }
  if (has(value, 'type') || has(value, 'role')) return undefined
  if (has(value, 'functionCall')) {
    const callPath = childPath(path, 'functionCall')
    const call = get(value, 'functionCall', callPath)
    if (!isObject(call)) return { call: unparseableCall(atPath(callPath, `expected an object, received ${describe(call)}`)) }
    const namePath = childPath(callPath, 'name')
    const argsPath = childPath(callPath, 'args')
    return { call: callOf(get(call, 'name', namePath), namePath, get(call, 'args', argsPath), argsPath) }
  }
  const parts = peek(value, 'parts')
  return isList(parts) ? { turns: [context.turn(parts, childPath(path, 'parts'))] } : undefined
}

/** A Gemini part that is not a function call (text, a function's response, inline data); a response ends a turn. */
export const readGeminiOtherPart: FormatReader = (value) => {
  if (has(value, 'type') || has(value, 'role')) return undefined
  if (!OTHER_PART_FIELDS.some((field) => has(value, field))) return undefined
  return has(value, 'functionResponse') || has(value, 'toolResponse') ? noCalls() : partOfTurn()
}
