import { prettyFormat } from './printers'

const MAX_STRING = 60
const MAX_PRINTED = 120

function shorten(value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value
}

/** A value as one short line for a reason: long strings cut, large collections elided. */
export function printValue(value: unknown): string {
  // Primitives, the common case in reasons, print as pretty-format would, without its set-up cost.
  switch (typeof value) {
    case 'string':
      return `"${shorten(value) as string}"`
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value)
    case 'boolean':
    case 'undefined':
      return String(value)
    case 'object':
      if (value === null) return 'null'
  }
  let printed: string
  try {
    const { format, plugins } = prettyFormat()
    printed = format(shorten(value), {
      min: true,
      maxDepth: 4,
      maxWidth: 8,
      plugins: [plugins.AsymmetricMatcher],
      escapeString: false,
    })
  } catch {
    printed = String(typeof value)
  }
  return printed.length > MAX_PRINTED ? `${printed.slice(0, MAX_PRINTED)}…` : printed
}

export function describeKind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}
