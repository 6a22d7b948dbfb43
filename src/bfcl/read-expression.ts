/**
 * BFCL's reading of an argument written as an expression rather than a literal
 * (`resolve_ast_by_type` in its `model_handler/utils.py`): a name is its own text, `...` the
 * string '...', arithmetic is computed, a subscript and a call without keyword arguments are
 * their source text, a call with keyword arguments is `{ name: { keyword: value } }`. An
 * attribute, a set, or a unary operator on anything but a number fails, as in BFCL. Where we
 * read otherwise (the README, "Where BFCL mode differs"): `+`, `~` and `not` compute Python's value where BFCL
 * negates, and a call that also has positional arguments is kept as source text.
 */

import type { ExpressionReading, PyNode } from '../calls/python'
import { PyFloat, setEntry, tupleOf } from '../calls/python-values'
import { claimDictKey, type DictKeyKinds } from '../calls/dict-key-clash'
import { dictKeyText } from './dict-key'
import { ExpressionFailure } from './expression-failure'
import { type ArithmeticBudget, arithmeticBudget, foldArithmetic, foldArithmeticKey } from './fold-arithmetic'
import { unparsePython } from '../calls/python-unparse'

/** Reads an argument; the arguments of one model output share a budget for what their arithmetic builds. */
export function readBfclExpression(node: PyNode, budget: ArithmeticBudget = arithmeticBudget()): ExpressionReading {
  try {
    return { ok: true, value: resolve(node, budget) }
  } catch (error) {
    if (!(error instanceof ExpressionFailure)) throw error
    return { ok: false, position: error.position, problem: error.problem }
  }
}

function resolve(node: PyNode, budget: ArithmeticBudget): unknown {
  switch (node.kind) {
    case 'constant':
      return typeof node.value === 'bigint' ? Number(node.value) : node.value
    case 'ellipsis':
      return '...'
    case 'name':
      return node.id
    case 'unary':
      return resolveUnary(node, budget)
    case 'binary':
      return foldArithmetic(node, budget)
    case 'list':
      return node.items.map((item) => resolve(item, budget))
    case 'tuple':
      return tupleOf(node.items.map((item) => resolve(item, budget)))
    case 'dict':
      return resolveDict(node.keys, node.values, budget)
    case 'call':
      return resolveCall(node, budget)
    case 'subscript':
      // BFCL joins the two parts' source, each written on its own (a tuple index gets parentheses).
      return `${unparsePython(node.value)}[${unparsePython(node.slice)}]`
    case 'attribute':
      throw new ExpressionFailure(node.position, 'attribute access on a value is not supported')
    case 'set':
      throw new ExpressionFailure(node.position, 'sets are not supported')
    case 'slice':
      throw new ExpressionFailure(node.position, 'a slice is not a value')
  }
}

/** BFCL reads a unary operator only before a literal number (or bool); we compute Python's value. */
function resolveUnary(node: Extract<PyNode, { kind: 'unary' }>, budget: ArithmeticBudget): unknown {
  if (isNumberOperand(node)) return foldArithmetic(node, budget)
  throw new ExpressionFailure(node.position, `unary '${node.op}' is read only before a number or a boolean, as BFCL reads it`)
}

/** A dict's key: an int read exactly, as its text is the key (`{9007199254740993: 'a'}`). */
function resolveKey(node: PyNode, budget: ArithmeticBudget): unknown {
  if (node.kind === 'constant' && typeof node.value === 'bigint') return node.value
  if (node.kind === 'binary' || (node.kind === 'unary' && isNumberOperand(node))) return foldArithmeticKey(node, budget)
  return resolve(node, budget)
}

function isNumberOperand(node: Extract<PyNode, { kind: 'unary' }>): boolean {
  const value = node.operand.kind === 'constant' ? node.operand.value : undefined
  return typeof value === 'bigint' || typeof value === 'boolean' || value instanceof PyFloat
}

function resolveDict(keys: readonly PyNode[], values: readonly PyNode[], budget: ArithmeticBudget): Record<string, unknown> {
  const dict: Record<string, unknown> = {}
  const kinds: DictKeyKinds = new Map()
  keys.forEach((keyNode, index) => {
    const key = dictKeyText(resolveKey(keyNode, budget))
    if ('problem' in key) throw new ExpressionFailure(keyNode.position, key.problem)
    const clash = claimDictKey(kinds, key.text, key.kind)
    if (clash !== undefined) throw new ExpressionFailure(keyNode.position, clash)
    setEntry(dict, key.text, resolve(values[index]!, budget))
  })
  return dict
}

function resolveCall(node: Extract<PyNode, { kind: 'call' }>, budget: ArithmeticBudget): unknown {
  if (node.keywords.length === 0) return unparsePython(node)
  // BFCL reads every keyword value, and fails where one cannot be read, before it drops the positional ones.
  const args: Record<string, unknown> = {}
  for (const keyword of node.keywords) setEntry(args, keyword.arg, resolve(keyword.value, budget))
  if (node.args.length > 0) return unparsePython(node)
  const call: Record<string, unknown> = {}
  setEntry(call, callName(node.func), args)
  return call
}

/** The attribute names down to a plain name, dotted (`math.sqrt`); BFCL skips any other base. */
function callName(func: PyNode): string {
  const parts: string[] = []
  let part = func
  for (; part.kind === 'attribute'; part = part.value) parts.push(part.attr)
  if (part.kind === 'name') parts.push(part.id)
  return parts.reverse().join('.')
}
