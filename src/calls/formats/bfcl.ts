import { callOf } from '../arguments'
import { childPath } from '../path'
import { opensAsJsonObject } from '../looks-like-json'
import { isPlainObject } from '../plain-value'
import { get, onlyKey, type FormatReader } from './reader'

/**
 * BFCL's decoded model output, `{ fname: { arg: value } }`, or a function-calling model's call
 * as its result files hold it, `{ fname: '{"arg": value}' }`: an object with exactly one key
 * whose value is a plain object or the JSON text of one. Tried after every other format, as its
 * shape is the loosest.
 */
export const readBfcl: FormatReader = (value, path) => {
  const name = onlyKey(value)
  if (name === undefined) return undefined
  const argsPath = childPath(path, name)
  const args = get(value, name, argsPath)
  // A string under one key is a call's arguments only when it opens as a JSON object.
  return isPlainObject(args) || (typeof args === 'string' && opensAsJsonObject(args)) ? { call: callOf(name, path, args, argsPath) } : undefined
}

