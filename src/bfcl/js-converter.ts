/**
 * BFCL's `js_type_converter`: a model's JavaScript value, written as a string of source
 * (`"[1, 2]"`, `"{a: 'b'}"`, `"5n"`), turned into the typed value that is then checked.
 * Source that does not have the expected shape stays the string it was.
 */

import { PyFloat } from '../calls/python-values'
import { objectPairs, twoLevelArrayLength } from './js-patterns'
import { RE_ANY, RE_DIGIT, RE_END, RE_SPACE, pyInner, pyStrip, pyWithoutLast, pythonFloat, pythonInt } from './python-text'

const D = RE_DIGIT
const S = RE_SPACE
const ANY = RE_ANY

const INTEGER = new RegExp(`^-?${D}+${RE_END}`, 'u')
const FLOAT = new RegExp(`^-?${D}+(?:\\.${D}+)?${RE_END}`, 'u')
const BIGINT = new RegExp(`^-?${D}+n${RE_END}`, 'u')

const BRACKETED = new RegExp(`\\[(${ANY}*?)\\]`, 'gu')
const ARRAY = new RegExp(`^(?:\\[(${ANY}*?)\\]|new${S}+Array\\((${ANY}*?)\\))`, 'u')
const OBJECT = new RegExp(`^\\{(${ANY}*?)\\}`, 'u')

/** The JavaScript types BFCL knows; their Python types decide the type check. */
export const JS_TYPES: ReadonlyMap<string, 'int' | 'float' | 'bool' | 'str' | 'list' | 'dict'> = new Map([
  ['String', 'str'],
  ['integer', 'int'],
  ['float', 'float'],
  ['Bigint', 'int'],
  ['Boolean', 'bool'],
  ['dict', 'dict'],
  ['array', 'list'],
  ['any', 'str'],
])

function isQuoted(text: string): boolean {
  return (text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'"))
}

/** Converts one JavaScript value of the given declared type (`nested`: an array's element type). */
export function convertJsValue(value: string, type: string, nested?: string): unknown {
  switch (type) {
    case 'String':
      return isQuoted(value) ? pyInner(value) : value
    case 'integer':
      return INTEGER.test(value) ? (pythonInt(value) ?? value) : value
    case 'float': {
      if (!FLOAT.test(value)) return value
      const number = pythonFloat(value)
      return number === undefined ? value : new PyFloat(number)
    }
    case 'Bigint':
      return BIGINT.test(value) ? (pythonInt(pyWithoutLast(value)) ?? value) : value
    case 'Boolean':
      return value === 'true' ? true : value === 'false' ? false : value
    case 'dict':
      return parseObject(pyStrip(value))
    case 'array':
      return parseArray(pyStrip(value), nested)
    default:
      return value
  }
}

/** `[a, b]`, `new Array(a, b)`, or a two-level `[[a, b], [c]]`; elements split at commas. */
function parseArray(code: string, nested: string | undefined): unknown {
  const twoLevels = twoLevelArrayLength(code)
  if (twoLevels !== -1) {
    return Array.from(code.slice(0, twoLevels).matchAll(BRACKETED), (inner, index) => {
      let text = pyStrip(inner[1]!)
      if (index === 0 && text.startsWith('[')) text = text.slice(1)
      return text.split(',').map((part) => parseJsValue(pyStrip(part)))
    })
  }
  const match = ARRAY.exec(code)
  if (match === null) return code
  const listed = pyStrip(match[1] ?? match[2] ?? '')
  const parts = listed === '' ? [] : listed.split(',')
  if (!nested) return parts.map((part) => parseJsValue(pyStrip(part)))
  // BFCL raises on an element type it does not know, and keeps the source.
  if (!JS_TYPES.has(nested)) return code
  return parts.map((part) => {
    const element = pyStrip(part)
    // A quoted element of a nested array or object is read with String elements.
    return convertJsValue(element, nested, element.startsWith("'") || element.startsWith('"') ? 'String' : undefined)
  })
}

/** `{key: value, ...}` up to the first `}`; values typed as parseJsValue reads them. */
function parseObject(code: string): unknown {
  if (code === '{}') return {}
  const match = OBJECT.exec(code)
  if (match === null) return code
  const object: Record<string, unknown> = {}
  for (const [keyText, valueText] of objectPairs(match[1]!)) {
    const key = pyStrip(pyStrip(keyText), '\'"')
    const value = pyStrip(valueText)
    let parsed: unknown
    if (value.startsWith('[') && value.endsWith(']')) parsed = parseArray(value, undefined)
    else if (value.startsWith('{') && value.endsWith('}')) parsed = parseObject(value)
    else parsed = parseJsValue(pyStrip(value, '\'"'))
    Object.defineProperty(object, key, { value: parsed, enumerable: true, writable: true, configurable: true })
  }
  return object
}

/** BFCL's `parse_js_value`: a JavaScript literal whose type is not declared. */
export function parseJsValue(text: string): unknown {
  const value = pyStrip(text)
  if (value === 'true') return true
  if (value === 'false') return false
  if (isQuoted(value)) return pyInner(value)
  const integer = pythonInt(value)
  if (integer !== undefined) return integer
  const float = pythonFloat(value)
  return float === undefined ? value : new PyFloat(float)
}
