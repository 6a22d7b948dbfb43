import { PyFloat, PyTuple, pythonFloatRepr, pythonIntRepr } from '../calls/python-values'
import { isDict } from './python-semantics'
import type { KeyKind } from '../calls/dict-key-clash'

/**
 * A decoded dict key as Python's `json.dumps` writes it (`1` → "1", `1.0` → "1.0", `True` →
 * "true", `None` → "null"), or why it cannot be one: a list or dict is unhashable, as in
 * Python; a tuple key, which Python allows, has no such text.
 */
export function dictKeyText(key: unknown): { text: string; kind: KeyKind } | { problem: string } {
  if (typeof key === 'string') return { text: key, kind: 'string' }
  // An int read exactly, past 2^53 too: `{2**53 + 1: 'a', 2**53: 'b'}` has two keys.
  if (typeof key === 'bigint') return { text: key.toString(), kind: 'other' }
  if (typeof key === 'number') return { text: Number.isInteger(key) ? pythonIntRepr(key) : floatKey(key), kind: Number.isNaN(key) ? 'NaN' : 'other' }
  if (key instanceof PyFloat) return { text: floatKey(key.value), kind: Number.isNaN(key.value) ? 'NaN' : 'other' }
  if (key === true) return { text: 'true', kind: 'other' }
  if (key === false) return { text: 'false', kind: 'other' }
  if (key === null) return { text: 'null', kind: 'other' }
  if (key instanceof PyTuple) return { problem: 'a tuple as a dict key is not supported' }
  if (Array.isArray(key)) return { problem: "unhashable type: 'list' as a dict key" }
  if (isDict(key)) return { problem: "unhashable type: 'dict' as a dict key" }
  return { problem: 'dict keys must be strings, numbers, booleans or None' }
}

function floatKey(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === Infinity) return 'Infinity'
  if (value === -Infinity) return '-Infinity'
  return pythonFloatRepr(value)
}
