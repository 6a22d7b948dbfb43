import { callOf } from '../arguments'
import { childPath } from '../path'
import { isPlainObject } from '../plain-value'
import { get, type FormatReader } from './reader'

/**
 * BFCL's decoded model output: `{ fname: { arg: value } }`, an object with exactly one key
 * whose value is a plain object. Tried after every other format, as its shape is the loosest.
 */
export const readBfcl: FormatReader = (value, path) => {
  const name = onlyKey(value)
  if (name === undefined) return undefined
  const argsPath = childPath(path, name)
  const args = get(value, name, argsPath)
  return isPlainObject(args) ? { call: callOf(name, path, args, argsPath) } : undefined
}

function onlyKey(value: object): string | undefined {
  try {
    const keys = Object.keys(value)
    return keys.length === 1 ? keys[0] : undefined
  } catch {
    return undefined
  }
}
