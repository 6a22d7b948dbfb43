import type { GoldNode } from './gold-node'
import { describeKind, printValue } from './print-value'

/** The part of a JSON Schema (or a BFCL parameter doc) that constrains one value. */
export interface ValueSchema {
  /** Accepted types, normalised: string, number, integer, boolean, array, object, null; empty = any. */
  types: readonly SchemaType[]
  enum?: readonly unknown[]
  items?: ValueSchema
  properties?: Readonly<Record<string, ValueSchema>>
  /** The declared default, compiled as a gold value so "equals the default" uses the value rules. */
  default?: GoldNode
}

export type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null'

// JSON Schema, OpenAPI (Gemini's upper case) and BFCL's Python type names.
const TYPE_ALIASES: Record<string, SchemaType | 'any'> = {
  string: 'string',
  str: 'string',
  number: 'number',
  float: 'number',
  double: 'number',
  integer: 'integer',
  int: 'integer',
  long: 'integer',
  boolean: 'boolean',
  bool: 'boolean',
  array: 'array',
  list: 'array',
  tuple: 'array',
  object: 'object',
  dict: 'object',
  null: 'null',
  any: 'any',
  // Declared, but not checked here: Gemini's unspecified type, an empty type (BFCL's data has one), and
  // the Java and JavaScript types of BFCL's docs, whose values are source text.
  type_unspecified: 'any',
  '': 'any',
  char: 'any',
  byte: 'any',
  short: 'any',
  arraylist: 'any',
  set: 'any',
  hashmap: 'any',
  hashtable: 'any',
  queue: 'any',
  stack: 'any',
  bigint: 'any',
}

/** The type names a schema may declare, for suggesting one where a name is unknown. */
export const TYPE_NAMES: readonly string[] = Object.keys(TYPE_ALIASES).filter((name) => name !== '')

/** A declared type name in any of the dialects (JSON Schema, OpenAPI, BFCL's), or undefined when it is unknown. */
export function normaliseType(name: string): SchemaType | 'any' | undefined {
  const key = name.toLowerCase()
  return Object.hasOwn(TYPE_ALIASES, key) ? TYPE_ALIASES[key] : undefined
}

function typeOf(value: unknown): SchemaType | undefined {
  switch (typeof value) {
    case 'string':
      return 'string'
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number'
    case 'boolean':
      return 'boolean'
    case 'object':
      if (value === null) return 'null'
      return Array.isArray(value) ? 'array' : 'object'
    default:
      return undefined
  }
}

function accepts(types: readonly SchemaType[], actual: SchemaType | undefined): boolean {
  if (actual === undefined) return false
  for (const type of types) {
    if (type === actual || (type === 'number' && actual === 'integer')) return true
  }
  return false
}

/** Declared values compare as gold strings do, through the canonicalizer; others by identity. */
function sameEnumValue(allowed: unknown, value: unknown, canonicalize: (s: string) => string): boolean {
  if (typeof allowed === 'string' && typeof value === 'string') return canonicalize(allowed) === canonicalize(value)
  return allowed === value
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

/**
 * Checks a predicted value against its declared schema; returns why it does not fit, or
 * undefined. An integer is accepted where a number is declared; declared string values
 * compare through the canonicalizer.
 */
export function checkSchema(schema: ValueSchema, value: unknown, canonicalize: (s: string) => string): string | undefined {
  if (schema.types.length > 0 && !accepts(schema.types, typeOf(value))) {
    const expected = schema.types.map(article).join(' or ')
    return `expected ${expected} (the declared type), received ${typeof value === 'object' ? describeKind(value) : printValue(value)}`
  }
  if (schema.enum !== undefined && !schema.enum.some((allowed) => sameEnumValue(allowed, value, canonicalize))) {
    return `expected one of the declared values ${schema.enum.map(printValue).join(', ')}, received ${printValue(value)}`
  }
  if (schema.items !== undefined && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const reason = checkSchema(schema.items, value[i], canonicalize)
      if (reason !== undefined) return `[${i}]: ${reason}`
    }
  }
  if (schema.properties !== undefined && typeOf(value) === 'object') {
    const record = value as Record<string, unknown>
    for (const key of Object.keys(schema.properties)) {
      if (!Object.hasOwn(record, key)) continue
      const reason = checkSchema(schema.properties[key]!, record[key], canonicalize)
      if (reason !== undefined) return `.${key}: ${reason}`
    }
  }
  return undefined
}
