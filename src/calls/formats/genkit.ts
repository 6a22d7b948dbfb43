import { callOfParsed } from '../arguments'
import { childPath } from '../path'
import { callAt, get, has, isObject, type FormatReader } from './reader'

/**
 * Genkit: a message's part `{ toolRequest: { name, ref, input } }`, its `input` the value Genkit parsed
 * (text there is arguments the model encoded twice; none, a tool without input). A `toolResponse`
 * part holds no call, and is read with Gemini's parts. Tried before BFCL's one-key form, which
 * would read the part as a call to `toolRequest`.
 */
export const readGenkitPart: FormatReader = (value, path) => {
  if (!has(value, 'toolRequest') || has(value, 'type') || has(value, 'role')) return undefined
  const requestPath = childPath(path, 'toolRequest')
  const request = get(value, 'toolRequest', requestPath)
  if (!isObject(request) || !has(request, 'name')) return undefined
  return { call: callAt(request, 'name', childPath(requestPath, 'name'), 'input', childPath(requestPath, 'input'), callOfParsed) }
}
