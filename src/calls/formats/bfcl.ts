import { callOf } from '../arguments'
import { childPath } from '../path'
import { isPlainObject } from '../plain-value'
import { get, type FormatReader } from './reader'

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
  return isPlainObject(args) || isObjectText(args) ? { call: callOf(name, path, args, argsPath) } : undefined
}

/** Text that opens as a JSON object: any other string under one key is no call's arguments. */
function isObjectText(value: unknown): value is string {
  return typeof value === 'string' && value.trimStart().startsWith('{')
}

function onlyKey(value: object): string | undefined {
  try {
    const keys = Object.keys(value)
    return keys.length === 1 ? keys[0] : undefined
  } catch {
    return undefined
  }
}
