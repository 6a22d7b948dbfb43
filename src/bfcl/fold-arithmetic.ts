/**
 * The value of an expression made of literals and operators, computed as Python computes it:
 * BFCL's decoder hands such an expression (an `ast.BinOp`) to `eval`. Nothing is run: a name, a
 * call, an attribute or a subscript inside it fails, as does whatever Python raises on.
 */

import type { BinaryOperator, PyNode, UnaryOperator } from '../calls/python'
import { PyFloat, PyTuple, setEntry, tupleOf } from '../calls/python-values'
import { claimDictKey, type DictKeyKinds, stringKeyKinds } from '../calls/dict-key-clash'
import { dictKeyText } from './dict-key'
import { ExpressionFailure } from './expression-failure'
import {
  PythonException,
  bitLength,
  floatFloorDivide,
  floatModulo,
  floatPower,
  floatTrueDivide,
  intFloorDivide,
  intModulo,
  intMultiply,
  intPower,
  intShift,
  intToFloat,
  intTrueDivide,
} from './python-arithmetic'
import { isDict } from './python-semantics'

// A Python value while it is computed: an int is a bigint, a float a number, a tuple a PyTuple.
type Computed = bigint | number | boolean | string | null | Computed[] | { [key: string]: Computed }
type PyNumber = bigint | number | boolean

/** The kinds of the keys of each dict computed, which its JSON text no longer tells: `{1: 'a'} | {'1': 'b'}` has two keys. */
const keyKindsOfDicts = new WeakMap<object, DictKeyKinds>()

/** Longest string, list or tuple a result may be; Python would build a longer one. */
export const MAX_SEQUENCE_LENGTH = 1_000_000

/**
 * Most values and characters a result may hold in all, each time a shared part recurs counted
 * again: `[['a' * 10 ** 6] * 10 ** 6] * 10 ** 6` is three short lists to Python, but a reading
 * of it, a type check or a repr in a message would meet 10 ** 18 characters.
 */
export const MAX_RESULT_SIZE = 10 * MAX_SEQUENCE_LENGTH

/**
 * Most values and characters the arithmetic of one model output may build in all: what each
 * operation builds and what each result holds, an int counted in bits. Each is bounded above, but a chain of them
 * (`[1] * 999999 + [] + [] …`) or many arguments would build a million again at every step,
 * from a text of a few hundred characters.
 */
export const MAX_BUILT_SIZE = 2 * MAX_RESULT_SIZE

/** What one model output's arithmetic may still build (MAX_BUILT_SIZE at first). */
export interface ArithmeticBudget {
  left: number
}

export function arithmeticBudget(): ArithmeticBudget {
  return { left: MAX_BUILT_SIZE }
}

/** The value of an expression written as a dict's key: an int stays exact, as its text is the key. */
export function foldArithmeticKey(node: PyNode, budget: ArithmeticBudget): unknown {
  return keyOf(computedWithin(node, budget))
}

/** The expression's value as the typed readers give values: a float boxed, an int a number. */
export function foldArithmetic(node: PyNode, budget: ArithmeticBudget): unknown {
  return decoded(computedWithin(node, budget))
}

function keyOf(computed: Computed): unknown {
  return typeof computed === 'bigint' ? computed : decoded(computed)
}

function computedWithin(node: PyNode, budget: ArithmeticBudget): Computed {
  const computed = compute(node, budget)
  const size = { left: MAX_RESULT_SIZE }
  if (!withinSize(computed, size)) {
    throw new ExpressionFailure(node.position, `the result would hold more than ${MAX_RESULT_SIZE} values and characters in all`)
  }
  python(node.position, () => spend(budget, MAX_RESULT_SIZE - size.left))
  return computed
}

/** Takes what an operation builds, or the size of a result, from the budget; Python would build it, we refuse. */
function spend(budget: ArithmeticBudget, size: number): true {
  budget.left -= size
  if (budget.left < 0) throw new PythonException('unsupported', `the arithmetic of this output would build more than ${MAX_BUILT_SIZE} values and characters in all`)
  return true
}

/**
 * Whether the value, its shared parts counted each time they recur, fits what is left; stops as
 * soon as it does not. A part met again counts its size again without being walked again.
 */
function withinSize(value: Computed, budget: { left: number }, sizes = new Map<Computed, number>()): boolean {
  if (value === null || typeof value !== 'object') {
    budget.left -= typeof value === 'string' ? 1 + value.length : 1
    return budget.left >= 0
  }
  const known = sizes.get(value)
  if (known !== undefined) {
    budget.left -= known
    return budget.left >= 0
  }
  const before = budget.left
  budget.left -= 1
  if (budget.left < 0) return false
  const items = Array.isArray(value) ? value : Object.values(value)
  for (const item of items) if (!withinSize(item, budget, sizes)) return false
  sizes.set(value, before - budget.left)
  return true
}

function compute(node: PyNode, budget: ArithmeticBudget): Computed {
  switch (node.kind) {
    case 'constant':
      return node.value instanceof PyFloat ? node.value.value : node.value
    case 'list':
      return node.items.map((item) => compute(item, budget))
    case 'tuple':
      return computedTuple(node.items.map((item) => compute(item, budget)))
    case 'dict': {
      const dict: { [key: string]: Computed } = {}
      const kinds: DictKeyKinds = new Map()
      node.keys.forEach((keyNode, index) => {
        const key = dictKeyText(keyOf(compute(keyNode, budget)))
        if ('problem' in key) throw new ExpressionFailure(keyNode.position, key.problem)
        const clash = claimDictKey(kinds, key.text, key.kind)
        if (clash !== undefined) throw new ExpressionFailure(keyNode.position, clash)
        setEntry(dict, key.text, compute(node.values[index]!, budget))
      })
      keyKindsOfDicts.set(dict, kinds)
      return dict
    }
    case 'unary': {
      const operand = compute(node.operand, budget)
      return python(node.position, () => unary(node.op, operand))
    }
    case 'binary': {
      const left = compute(node.left, budget)
      const right = compute(node.right, budget)
      return python(node.position, () => binary(node.op, left, right, budget))
    }
    case 'name':
      throw new ExpressionFailure(node.position, `arithmetic on the name '${node.id}' is not evaluated`)
    case 'ellipsis':
      throw new ExpressionFailure(node.position, "arithmetic on '...' is not evaluated")
    case 'call':
      throw new ExpressionFailure(node.position, 'arithmetic on a call is not evaluated: that would run it')
    case 'attribute':
      throw new ExpressionFailure(node.position, 'arithmetic on an attribute is not evaluated')
    case 'subscript':
    case 'slice':
      throw new ExpressionFailure(node.position, 'arithmetic on a subscript is not evaluated')
    case 'set':
      throw new ExpressionFailure(node.position, 'sets are not supported')
  }
}

/** Runs one operation, turning what Python would raise into a failure at the operator. */
function python(position: number, operation: () => Computed): Computed {
  try {
    return operation()
  } catch (error) {
    if (!(error instanceof PythonException)) throw error
    throw new ExpressionFailure(position, error.type === 'unsupported' ? error.message : `${error.type}: ${error.message}`)
  }
}

function unary(op: UnaryOperator, value: Computed): Computed {
  if (op === 'not') return !isTruthy(value)
  const number = typeof value === 'boolean' ? BigInt(value) : value
  if (typeof number === 'bigint') return op === '-' ? -number : op === '+' ? number : ~number
  if (typeof number === 'number' && op !== '~') return op === '-' ? -number : number
  throw new PythonException('TypeError', `bad operand type for unary ${op}: '${typeName(value)}'`)
}

function binary(op: BinaryOperator, a: Computed, b: Computed, budget: ArithmeticBudget): Computed {
  if (isNumber(a) && isNumber(b)) return numberBinary(op, a, b, budget)
  if (op === '+' && typeof a === 'string' && typeof b === 'string') return sequenceOfLength(a.length + b.length, budget) && a + b
  if (op === '+' && isSequence(a) && typeof a !== 'string' && sameSequenceType(a, b)) {
    sequenceOfLength(a.length + (b as Computed[]).length, budget)
    const items = a.concat(b as Computed[])
    return a instanceof PyTuple ? computedTuple(items) : items
  }
  if (op === '*' && isSequence(a) && isInteger(b)) return repeat(a, b, budget)
  if (op === '*' && isInteger(a) && isSequence(b)) return repeat(b, a, budget)
  if (op === '|' && isDict(a) && isDict(b)) return spend(budget, Object.keys(a).length + Object.keys(b).length) && mergeDicts(a, b)
  if (op === '%' && typeof a === 'string') throw new PythonException('unsupported', "string formatting with '%' is not evaluated")
  if (op === '*' && (isSequence(a) || isSequence(b))) {
    throw new PythonException('TypeError', `can't multiply sequence by non-int of type '${typeName(isSequence(a) ? b : a)}'`)
  }
  if (op === '+' && isSequence(a)) {
    throw new PythonException('TypeError', `can only concatenate ${typeName(a)} (not "${typeName(b)}") to ${typeName(a)}`)
  }
  throw new PythonException('TypeError', `unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`)
}

function numberBinary(op: BinaryOperator, a: PyNumber, b: PyNumber, budget: ArithmeticBudget): Computed {
  if (typeof a === 'boolean' && typeof b === 'boolean') {
    if (op === '&') return a && b
    if (op === '|') return a || b
    if (op === '^') return a !== b
  }
  const x = typeof a === 'boolean' ? BigInt(a) : a
  const y = typeof b === 'boolean' ? BigInt(b) : b
  if (typeof x === 'bigint' && typeof y === 'bigint') {
    // An int counts its bits, as MAX_INT_BITS equals them with a list's items: an operation on ints of a million bits
    // takes milliseconds, and a chain of them (`3 ** 630000 // 3 ** 315000 * 3 ** 315000 …`) seconds.
    spend(budget, bitLength(x) + bitLength(y))
    const result = intBinary(op, x, y)
    if (typeof result === 'bigint') spend(budget, bitLength(result))
    return result
  }
  const left = typeof x === 'bigint' ? intToFloat(x) : x
  const right = typeof y === 'bigint' ? intToFloat(y) : y
  switch (op) {
    case '+':
      return left + right
    case '-':
      return left - right
    case '*':
      return left * right
    case '/':
      return floatTrueDivide(left, right)
    case '//':
      return floatFloorDivide(left, right)
    case '%':
      return floatModulo(left, right)
    case '**':
      return floatPower(left, right)
    default:
      throw new PythonException('TypeError', `unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`)
  }
}

function intBinary(op: BinaryOperator, x: bigint, y: bigint): Computed {
  switch (op) {
    case '+':
      return x + y
    case '-':
      return x - y
    case '*':
      return intMultiply(x, y)
    case '/':
      return intTrueDivide(x, y)
    case '//':
      return intFloorDivide(x, y)
    case '%':
      return intModulo(x, y)
    case '**':
      return intPower(x, y)
    case '<<':
      return intShift(x, y, true)
    case '>>':
      return intShift(x, y, false)
    case '&':
      return x & y
    case '|':
      return x | y
    case '^':
      return x ^ y
    case '@':
      throw new PythonException('TypeError', "unsupported operand type(s) for @: 'int' and 'int'")
  }
}

/** `a | b` on dicts: b's values win, but a key Python holds apart from one of a's that JSON writes alike is refused. */
function mergeDicts(a: { [key: string]: Computed }, b: { [key: string]: Computed }): Computed {
  const kinds = new Map(keyKindsOf(a))
  for (const [text, kind] of keyKindsOf(b)) {
    const clash = claimDictKey(kinds, text, kind)
    if (clash !== undefined) throw new PythonException('unsupported', clash)
  }
  const merged = { ...a, ...b }
  keyKindsOfDicts.set(merged, kinds)
  return merged
}

function keyKindsOf(dict: { [key: string]: Computed }): DictKeyKinds {
  return keyKindsOfDicts.get(dict) ?? stringKeyKinds(Object.keys(dict))
}

/** The bounds of Python's index-sized integer (`sys.maxsize` on 64 bits): a count past them cannot repeat a sequence at all. */
const MAX_INDEX = 2n ** 63n - 1n
const MIN_INDEX = -(2n ** 63n)

/** `sequence * count`, Python's repetition: empty for a count of zero or less. */
function repeat(sequence: string | Computed[], count: bigint | boolean, budget: ArithmeticBudget): Computed {
  if (typeof count === 'bigint' && (count > MAX_INDEX || count < MIN_INDEX)) throw new PythonException('OverflowError', "cannot fit 'int' into an index-sized integer")
  // An empty sequence repeated is empty, however many times: built, not counted out.
  const times = sequence.length === 0 || count === false ? 0 : count === true ? 1 : count <= 0n ? 0 : Number(count)
  if (times > 0) sequenceOfLength(sequence.length * times, budget)
  if (typeof sequence === 'string') return sequence.repeat(times)
  // Filled in place: pushed one by one, a list is copied again each time it grows.
  const items = new Array<Computed>(sequence.length * times)
  for (let at = 0; at < items.length; at++) items[at] = sequence[at % sequence.length]!
  return sequence instanceof PyTuple ? computedTuple(items) : items
}

function computedTuple(items: Computed[]): Computed {
  return tupleOf(items) as Computed[]
}

/** A sequence of `length` about to be built: within the bound of one, and taken from the output's budget. */
function sequenceOfLength(length: number, budget: ArithmeticBudget): true {
  if (length > MAX_SEQUENCE_LENGTH) {
    throw new PythonException('unsupported', `the result would be longer than ${MAX_SEQUENCE_LENGTH} items`)
  }
  return spend(budget, length)
}

function isNumber(value: Computed): value is PyNumber {
  return typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean'
}

function isInteger(value: Computed): value is bigint | boolean {
  return typeof value === 'bigint' || typeof value === 'boolean'
}

function isSequence(value: Computed): value is string | Computed[] {
  return typeof value === 'string' || Array.isArray(value)
}

function sameSequenceType(a: Computed[], b: Computed): boolean {
  return Array.isArray(b) && a instanceof PyTuple === b instanceof PyTuple
}

function isTruthy(value: Computed): boolean {
  if (typeof value === 'bigint') return value !== 0n
  if (typeof value === 'number') return value !== 0
  if (typeof value === 'string' || Array.isArray(value)) return value.length > 0
  if (value === null || typeof value === 'boolean') return value === true
  return Object.keys(value).length > 0
}

function typeName(value: Computed): string {
  if (typeof value === 'bigint') return 'int'
  if (typeof value === 'number') return 'float'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'string') return 'str'
  if (value === null) return 'NoneType'
  if (value instanceof PyTuple) return 'tuple'
  return Array.isArray(value) ? 'list' : 'dict'
}

/**
 * From computed to decoded: an int becomes a number, a float a PyFloat, containers alike. A part
 * that recurs is decoded once and shared, as Python shares it: `[(1,)] * 999999` holds one tuple
 * 999,999 times, not 999,999 tuples to build.
 */
function decoded(value: Computed, done = new Map<Computed, unknown>()): unknown {
  if (typeof value === 'bigint') return Number(value)
  if (value === null || (typeof value !== 'object' && typeof value !== 'number')) return value
  // A float is shared by its value, but for a zero: a Map does not tell 0 from -0.
  const shared = value !== 0 ? done.get(value) : undefined
  if (shared !== undefined) return shared
  let result: unknown
  if (typeof value === 'number') {
    result = new PyFloat(value)
  } else if (Array.isArray(value)) {
    // A loop, as `map` on a tuple, an Array subclass, takes a path many times slower.
    const items = new Array<unknown>(value.length)
    for (let at = 0; at < items.length; at++) items[at] = decoded(value[at]!, done)
    result = value instanceof PyTuple ? tupleOf(items) : items
  } else {
    const dict: Record<string, unknown> = {}
    for (const key of Object.keys(value)) setEntry(dict, key, decoded(value[key]!, done))
    result = dict
  }
  if (value !== 0) done.set(value, result)
  return result
}
