/** BFCL's function docs: `{ name, parameters: { properties: { p: { type, items? } }, required } }`. */

import { childPath } from '../compare/gold-node'
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

/** The name of a doc, checked to be there: BFCL finds docs by it. */
export function docName(doc: unknown, path: string): string {
  if (!isDict(doc)) throw new BfclInputError(path, `expected a function doc { name, parameters }, received ${printValue(doc)}`)
  if (typeof doc.name !== 'string') throw new BfclInputError(`${path}.name`, `expected the function's name, received ${printValue(doc.name)}`)
  return doc.name
}

function readType(value: unknown, path: string, language: BfclLanguage): string {
  if (typeof value !== 'string' || !typesOf(language).has(value)) {
    const known = [...typesOf(language).keys()].join(', ')
    throw new BfclInputError(path, `expected a ${language} type BFCL knows (${known}), received ${printValue(value)}`)
  }
  return value
}

/** Reads a doc the gold uses; a type BFCL does not know for the language throws, as BFCL would fail on it. */
export function readFunctionDoc(doc: unknown, path: string, language: BfclLanguage): BfclFunctionDoc {
  const name = docName(doc, path)
  const parameters = (doc as Record<string, unknown>).parameters
  const parametersPath = `${path}.parameters`
  if (!isDict(parameters)) throw new BfclInputError(parametersPath, `expected { properties, required }, received ${printValue(parameters)}`)
  const propertiesPath = `${parametersPath}.properties`
  const rawProperties = parameters.properties
  if (!isDict(rawProperties)) throw new BfclInputError(propertiesPath, `expected an object of parameter docs, received ${printValue(rawProperties)}`)
  const properties = new Map<string, BfclParamDoc>()
  for (const param of Object.keys(rawProperties)) {
    const paramPath = childPath(propertiesPath, param)
    const property = rawProperties[param]
    if (!isDict(property)) throw new BfclInputError(paramPath, `expected a parameter doc { type }, received ${printValue(property)}`)
    const type = readType(property.type, `${paramPath}.type`, language)
    if (!hasNestedType(language, type)) {
      properties.set(param, { type })
      continue
    }
    const items = property.items
    if (!isDict(items)) throw new BfclInputError(`${paramPath}.items`, `expected { type } for the elements of a ${type}, received ${printValue(items)}`)
    properties.set(param, { type, itemsType: readType(items.type, `${paramPath}.items.type`, language) })
  }
  return { name, properties, required: readRequired(parameters.required, `${parametersPath}.required`) }
}

// An absent list of required parameters is read as none, as JSON Schema reads it.
function readRequired(value: unknown, path: string): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.some((name) => typeof name !== 'string')) {
    throw new BfclInputError(path, `expected a list of parameter names, received ${printValue(value)}`)
  }
  return value as string[]
}
