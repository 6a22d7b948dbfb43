import { isRecord } from '../calls/plain-value'
import { compareValue, type ValueContext } from './compare-value'
import { type GoldNode, setOwnEntry } from './gold-node'
import type { ValueSchema } from './value-schema'

/**
 * A predicted value without the keys, inside its objects, that the gold does not list and that
 * equal their declared default: an SDK that fills in a schema's defaults (the AI SDK's zod
 * `.default()`) hands them over as if the model had sent them, as it does the call's own
 * arguments, which count as left out. The value itself where nothing is taken out.
 */
export function withoutFilledDefaults(node: GoldNode, value: unknown, schema: ValueSchema, ctx: ValueContext): unknown {
  if (node.kind === 'optional') return node.inner === undefined ? value : withoutFilledDefaults(node.inner, value, schema, ctx)
  if (node.kind === 'list') return Array.isArray(value) ? listWithout(node, value, schema, ctx) : value
  if (node.kind === 'object') return isRecord(value) ? objectWithout(node, value, schema, ctx) : value
  return value
}

function listWithout(node: Extract<GoldNode, { kind: 'list' }>, value: unknown[], schema: ValueSchema, ctx: ValueContext): unknown[] {
  let copy: unknown[] | undefined
  const count = Math.min(node.items.length, value.length)
  for (let i = 0; i < count; i++) {
    const itemSchema = schema.prefix?.[i] ?? schema.items
    if (itemSchema === undefined) continue
    const item = withoutFilledDefaults(node.items[i]!, value[i], itemSchema, ctx)
    if (item !== value[i]) (copy ??= value.slice())[i] = item
  }
  return copy ?? value
}

function objectWithout(node: Extract<GoldNode, { kind: 'object' }>, value: Record<string, unknown>, schema: ValueSchema, ctx: ValueContext): Record<string, unknown> {
  const properties = propertiesOf(schema)
  if (properties === undefined) return value
  const keys = Object.keys(value)
  const kept: [string, unknown][] = []
  let changed = false
  for (const key of keys) {
    const declared = Object.hasOwn(properties, key) ? properties[key] : undefined
    const goldIndex = node.keys.indexOf(key)
    if (goldIndex === -1) {
      if (declared?.default !== undefined && compareValue(declared.default, value[key], ctx, null) === undefined) {
        changed = true
        continue
      }
      kept.push([key, value[key]])
      continue
    }
    const inner = declared === undefined ? value[key] : withoutFilledDefaults(node.values[goldIndex]!, value[key], declared, ctx)
    changed ||= inner !== value[key]
    kept.push([key, inner])
  }
  if (!changed) return value
  const copy: Record<string, unknown> = {}
  for (const [key, inner] of kept) setOwnEntry(copy, key, inner)
  return copy
}

/** The declared properties, the schema's own or those of a part it must fit as well (the definition a `$ref` names). */
function propertiesOf(schema: ValueSchema): Readonly<Record<string, ValueSchema>> | undefined {
  return schema.properties ?? schema.allOf?.find((part) => part.properties !== undefined)?.properties
}
