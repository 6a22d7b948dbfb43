import { firstHole } from '../calls/list-indices'
import { MAX_DEPTH } from '../calls/limits'
import { childPath } from '../calls/path'
import { isRecord } from '../calls/plain-value'
import { compileGoldValue } from './gold-node'
import { didYouMean } from './nearest'
import { printValue } from './print-value'
import { normaliseType, NOTHING, type PropertyPattern, sameValueParts, type SchemaType, TYPE_NAMES, UNCHECKED, type ValueSchema } from './value-schema'

/** A hole in a list of the grammar is refused at once: `map` and `some` would pass over it, and walk all of a vast sparse list. */
function refuseHoles(list: unknown[], path: string, expected: string): void {
  const hole = firstHole(list)
  if (hole !== -1) throw new TypeError(`${path}[${hole}]: expected ${expected}, received a hole in the list`)
}

/** A list of names (a `required` list), refused whole where it is no list of strings. */
export function readNameList(list: unknown, path: string, item: string, items: string): string[] {
  if (Array.isArray(list)) refuseHoles(list, path, item)
  if (!Array.isArray(list) || list.some((name) => typeof name !== 'string')) throw new TypeError(`${path}: expected a list of ${items}, received ${printValue(list)}`)
  return list as string[]
}

function readTypes(type: unknown, path: string): SchemaType[] {
  if (type === undefined) return []
  const names = Array.isArray(type) ? type : [type]
  const types: SchemaType[] = []
  for (const [i, name] of names.entries()) {
    const at = Array.isArray(type) ? `${path}[${i}]` : path
    if (typeof name !== 'string') throw new TypeError(`${at}: expected a type name, received ${printValue(name)}`)
    const normal = normaliseType(name)
    // A misspelt type would check nothing, silently.
    if (normal === undefined) throw new TypeError(`${at}: unknown type ${printValue(name)}${didYouMean(name.toLowerCase(), TYPE_NAMES)}`)
    if (normal === 'any') return []
    types.push(normal)
  }
  return types
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

const NULL_ONLY: ValueSchema = { types: ['null'] }

/** The schemas a schema applies to the values inside its own. */
function innerParts(schema: ValueSchema): ValueSchema[] {
  const additional = schema.additional === undefined || schema.additional === false ? [] : [schema.additional]
  const patterns = (schema.patterns ?? []).map((pattern) => pattern.schema)
  return [...(schema.items === undefined ? [] : [schema.items]), ...(schema.prefix ?? []), ...Object.values(schema.properties ?? {}), ...patterns, ...additional]
}

/**
 * Reads the schemas of one tool's parameters, whose `$ref`s point into `root` (`#/$defs/Unit`).
 * Each schema object is read once, so a recursive definition becomes a schema that refers to
 * itself; checking walks it only as deep as the value it checks.
 */
export class ToolSchemaReader {
  private readonly read = new Map<object, ValueSchema>()
  private readonly pathOf = new Map<ValueSchema, string>()
  private readonly loopFree = new Set<ValueSchema>()

  constructor(
    private readonly root: Record<string, unknown>,
    private readonly rootPath: string,
  ) {}

  /** One argument's schema. */
  argument(schema: unknown, path: string): ValueSchema {
    const result = this.schema(schema, path, [], 0)
    this.refuseSameValueLoops(result)
    return result
  }

  /**
   * `enclosing` holds the schemas around this one since the last `$ref`, outermost first: an
   * object among them holds itself, where one met again through a `$ref` is a recursive definition.
   */
  private schema(schema: unknown, path: string, enclosing: object[], depth: number): ValueSchema {
    // JSON Schema's boolean schemas: `true` takes any value, `false` none.
    if (typeof schema === 'boolean') return schema ? UNCHECKED : NOTHING
    if (!isRecord(schema)) throw new TypeError(`${path}: expected a schema object, received ${printValue(schema)}`)
    if (enclosing.includes(schema)) throw new TypeError(`${path}: the schema holds itself, so no value could be checked against it`)
    // As deep as a value may be read.
    if (depth > MAX_DEPTH) throw new TypeError(`${path}: nested deeper than ${MAX_DEPTH} levels`)
    const known = this.read.get(schema)
    if (known !== undefined) return known
    // Registered before its parts are read, so that a `$ref` inside it back to it finds it.
    const result: Mutable<ValueSchema> = { types: [] }
    this.read.set(schema, result)
    this.pathOf.set(result, path)
    enclosing.push(schema)
    try {
      this.readFields(result, schema, path, enclosing, depth + 1)
    } finally {
      enclosing.pop()
    }
    return result
  }

  private readFields(result: Mutable<ValueSchema>, schema: Record<string, unknown>, path: string, enclosing: object[], depth: number): void {
    result.types = readTypes(schema.type, `${path}.type`)
    // OpenAPI's (and Gemini's) `nullable: true` lets the value be null besides its type.
    if (schema.nullable === true && result.types.length > 0 && !result.types.includes('null')) result.types = [...result.types, 'null']
    const unions: ValueSchema[][] = []
    for (const key of ['anyOf', 'oneOf'] as const) {
      const alternatives = schema[key]
      if (alternatives === undefined || alternatives === null) continue
      if (!Array.isArray(alternatives)) throw new TypeError(`${path}.${key}: expected a list of schema objects, received ${printValue(alternatives)}`)
      refuseHoles(alternatives, `${path}.${key}`, 'a schema object')
      // A oneOf is read as an anyOf: a value two alternatives accept (an integer, where one says number) is still a right one.
      unions.push(alternatives.map((alt, i) => this.schema(alt, `${path}.${key}[${i}]`, enclosing, depth)))
    }
    // `nullable` beside a union lets null through as well.
    if (schema.nullable === true) for (const union of unions) union.push(NULL_ONLY)
    if (unions.length > 0) result.unions = unions
    const allOf: ValueSchema[] = []
    if (schema.allOf !== undefined && schema.allOf !== null) {
      if (!Array.isArray(schema.allOf)) throw new TypeError(`${path}.allOf: expected a list of schema objects, received ${printValue(schema.allOf)}`)
      refuseHoles(schema.allOf, `${path}.allOf`, 'a schema object')
      for (const [i, part] of schema.allOf.entries()) allOf.push(this.schema(part, `${path}.allOf[${i}]`, enclosing, depth))
    }
    let referred: ValueSchema | undefined
    if (schema.$ref !== undefined) {
      referred = this.referred(schema.$ref, `${path}.$ref`, depth)
      allOf.push(referred)
    }
    if (schema.enum !== undefined) {
      if (!Array.isArray(schema.enum)) throw new TypeError(`${path}.enum: expected a list, received ${printValue(schema.enum)}`)
      refuseHoles(schema.enum, `${path}.enum`, 'a declared value')
      result.enum = schema.enum
    }
    // A `const` (zod's and pydantic's literal) is an enum of one.
    if (Object.hasOwn(schema, 'const') && schema.const !== undefined) {
      if (result.enum === undefined) result.enum = [schema.const]
      else allOf.push({ types: [], enum: [schema.const] })
    }
    if (allOf.length > 0) result.allOf = allOf
    this.readItems(result, schema, path, enclosing, depth)
    if (schema.properties !== undefined && !isRecord(schema.properties)) {
      throw new TypeError(`${path}.properties: expected an object of schemas, received ${printValue(schema.properties)}`)
    }
    if (isRecord(schema.properties)) {
      const properties: Record<string, ValueSchema> = {}
      for (const key of Object.keys(schema.properties)) {
        Object.defineProperty(properties, key, {
          value: this.schema(schema.properties[key], childPath(`${path}.properties`, key), enclosing, depth),
          enumerable: true,
        })
      }
      result.properties = properties
    }
    if (schema.required !== undefined) {
      const names = readNameList(schema.required, `${path}.required`, 'a property name', 'property names')
      if (names.length > 0) result.required = names
    }
    if (schema.patternProperties !== undefined) result.patterns = this.patterns(schema.patternProperties, `${path}.patternProperties`, enclosing, depth)
    const additional = schema.additionalProperties
    if (additional === false) result.additional = false
    else if (isRecord(additional)) result.additional = this.schema(additional, `${path}.additionalProperties`, enclosing, depth)
    else if (additional !== undefined && additional !== true) {
      throw new TypeError(`${path}.additionalProperties: expected a schema object or a boolean, received ${printValue(additional)}`)
    }
    if (Object.hasOwn(schema, 'default') && schema.default !== undefined) {
      result.default = compileGoldValue(schema.default, `${path}.default`)
    } else if (referred?.default !== undefined) {
      // pydantic writes an enum argument's default beside its `$ref`, zod inside the definition.
      result.default = referred.default
    }
  }

  /**
   * A list's items: 2020-12's `prefixItems` for the first items and `items` for the rest, or
   * draft 7's tuple, `items` as a list and `additionalItems` for the rest (`false`: no more).
   */
  private readItems(result: Mutable<ValueSchema>, schema: Record<string, unknown>, path: string, enclosing: object[], depth: number): void {
    const tupleKey = schema.prefixItems !== undefined ? 'prefixItems' : Array.isArray(schema.items) ? 'items' : undefined
    const restKey = tupleKey === 'items' ? 'additionalItems' : 'items'
    if (tupleKey !== undefined) {
      const tuple = schema[tupleKey]
      if (!Array.isArray(tuple)) throw new TypeError(`${path}.${tupleKey}: expected a list of schema objects, received ${printValue(tuple)}`)
      refuseHoles(tuple, `${path}.${tupleKey}`, 'a schema object')
      result.prefix = tuple.map((item, i) => this.schema(item, `${path}.${tupleKey}[${i}]`, enclosing, depth))
    }
    const rest = schema[restKey]
    if (rest === undefined) return
    if (!isRecord(rest) && typeof rest !== 'boolean') throw new TypeError(`${path}.${restKey}: expected a schema object, received ${printValue(rest)}`)
    result.items = this.schema(rest, `${path}.${restKey}`, enclosing, depth)
  }

  /** `patternProperties`: each name a regular expression, as JSON Schema writes them (ECMA-262's). */
  private patterns(given: unknown, path: string, enclosing: object[], depth: number): PropertyPattern[] {
    if (!isRecord(given)) throw new TypeError(`${path}: expected an object of schemas by pattern, received ${printValue(given)}`)
    return Object.keys(given).map((source) => ({
      pattern: propertyPattern(source, path),
      schema: this.schema(given[source], childPath(path, source), enclosing, depth),
    }))
  }

  /** The schema a `$ref` points to, read where it is written; one being read around it is found as it is, a recursive definition. */
  private referred(ref: unknown, path: string, depth: number): ValueSchema {
    const { target, targetPath } = this.resolve(ref, path)
    return this.schema(target, targetPath, [], depth)
  }

  /**
   * The parameters object itself and the object schemas its `$ref`s name in turn (zod-to-json-schema, given a name,
   * writes `{ $ref: '#/definitions/Name', definitions }`), each with its path: where the arguments' properties are.
   */
  parameterObjects(): { schema: Record<string, unknown>; path: string }[] {
    const objects = [{ schema: this.root, path: this.rootPath }]
    for (let at = objects[0]!; at.schema.$ref !== undefined; ) {
      const { target, targetPath } = this.resolve(at.schema.$ref, `${at.path}.$ref`)
      if (!isRecord(target)) throw new TypeError(`${targetPath}: expected the parameters' schema object, received ${printValue(target)}`)
      if (objects.some(({ schema }) => schema === target)) throw new TypeError(`${at.path}.$ref: the parameters' schema refers to itself`)
      objects.push((at = { schema: target, path: targetPath }))
    }
    return objects
  }

  /** Resolves a JSON Pointer within the tool's schema; references to other documents are refused, as nothing is fetched. */
  private resolve(ref: unknown, path: string): { target: unknown; targetPath: string } {
    if (typeof ref !== 'string') throw new TypeError(`${path}: expected a reference such as "#/$defs/Name", received ${printValue(ref)}`)
    if (!ref.startsWith('#') || (ref.length > 1 && ref[1] !== '/')) {
      throw new TypeError(`${path}: only references within the tool's schema ("#/…") are read, received ${printValue(ref)}`)
    }
    let target: unknown = this.root
    let targetPath = this.rootPath
    if (ref.length === 1) return { target, targetPath }
    for (const token of ref.slice(2).split('/')) {
      const key = decodePointerToken(token, path, ref)
      const parent = target
      const found = Array.isArray(parent) ? /^(0|[1-9]\d*)$/.test(key) && Number(key) < parent.length : isRecord(parent) && Object.hasOwn(parent, key)
      if (!found) throw new TypeError(`${path}: ${printValue(ref)} points to nothing in the tool's schema (no ${printValue(key)} in ${targetPath})`)
      target = (parent as Record<string, unknown>)[key]
      targetPath = childPath(targetPath, Array.isArray(parent) ? Number(key) : key)
    }
    return { target, targetPath }
  }

  /**
   * A schema that applies itself again to the same value (`A` an `anyOf` holding a `$ref` to `A`)
   * would be checked without end; recursion is only through `items` and `properties`, which go
   * one level into the value each time.
   */
  private refuseSameValueLoops(root: ValueSchema): void {
    const pending = [root]
    const onPath = new Set<ValueSchema>()
    const visit = (schema: ValueSchema) => {
      if (this.loopFree.has(schema)) return
      if (onPath.has(schema)) {
        throw new TypeError(`${this.pathOf.get(schema)}: the schema applies to its own value again through anyOf, oneOf, allOf or $ref, so no value could be checked against it`)
      }
      onPath.add(schema)
      for (const part of sameValueParts(schema)) visit(part)
      onPath.delete(schema)
      this.loopFree.add(schema)
      pending.push(...innerParts(schema))
    }
    while (pending.length > 0) visit(pending.pop()!)
  }
}

function propertyPattern(source: string, path: string): RegExp {
  try {
    return new RegExp(source, 'u')
  } catch {
    // Patterns written for engines without Unicode mode (`\-` outside a class) still compile without it.
    try {
      return new RegExp(source)
    } catch (error) {
      throw new TypeError(`${childPath(path, source)}: not a regular expression (${error instanceof Error ? error.message : String(error)})`)
    }
  }
}

function decodePointerToken(token: string, path: string, ref: string): string {
  let decoded: string
  try {
    // The pointer is a URI fragment: percent-encoded first, then `~1` and `~0` escaped.
    decoded = decodeURIComponent(token)
  } catch {
    throw new TypeError(`${path}: ${printValue(ref)} is no valid URI fragment`)
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~')
}
