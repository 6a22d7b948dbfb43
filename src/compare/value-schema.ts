import type { GoldNode } from './gold-node'
import { IDENTIFIER } from '../calls/path'
import { describeKind, printValue } from './print-value'

/** The part of a JSON Schema (or a BFCL parameter doc) that constrains one value. */
export interface ValueSchema {
  /** Accepted types, normalised: string, number, integer, boolean, array, object, null; empty = any. */
  types: readonly SchemaType[]
  enum?: readonly unknown[]
  /** What each item after the `prefix` must fit (`items`; `additionalItems` beside a draft 7 tuple). */
  items?: ValueSchema
  /** What the first items must fit, each its own (`prefixItems`; draft 7's `items` as a list). */
  prefix?: readonly ValueSchema[]
  properties?: Readonly<Record<string, ValueSchema>>
  /** What a property whose name a pattern matches must fit (`patternProperties`); such a property is declared. */
  patterns?: readonly PropertyPattern[]
  /** Properties an object must have (`required`, inside a value; a call's own arguments are the gold's to require). */
  required?: readonly string[]
  /** What any other property must fit (`additionalProperties`); `false` refuses other properties. */
  additional?: ValueSchema | false
  /** Unions (`anyOf`, `oneOf`): for each, the value must fit one of its alternatives. */
  unions?: readonly (readonly ValueSchema[])[]
  /** Schemas the value must fit as well (`allOf`, the one a `$ref` points to). */
  allOf?: readonly ValueSchema[]
  /** The declared default, compiled as a gold value so "equals the default" uses the value rules. */
  default?: GoldNode
}

/** JSON Schema's boolean schemas: `true` takes any value, `false` none. */
export const UNCHECKED: ValueSchema = { types: [] }
export const NOTHING: ValueSchema = { types: [], enum: [] }

export interface PropertyPattern {
  pattern: RegExp
  schema: ValueSchema
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

/** Declared values compare as gold strings do, through the canonicalizer; lists and objects item by item, others by identity. */
function sameDeclaredValue(allowed: unknown, value: unknown, canonicalize: (s: string) => string): boolean {
  if (typeof allowed === 'string' && typeof value === 'string') return canonicalize(allowed) === canonicalize(value)
  if (typeof allowed !== 'object' || allowed === null || typeof value !== 'object' || value === null) return allowed === value
  if (Array.isArray(allowed) !== Array.isArray(value)) return false
  const allowedKeys = Object.keys(allowed)
  if (allowedKeys.length !== Object.keys(value).length) return false
  const record = value as Record<string, unknown>
  return allowedKeys.every((key) => Object.hasOwn(record, key) && sameDeclaredValue((allowed as Record<string, unknown>)[key], record[key], canonicalize))
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

// A reason lists this many declared values at most: an enum may be vast.
const LISTED_VALUES = 20

function enumReason(declared: readonly unknown[], value: unknown): string {
  if (declared.length === 0) return `expected no value (the schema allows none), received ${printValue(value)}`
  const listed = declared.slice(0, LISTED_VALUES).map(printValue).join(', ')
  const values = declared.length > LISTED_VALUES ? `${listed}, … (${declared.length} in all)` : listed
  return `expected one of the declared values ${values}, received ${printValue(value)}`
}

/** The step into an object to one of its properties, as a path writes it. */
function propertyStep(key: string): string {
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`
}

/** A reason inside a value, after the step to it: `[0].op: expected …`. */
function within(step: string, reason: string): string {
  return reason.startsWith('.') || reason.startsWith('[') ? `${step}${reason}` : `${step}: ${reason}`
}

/** A schema that only points to another (a bare `$ref`), followed to the one it points to. */
function pointedTo(schema: ValueSchema): ValueSchema {
  let target = schema
  while (
    target.allOf?.length === 1 &&
    target.types.length === 0 &&
    target.unions === undefined &&
    target.enum === undefined &&
    target.items === undefined &&
    target.prefix === undefined &&
    target.properties === undefined &&
    target.patterns === undefined &&
    target.required === undefined &&
    target.additional === undefined
  ) {
    target = target.allOf[0]!
  }
  return target
}

function typeReason(types: readonly SchemaType[], value: unknown): string {
  return `expected ${types.map(article).join(' or ')} (the declared type), received ${typeof value === 'object' ? describeKind(value) : printValue(value)}`
}

const NO_REASON = Symbol('fits')

/**
 * The parts of a predicted value that a gold names outright and the prediction agrees with: `true` for the whole value,
 * else those within it, an item by its place and a property by its name. Such a part is right whatever the schema declares.
 */
export type AgreedParts = true | AgreedWithin

/** The parts agreed within a value that is not agreed whole. */
type AgreedWithin = ReadonlyMap<string | number, AgreedParts>

/**
 * One check of a predicted value. A schema whose unions or parts meet one schema by several
 * ways (a `$ref` twice in an `anyOf`, a level after another) checks each part of the value
 * against it once, so that the work grows with the schema and the value, not with the ways.
 */
class SchemaCheck {
  private known: Map<ValueSchema, Map<unknown, string | typeof NO_REASON>> | undefined

  constructor(private readonly canonicalize: (s: string) => string) {}

  reason(given: ValueSchema, value: unknown, agreed?: AgreedParts): string | undefined {
    if (agreed === true) return undefined
    const schema = pointedTo(given)
    if (schema.unions === undefined && schema.allOf === undefined) return this.ownReason(schema, value, agreed)
    const known = (this.known ??= new Map()).get(schema) ?? new Map<unknown, string | typeof NO_REASON>()
    this.known.set(schema, known)
    // A value's agreed parts are its own, made for its place: they tell it from the same value elsewhere.
    const key = agreed ?? value
    const found = known.get(key)
    if (found !== undefined) return found === NO_REASON ? undefined : found
    const reason = this.ownReason(schema, value, agreed) ?? this.partsReason(schema, value, agreed)
    known.set(key, reason ?? NO_REASON)
    return reason
  }

  private ownReason(schema: ValueSchema, value: unknown, agreed: AgreedWithin | undefined): string | undefined {
    if (schema.types.length > 0 && !accepts(schema.types, typeOf(value))) return typeReason(schema.types, value)
    if (schema.enum !== undefined && !schema.enum.some((allowed) => sameDeclaredValue(allowed, value, this.canonicalize))) return enumReason(schema.enum, value)
    if ((schema.items !== undefined || schema.prefix !== undefined) && Array.isArray(value)) {
      const prefix = schema.prefix ?? []
      for (let i = 0; i < value.length; i++) {
        const itemSchema = i < prefix.length ? prefix[i] : schema.items
        if (itemSchema === undefined) continue
        const reason = itemSchema === NOTHING ? 'beyond the items declared' : this.reason(itemSchema, value[i], agreed?.get(i))
        if (reason !== undefined) return within(`[${i}]`, reason)
      }
    }
    if (typeOf(value) === 'object') return this.objectReason(schema, value as Record<string, unknown>, agreed)
    return undefined
  }

  private objectReason(schema: ValueSchema, record: Record<string, unknown>, agreed: AgreedWithin | undefined): string | undefined {
    for (const key of schema.required ?? []) {
      if (!Object.hasOwn(record, key)) return within(propertyStep(key), 'required property not given')
    }
    const properties = schema.properties ?? {}
    for (const key of Object.keys(properties)) {
      if (!Object.hasOwn(record, key)) continue
      const reason = this.reason(properties[key]!, record[key], agreed?.get(key))
      if (reason !== undefined) return within(propertyStep(key), reason)
    }
    const patterns = schema.patterns
    if (schema.additional === undefined && patterns === undefined) return undefined
    for (const key of Object.keys(record)) {
      // A declared property fits the patterns its name matches too; a property that neither declares is an additional one.
      let declared = Object.hasOwn(properties, key)
      for (const { pattern, schema: patternSchema } of patterns ?? []) {
        if (!pattern.test(key)) continue
        declared = true
        const reason = this.reason(patternSchema, record[key], agreed?.get(key))
        if (reason !== undefined) return within(propertyStep(key), reason)
      }
      if (declared || schema.additional === undefined) continue
      if (schema.additional === false) return within(propertyStep(key), 'not a declared property')
      const reason = this.reason(schema.additional, record[key], agreed?.get(key))
      if (reason !== undefined) return within(propertyStep(key), reason)
    }
    return undefined
  }

  private partsReason(schema: ValueSchema, value: unknown, agreed: AgreedWithin | undefined): string | undefined {
    for (const alternatives of schema.unions ?? []) {
      const reason = this.unionReason(alternatives, value, agreed)
      if (reason !== undefined) return reason
    }
    for (const part of schema.allOf ?? []) {
      const reason = this.reason(part, value, agreed)
      if (reason !== undefined) return reason
    }
    return undefined
  }

  /** Why a value fits no alternative: the reason of the first whose type it has, else the types they declare. */
  private unionReason(alternatives: readonly ValueSchema[], value: unknown, agreed: AgreedWithin | undefined): string | undefined {
    const named: SchemaType[] = []
    let typedReason: string | undefined
    let taggedReason: string | undefined
    for (const alternative of alternatives) {
      const reason = this.reason(alternative, value, agreed)
      if (reason === undefined) return undefined
      const target = pointedTo(alternative)
      const { types, enum: declared } = target
      // An alternative that allows nothing (`false`) explains nothing.
      if (declared?.length !== 0 && (types.length === 0 || accepts(types, typeOf(value)))) {
        typedReason ??= reason
        if (taggedReason === undefined && this.sharesTag(target, value)) taggedReason = reason
      }
      for (const type of types) if (!named.includes(type)) named.push(type)
    }
    return taggedReason ?? typedReason ?? (named.length > 0 ? typeReason(named, value) : enumReason([], value))
  }

  /**
   * Whether an object has the tag of a union's alternative (a property it declares as one value,
   * `kind: { const: 'rect' }`): in a tagged union, the alternative the value meant to be, whose
   * reason is the one worth giving.
   */
  private sharesTag(alternative: ValueSchema, value: unknown): boolean {
    const properties = alternative.properties
    if (properties === undefined || typeOf(value) !== 'object') return false
    const record = value as Record<string, unknown>
    for (const key of Object.keys(properties)) {
      const declared = pointedTo(properties[key]!).enum
      if (declared?.length === 1 && Object.hasOwn(record, key) && sameDeclaredValue(declared[0], record[key], this.canonicalize)) return true
    }
    return false
  }
}

/**
 * Checks a predicted value against its declared schema; returns why it does not fit, or
 * undefined. An integer is accepted where a number is declared; declared string values
 * compare through the canonicalizer. The `agreed` parts are not checked.
 */
export function checkSchema(schema: ValueSchema, value: unknown, canonicalize: (s: string) => string, agreed?: AgreedParts): string | undefined {
  try {
    return new SchemaCheck(canonicalize).reason(schema, value, agreed)
  } catch (error) {
    // A value as deep as values may be, through a long chain of definitions at each level, can outrun the stack.
    if (error instanceof RangeError) return 'nested too deep in the declared schema to be checked'
    throw error
  }
}

/**
 * The one schema that decides a part of a value, a property by its name or an item by its place: undefined where
 * none is declared, or where the part is also checked through a union, an `allOf` or a pattern of names.
 */
export function partSchema(schema: ValueSchema, step: string | number): ValueSchema | undefined {
  const target = pointedTo(schema)
  if (target.unions !== undefined || target.allOf !== undefined) return undefined
  if (typeof step === 'number') return step < (target.prefix?.length ?? 0) ? target.prefix![step] : target.items
  if (target.patterns !== undefined) return undefined
  if (target.properties !== undefined && Object.hasOwn(target.properties, step)) return target.properties[step]
  return target.additional === false ? undefined : target.additional
}

/** The schemas a schema applies to the same value as itself, through its unions, `allOf` and `$ref`. */
export function sameValueParts(schema: ValueSchema): ValueSchema[] {
  return [...(schema.unions ?? []).flat(), ...(schema.allOf ?? [])]
}

/** Whether the schema names null among its types, itself or through its unions and parts (each looked at once). */
function namesNull(schema: ValueSchema, seen = new Set<ValueSchema>()): boolean {
  if (seen.has(schema)) return false
  seen.add(schema)
  if (schema.types.includes('null')) return true
  return sameValueParts(schema).some((part) => namesNull(part, seen))
}

/** Whether the schema declares null as a value it takes, not merely leaves the type open. */
export function takesNullForLeftOut(schema: ValueSchema): boolean {
  return namesNull(schema) && checkSchema(schema, null, (s) => s) === undefined
}
