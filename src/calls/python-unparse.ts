/**
 * Python source for a syntax tree, as `ast.unparse` writes it: literals as `repr` writes them,
 * one space around binary operators, parentheses only where precedence needs them.
 */

import type { BinaryOperator, PyConstant, PyNode } from './python'
import { formatPythonValue } from './python-values'

// ast.unparse's precedence levels (its `_Precedence`), weakest first.
const TUPLE = 2
const TEST = 4
const NOT = 7
const FACTOR = 15
const ATOM = 18

const BINARY_PRECEDENCE: Record<BinaryOperator, number> = {
  '|': 9,
  '^': 10,
  '&': 11,
  '<<': 12,
  '>>': 12,
  '+': 13,
  '-': 13,
  '*': 14,
  '@': 14,
  '/': 14,
  '%': 14,
  '//': 14,
  '**': 16,
}

/** `node` as source, parenthesised when the context's `precedence` binds tighter than it. */
export function unparsePython(node: PyNode, precedence = TEST): string {
  switch (node.kind) {
    case 'constant':
      return `${node.unicodePrefix ? 'u' : ''}${constantSource(node.value)}`
    case 'ellipsis':
      return '...'
    case 'name':
      return node.id
    case 'attribute': {
      // `1 .real`: without the space the int's digits would run into the dot.
      const owner = node.value
      const space = owner.kind === 'constant' && (typeof owner.value === 'bigint' || typeof owner.value === 'boolean') ? ' ' : ''
      return `${unparsePython(owner, ATOM)}${space}.${node.attr}`
    }
    case 'subscript': {
      const slice = node.slice
      const index = slice.kind === 'tuple' && slice.items.length > 0 ? itemsView(slice.items) : unparsePython(slice)
      return `${unparsePython(node.value, ATOM)}[${index}]`
    }
    case 'slice': {
      const lower = node.lower === undefined ? '' : unparsePython(node.lower)
      const upper = node.upper === undefined ? '' : unparsePython(node.upper)
      return `${lower}:${upper}${node.step === undefined ? '' : `:${unparsePython(node.step)}`}`
    }
    case 'call': {
      const parts = node.args.map((arg) => unparsePython(arg))
      for (const keyword of node.keywords) parts.push(`${keyword.arg}=${unparsePython(keyword.value)}`)
      return `${unparsePython(node.func, ATOM)}(${parts.join(', ')})`
    }
    case 'unary': {
      const own = node.op === 'not' ? NOT : FACTOR
      const text = `${node.op === 'not' ? 'not ' : node.op}${unparsePython(node.operand, own)}`
      return precedence > own ? `(${text})` : text
    }
    case 'binary': {
      const own = BINARY_PRECEDENCE[node.op]
      // `**` groups to the right, the others to the left.
      const right = node.op === '**'
      const text = `${unparsePython(node.left, right ? own + 1 : own)} ${node.op} ${unparsePython(node.right, right ? own : own + 1)}`
      return precedence > own ? `(${text})` : text
    }
    case 'list':
      return `[${node.items.map((item) => unparsePython(item)).join(', ')}]`
    case 'tuple': {
      const items = itemsView(node.items)
      return node.items.length === 0 || precedence > TUPLE ? `(${items})` : items
    }
    case 'set':
      return `{${node.items.map((item) => unparsePython(item)).join(', ')}}`
    case 'dict':
      return `{${node.keys.map((key, index) => `${unparsePython(key)}: ${unparsePython(node.values[index]!)}`).join(', ')}}`
  }
}

/** Items separated by commas; a single one keeps its trailing comma. */
function itemsView(items: readonly PyNode[]): string {
  if (items.length === 1) return `${unparsePython(items[0]!)},`
  return items.map((item) => unparsePython(item)).join(', ')
}

function constantSource(value: PyConstant): string {
  return typeof value === 'bigint' ? value.toString() : formatPythonValue(value)
}
