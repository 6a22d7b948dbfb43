import type { GoldNode } from './gold-node'
import { IDENTIFIER } from '../calls/path'
import { describeKind, printValue } from './print-value'

/** The part of a JSON Schema (or a BFCL parameter doc) that constrains one value. */
export interface ValueSchema {
  /** Accepted types, normalised: string, number, integer, boolean, array, object, null; empty = any. */
  types: readonly SchemaType[]
  enum?: readonly unknown[]
  items?: ValueSchema
  properties?: Readonly<Record<string, ValueSchema>>
  /** Unions (`anyOf`, `oneOf`): for each, the value must fit one of its alternatives. */
  unions?: readonly (readonly ValueSchema[])[]
  /** Schemas the value must fit as well (`allOf`, the one a `$ref` points to). */
  allOf?: readonly ValueSchema[]
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

/** A reason inside a value, after the step to it: `[0].op: expected …`. */
function within(step: string, reason: string): string {
  return reason.startsWith('.') || reason.startsWith('[') ? `${step}${reason}` : `${step}: ${reason}`
}

/** The types a schema declares, read through a bare `$ref`; empty when any type fits. */
function declaredTypes(schema: ValueSchema): readonly SchemaType[] {
  let declared = schema
  while (declared.types.length === 0 && declared.allOf?.length === 1 && declared.unions === undefined) declared = declared.allOf[0]!
  return declared.types
}

function typeReason(types: readonly SchemaType[], value: unknown): string {
  return `expected ${types.map(article).join(' or ')} (the declared type), received ${typeof value === 'object' ? describeKind(value) : printValue(value)}`
}

/** Why a value fits no alternative: the types they declare, or the reason of the first whose type it has. */
function unionReason(alternatives: readonly ValueSchema[], value: unknown, canonicalize: (s: string) => string): string | undefined {
  const declared: SchemaType[] = []
  let typedReason: string | undefined
  for (const alternative of alternatives) {
    const reason = checkSchema(alternative, value, canonicalize)
    if (reason === undefined) return undefined
    const types = declaredTypes(alternative)
    if (types.length === 0 || accepts(types, typeOf(value))) typedReason ??= reason
    for (const type of types) if (!declared.includes(type)) declared.push(type)
  }
  return typedReason ?? typeReason(declared, value)
}

/**
 * Checks a predicted value against its declared schema; returns why it does not fit, or
 * undefined. An integer is accepted where a number is declared; declared string values
 * compare through the canonicalizer.
 */
export function checkSchema(schema: ValueSchema, value: unknown, canonicalize: (s: string) => string): string | undefined {
  if (schema.types.length > 0 && !accepts(schema.types, typeOf(value))) return typeReason(schema.types, value)
  if (schema.enum !== undefined && !schema.enum.some((allowed) => sameEnumValue(allowed, value, canonicalize))) {
    return `expected one of the declared values ${schema.enum.map(printValue).join(', ')}, received ${printValue(value)}`
  }
  if (schema.items !== undefined && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const reason = checkSchema(schema.items, value[i], canonicalize)
      if (reason !== undefined) return within(`[${i}]`, reason)
    }
  }
  if (schema.properties !== undefined && typeOf(value) === 'object') {
    const record = value as Record<string, unknown>
    for (const key of Object.keys(schema.properties)) {
      if (!Object.hasOwn(record, key)) continue
      const reason = checkSchema(schema.properties[key]!, record[key], canonicalize)
      if (reason !== undefined) return within(IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`, reason)
    }
  }
  for (const alternatives of schema.unions ?? []) {
    const reason = unionReason(alternatives, value, canonicalize)
    if (reason !== undefined) return reason
  }
  for (const part of schema.allOf ?? []) {
    const reason = checkSchema(part, value, canonicalize)
    if (reason !== undefined) return reason
  }
  return undefined
}

/** Whether the schema names null among its types, itself or through its unions and parts. */
function namesNull(schema: ValueSchema): boolean {
  return schema.types.includes('null') || schema.unions?.some((alternatives) => alternatives.some(namesNull)) === true || schema.allOf?.some(namesNull) === true
}

/** Whether the schema declares null as a value it takes, not merely leaves the type open. */
export function takesNullForLeftOut(schema: ValueSchema): boolean {
  return namesNull(schema) && checkSchema(schema, null, (s) => s) === undefined
}
