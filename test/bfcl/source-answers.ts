/**
 * Gold values written as a model writes them for BFCL's Java and JavaScript categories: each
 * argument a string of source in that language (`"42L"`, `"new int[]{1, 2}"`, `"{a: 'b'}"`).
 */

import { PyFloat } from '../../src/calls/python-values'
import type { ToolCall } from '../../src/calls/tool-call'
import { firstAnswer, goldCalls, type DataEntry } from './data-answers'

function numberText(value: unknown): string {
  if (value instanceof PyFloat) return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value)
  return String(value)
}

function javaLiteral(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`
  return numberText(value)
}

const JAVA_ELEMENT_TYPES: Record<string, string> = { String: 'String', integer: 'int', long: 'long', char: 'char', any: 'Object' }

function javaElement(value: unknown, itemsType: string | undefined): string {
  if (itemsType === 'String') return `"${String(value)}"`
  if (itemsType === 'char') return `'${String(value)}'`
  if (itemsType === 'long') return `${numberText(value)}L`
  if (itemsType === 'any' && typeof value === 'string') return value
  return javaLiteral(value)
}

/** A Java value of a declared type as source text; a value that is not of that type (a variable name) as itself. */
export function javaSource(value: unknown, type: string, itemsType?: string): string {
  switch (type) {
    case 'long':
      return typeof value === 'number' ? `${value}L` : numberText(value)
    case 'float':
      return `${numberText(value)}f`
    case 'double':
      return typeof value === 'number' ? `${value}.0` : numberText(value)
    case 'Array':
      if (!Array.isArray(value)) return String(value)
      return `new ${JAVA_ELEMENT_TYPES[itemsType!] ?? 'Object'}[]{${value.map((item) => javaElement(item, itemsType)).join(', ')}}`
    case 'ArrayList':
      if (!Array.isArray(value)) return String(value)
      if (value.length === 0) return 'new ArrayList<>()'
      return `new ArrayList<>(Arrays.asList(${value.map((item) => javaElement(item, itemsType)).join(', ')}))`
    case 'HashMap': {
      if (typeof value !== 'object' || value === null) return String(value)
      const puts = Object.entries(value).map(([key, item]) => `put("${key}", ${javaLiteral(item)});`)
      return puts.length === 0 ? 'new HashMap<>()' : `new HashMap<String, Object>() {{ ${puts.join(' ')} }}`
    }
    default:
      return numberText(value)
  }
}

function jsLiteral(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(', ')}]`
  if (typeof value === 'object' && value !== null && !(value instanceof PyFloat)) {
    return `{${Object.entries(value).map(([key, item]) => `${key}: ${jsLiteral(item)}`).join(', ')}}`
  }
  return numberText(value)
}

/** A JavaScript value of a declared type as source text; a value that is not of that type as itself. */
export function jsSource(value: unknown, type: string): string {
  switch (type) {
    case 'float':
      return typeof value === 'number' ? `${value}.0` : numberText(value)
    case 'Bigint':
      return `${numberText(value)}n`
    case 'array':
      return Array.isArray(value) ? jsLiteral(value) : String(value)
    case 'dict':
      return typeof value === 'object' && value !== null ? jsLiteral(value) : String(value)
    default:
      return numberText(value)
  }
}

/** The first-allowed answer of a Java or JavaScript entry with every argument written as source. */
export function sourceAnswer(entry: DataEntry, write: (value: unknown, type: string, itemsType?: string) => string): ToolCall[] {
  const { doc } = goldCalls(entry)[0]!
  return firstAnswer(entry).map((call) => ({
    name: call.name,
    args: Object.fromEntries(
      Object.entries(call.args).map(([param, value]) => {
        const property = doc.parameters.properties[param]!
        return [param, write(value, property.type, property.items?.type)]
      }),
    ),
  }))
}
