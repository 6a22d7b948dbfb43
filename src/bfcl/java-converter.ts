/**
 * BFCL's `java_type_converter`: a model's Java value, written as a string of Java source
 * (`"42L"`, `"new int[]{1, 2}"`), turned into the typed value that is then checked. Source
 * that does not have the expected shape stays the string it was, so the type check fails.
 * One slip is not reproduced: string and char elements of an array (`new String[]{"a"}`)
 * lose their quotes here, as they do in an ArrayList.
 */

import { PyFloat } from '../calls/python-values'
import { addArguments, addBlock, arrayElements, asListElements, hashMapPuts, isEmptyHashMap, putEntries } from './java-patterns'
import { RE_DIGIT, RE_END, RE_SPACE, RE_WORD, pyInner, pyStrip, pyWithoutLast, pythonFloat, pythonInt } from './python-text'

const D = RE_DIGIT
const S = RE_SPACE
const W = RE_WORD

const INTEGER = new RegExp(`^-?${D}+${RE_END}`, 'u')
const FLOAT = new RegExp(`^-?${D}+(?:\\.${D}+)?(?:[eE][+-]?${D}+)?[fF]${RE_END}`, 'u')
const DOUBLE = new RegExp(`^-?${D}+(?:\\.${D}+)?(?:[eE][+-]?${D}+)?${RE_END}`, 'u')
const LONG = new RegExp(`^-?${D}+[lL]${RE_END}`, 'u')
const FLOAT_SUFFIX = new RegExp(`[fF]${RE_END}`, 'u')
const LONG_SUFFIX = new RegExp(`[lL]${RE_END}`, 'u')

const EMPTY_ARRAY_LIST = new RegExp(`new${S}+ArrayList<${W}*>\\(\\)`, 'u')

/** The Java types BFCL knows; their Python types decide the type check. */
export const JAVA_TYPES: ReadonlyMap<string, 'int' | 'float' | 'bool' | 'str' | 'list' | 'dict' | 'set'> = new Map([
  ['byte', 'int'],
  ['short', 'int'],
  ['integer', 'int'],
  ['float', 'float'],
  ['double', 'float'],
  ['long', 'int'],
  ['boolean', 'bool'],
  ['char', 'str'],
  ['Array', 'list'],
  ['ArrayList', 'list'],
  ['Set', 'set'],
  ['HashMap', 'dict'],
  ['Hashtable', 'dict'],
  ['Queue', 'list'],
  ['Stack', 'list'],
  ['String', 'str'],
  ['any', 'str'],
])

/**
 * Converts one Java value of the given declared type (`nested`: the element type of an Array
 * or ArrayList). Set, Hashtable, Queue and Stack, which BFCL cannot convert (it raises), stay
 * the string they were.
 */
export function convertJavaValue(value: string, type: string, nested?: string): unknown {
  switch (type) {
    case 'byte':
    case 'short':
    case 'integer':
      return INTEGER.test(value) ? (pythonInt(value) ?? value) : value
    case 'float': {
      if (!FLOAT.test(value)) return value
      const number = pythonFloat(value.replace(FLOAT_SUFFIX, ''))
      return number === undefined ? value : new PyFloat(number)
    }
    case 'double': {
      if (!DOUBLE.test(value)) return value
      const number = pythonFloat(value)
      return number === undefined ? value : new PyFloat(number)
    }
    case 'long':
      return LONG.test(value) ? (pythonInt(value.replace(LONG_SUFFIX, '')) ?? value) : value
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value
    case 'Array':
      return parseArray(value, nested)
    case 'ArrayList':
      return parseArrayList(value, nested)
    case 'HashMap':
      return parseHashMap(value)
    default:
      // char (BFCL's pattern for it can never match), String, any, and the unconvertible types.
      return value
  }
}

function convertElement(element: string, nested: string | undefined): unknown {
  return nested ? convertJavaValue(element, nested) : parseJavaValue(element)
}

/** `new ArrayList<>(Arrays.asList(a, b))`, `new ArrayList<>() {{ add(a); add(b); }}` or `new ArrayList<>()`. */
function parseArrayList(text: string, nested: string | undefined): unknown {
  const asList = asListElements(text)
  if (asList !== undefined) return asList.split(',').map((part) => arrayListElement(pyStrip(part), nested))
  const block = addBlock(text)
  if (block !== undefined) return addArguments(block).map((add) => arrayListElement(pyStrip(add), nested))
  return EMPTY_ARRAY_LIST.test(text) ? [] : text
}

function arrayListElement(element: string, nested: string | undefined): unknown {
  // BFCL drops the first and last character of char and String elements, quotes or not.
  return nested === 'char' || nested === 'String' ? pyInner(element) : convertElement(element, nested)
}

/** `new int[]{1, 2}`: elements split at commas, blanks skipped. */
function parseArray(text: string, nested: string | undefined): unknown {
  const listed = arrayElements(text)
  if (listed === undefined) return text
  const elements: unknown[] = []
  for (const part of listed.split(',')) {
    const element = pyStrip(part)
    if (element === '') continue
    elements.push(isQuotedElement(element, nested) ? pyInner(element) : convertElement(element, nested))
  }
  return elements
}

function isQuotedElement(element: string, nested: string | undefined): boolean {
  const quote = nested === 'String' ? '"' : nested === 'char' ? "'" : undefined
  return quote !== undefined && element.length >= 2 && element.startsWith(quote) && element.endsWith(quote)
}

/** `new HashMap<String, Object>() {{ put("k", v); }}` or `new HashMap<>()`; values typed as parseJavaValue reads them. */
function parseHashMap(text: string): unknown {
  const puts = hashMapPuts(text)
  if (puts !== undefined) {
    const entries: Record<string, unknown> = {}
    if (pyStrip(puts) !== '') {
      for (const [key, value] of putEntries(puts)) {
        Object.defineProperty(entries, key, { value: parseJavaValue(pyStrip(value)), enumerable: true, writable: true, configurable: true })
      }
    }
    return entries
  }
  return isEmptyHashMap(text) ? {} : text
}

const LONG_VALUE = new RegExp(`^-?${D}+[lL]${RE_END}`, 'u')
const FLOAT_VALUE = FLOAT

/** BFCL's `parse_java_value`: a Java literal whose type is not declared. */
export function parseJavaValue(text: string): unknown {
  if (text === 'true') return true
  if (text === 'false') return false
  if (text.startsWith('"') && text.endsWith('"')) return pyInner(text)
  if (LONG_VALUE.test(text)) return pythonInt(pyWithoutLast(text)) ?? text
  if (FLOAT_VALUE.test(text)) {
    const number = pythonFloat(text.replace(FLOAT_SUFFIX, ''))
    return number === undefined ? text : new PyFloat(number)
  }
  const integer = pythonInt(text)
  if (integer !== undefined) return integer
  const float = pythonFloat(text)
  return float === undefined ? text : new PyFloat(float)
}
