/** BFCL's function docs: `{ name, parameters: { properties: { p: { type, items? } }, required } }`. */

import { childPath } from '../calls/path'
import { printValue } from '../compare/print-value'
import type { BfclLanguage } from './category'
import { BfclInputError } from './input-error'
import { JAVA_TYPES } from './java-converter'
import { JS_TYPES } from './js-converter'
import { isDict, type PyType } from './python-semantics'

export interface BfclParamDoc {
  type: string
  /** The element type of an array, for the types whose elements BFCL checks. */
  itemsType?: string
  /** The Python type a value of the declared type has. */
  expected: PyType
  /** The Python type of each element, for the types whose elements BFCL checks. */
  nested: PyType | undefined
}

export interface BfclFunctionDoc {
  name: string
  properties: ReadonlyMap<string, BfclParamDoc>
  required: readonly string[]
}

/** BFCL's `PYTHON_TYPE_MAPPING`: a declared type and the Python type a value must have. */
export const PYTHON_TYPES: ReadonlyMap<string, PyType> = new Map([
  ['string', 'str'],
  ['integer', 'int'],
  ['float', 'float'],
  ['boolean', 'bool'],
  ['array', 'list'],
  ['tuple', 'list'],
  ['dict', 'dict'],
  ['any', 'str'],
])

/** The declared types whose elements are type-checked (Python) or converted one by one (Java, JavaScript). */
const NESTED_TYPES: Record<BfclLanguage, ReadonlySet<string>> = {
  Python: new Set(['array', 'tuple']),
  Java: new Set(['Array', 'ArrayList']),
  JavaScript: new Set(['array']),
}

export function typesOf(language: BfclLanguage): ReadonlyMap<string, PyType> {
  return language === 'Java' ? JAVA_TYPES : language === 'JavaScript' ? JS_TYPES : PYTHON_TYPES
}

export function hasNestedType(language: BfclLanguage, type: string): boolean {
  return NESTED_TYPES[language].has(type)
}

/** Where the doc at `index` of an entry's `functions` is, for a message. */
function docPath(index: number): string {
  return `functions[${index}]`
}

/** The name of the doc at `index` of an entry's `functions`, checked to be there: BFCL finds docs by it. */
export function docName(doc: unknown, index: number): string {
  if (!isDict(doc)) {
    throw new BfclInputError(docPath(index), `expected a function doc { name, parameters }, received ${printValue(doc)}`)
  }
  if (typeof doc.name !== 'string') throw new BfclInputError(`${docPath(index)}.name`, `expected the function's name, received ${printValue(doc.name)}`)
  return doc.name
}

function unknownTypeError(path: string, value: unknown, language: BfclLanguage): BfclInputError {
  const known = [...typesOf(language).keys()].join(', ')
  return new BfclInputError(path, `expected a ${language} type BFCL knows (${known}), received ${printValue(value)}`)
}

// Paths are written only for an error: a doc is read for every entry.
function propertyPath(index: number, param: string): string {
  return childPath(`${docPath(index)}.parameters.properties`, param)
}

/** Reads the doc at `index` of an entry's `functions`, one the gold uses; a type BFCL does not know for the language throws, as BFCL would fail on it. */
export function readFunctionDoc(doc: unknown, index: number, language: BfclLanguage): BfclFunctionDoc {
  const name = docName(doc, index)
  const parameters = (doc as Record<string, unknown>).parameters
  if (!isDict(parameters)) throw new BfclInputError(`${docPath(index)}.parameters`, `expected { properties, required }, received ${printValue(parameters)}`)
  const rawProperties = parameters.properties
  if (!isDict(rawProperties)) {
    throw new BfclInputError(`${docPath(index)}.parameters.properties`, `expected an object of parameter docs, received ${printValue(rawProperties)}`)
  }
  const types = typesOf(language)
  const properties = new Map<string, BfclParamDoc>()
  for (const param of Object.keys(rawProperties)) {
    const property = rawProperties[param]
    if (!isDict(property)) throw new BfclInputError(propertyPath(index, param), `expected a parameter doc { type }, received ${printValue(property)}`)
    const type = property.type
    const expected = typeof type === 'string' ? types.get(type) : undefined
    if (typeof type !== 'string' || expected === undefined) throw unknownTypeError(`${propertyPath(index, param)}.type`, type, language)
    if (!hasNestedType(language, type)) {
      properties.set(param, { type, expected, nested: undefined })
      continue
    }
    const items = property.items
    if (!isDict(items)) {
      throw new BfclInputError(`${propertyPath(index, param)}.items`, `expected { type } for the elements of the ${type}, received ${printValue(items)}`)
    }
    const itemsType = items.type
    const nested = typeof itemsType === 'string' ? types.get(itemsType) : undefined
    if (typeof itemsType !== 'string' || nested === undefined) throw unknownTypeError(`${propertyPath(index, param)}.items.type`, itemsType, language)
    properties.set(param, { type, itemsType, expected, nested })
  }
  return { name, properties, required: readRequired(parameters.required, index) }
}

// An absent list of required parameters is read as none, as JSON Schema reads it.
function readRequired(value: unknown, index: number): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.some((name) => typeof name !== 'string')) {
    throw new BfclInputError(`${docPath(index)}.parameters.required`, `expected a list of parameter names, received ${printValue(value)}`)
  }
  return value as string[]
}
