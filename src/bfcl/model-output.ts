/**
 * A model's answer as BFCL's checker receives it: Python call text, decoded as BFCL decodes
 * it, a function-calling model's `[{ fname: '<JSON arguments>' }]`, or calls already decoded —
 * BFCL's `[{ fname: { arg: value } }]` or our `{ name, args }`.
 * Never throws: what cannot be read is a decoder failure, BFCL's `ast_decoder:*` verdicts.
 */

import { opensAsJsonObject } from '../calls/looks-like-json'
import { childPath, errorMessage } from '../calls/path'
import { excerptAt } from '../calls/text-excerpt'
import { printValue } from '../compare/print-value'
import type { ToolCall } from '../calls/tool-call'
import { failure, type CallFailure } from './call-check'
import { decodeBfclOutput } from './decode'
import { copyDecodedValue } from './decoded-value'
import { isDict } from './python-semantics'
import { parseTypedJson } from './typed-json'

export type ModelOutputReading = { ok: true; calls: ToolCall[] } | { ok: false; failure: CallFailure }

const DECODER_FAILED = 'ast_decoder:decoder_failed'
const WRONG_FORMAT = 'ast_decoder:decoder_wrong_output_format'
const TOOL_CALL_KEYS = new Set(['name', 'args', 'arguments', 'positional', 'unparseable', 'id'])

export function readModelOutput(given: unknown, path = 'model_output'): ModelOutputReading {
  if (typeof given === 'string') {
    const decoded = decodeBfclOutput(given)
    if (decoded.ok) return decoded
    return { ok: false, failure: failure(DECODER_FAILED, [`Invalid syntax. Failed to decode AST. ${decoded.reason}, in ${excerptAt(given, decoded.position)}`]) }
  }
  const copied = copyDecodedValue(given, path)
  if (!copied.ok) return wrongFormat(copied.reason)
  const output = copied.value
  if (!Array.isArray(output)) {
    return wrongFormat(`${path}: expected Python call text or a list of calls, received ${printValue(output)}`)
  }
  const calls: ToolCall[] = []
  for (let i = 0; i < output.length; i++) {
    const call = readDecodedCall(output[i], `${path}[${i}]`)
    if ('ok' in call) return call
    calls.push(call)
  }
  return { ok: true, calls }
}

function wrongFormat(reason: string): ModelOutputReading {
  return { ok: false, failure: failure(WRONG_FORMAT, [`Did not output in the specified format. ${reason}`]) }
}

function readDecodedCall(item: unknown, path: string): ToolCall | ModelOutputReading {
  if (!isDict(item)) return wrongFormat(`${path}: expected a call, received ${printValue(item)}`)
  const keys = Object.keys(item)
  const name = keys[0]
  const only = keys.length === 1 && name !== undefined ? item[name] : undefined
  // `{ name: '{...}' }` is a tool called `name` in that form; `{ name: 'f' }` is our call f without arguments.
  if (typeof only === 'string' && (name !== 'name' || opensAsJsonObject(only))) return readArgumentsText(name!, only, childPath(path, name!))
  if (typeof item.name === 'string' && keys.every((key) => TOOL_CALL_KEYS.has(key))) return readToolCall(item, path)
  if (isDict(only)) return { name: name!, args: only }
  return wrongFormat(`${path}: expected { fname: { arg: value } }, { fname: '<JSON arguments>' } or { name, args }, received ${printValue(item)}`)
}

/**
 * A function-calling model's call as BFCL's result files hold it, `{ fname: '<JSON arguments>' }`:
 * its decoder reads the text with `json.loads`, so text that is no JSON fails to decode, and JSON
 * that is no object is in the wrong format.
 */
function readArgumentsText(name: string, text: string, path: string): ToolCall | ModelOutputReading {
  let args: unknown
  try {
    args = parseTypedJson(text)
  } catch (error) {
    return { ok: false, failure: failure(DECODER_FAILED, [`Invalid syntax. Failed to decode AST. ${path}: not valid JSON (${errorMessage(error)})`]) }
  }
  if (!isDict(args)) return wrongFormat(`${path}: expected the arguments as a JSON object, received ${printValue(args)}`)
  return { name, args }
}

function readToolCall(item: Record<string, unknown>, path: string): ToolCall | ModelOutputReading {
  if (typeof item.unparseable === 'string') {
    return { ok: false, failure: failure(DECODER_FAILED, [`Invalid syntax. Failed to decode AST. ${item.unparseable}`]) }
  }
  const argsKey = Object.hasOwn(item, 'args') ? 'args' : 'arguments'
  const argsPath = childPath(path, argsKey)
  let args = item[argsKey]
  if (typeof args === 'string') {
    try {
      args = args.trim() === '' ? {} : parseTypedJson(args)
    } catch (error) {
      return { ok: false, failure: failure(DECODER_FAILED, [`${argsPath}: not valid JSON (${errorMessage(error)})`]) }
    }
  }
  if (args === undefined || args === null) args = {}
  if (!isDict(args)) return wrongFormat(`${argsPath}: expected an object of arguments, received ${printValue(args)}`)
  const positional = item.positional
  if (positional === undefined) return { name: item.name as string, args }
  if (!Array.isArray(positional)) return wrongFormat(`${childPath(path, 'positional')}: expected a list, received ${printValue(positional)}`)
  return { name: item.name as string, args, positional }
}
