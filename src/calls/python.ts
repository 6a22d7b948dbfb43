import { type CodeUnits, NON_ASCII, releaseCodeUnits, takeCodeUnits } from './code-units'
import { claimDictKey, type DictKeyKinds, stringKeyKinds } from './dict-key-clash'
import { NAME_SLOT_COUNT, type NameSlots, releaseNameSlots, takeNameSlots } from './name-slots'
import { MAX_DEPTH, MAX_LIST_ITEMS } from './limits'
import { excerptAt, nameExcerpt } from './text-excerpt'
import { thousands } from './thousands'
import type { ToolCall } from './tool-call'
import { withItem } from './with-item'
import { unparsePython } from './python-unparse'
import {
  PyCall,
  PyFloat,
  pythonFloatRepr,
  pythonIntRepr,
  setEntry,
  shortDecimal,
  tupleOf,
} from './python-values'
import {
  AMPERSAND, AT, BACKSLASH, BAR, CARET, COLON, COMMA, CR, DOT, DQUOTE, EQUALS, FF, GREATER, HASH,
  LBRACE, LBRACKET, LESS, LF, LPAREN, MINUS, NINE, PERCENT, PLUS, QUOTE, RBRACE, RBRACKET, RPAREN,
  SLASH, SPACE, STAR, TAB, TILDE, UNDERSCORE, ZERO,
} from './char-codes'

/** A name holding a character beyond ASCII, which Python reads in its NFKC form. */
const NAME_BEYOND_ASCII = /[^\u0000-\u007f]/

export interface PythonParseOptions {
  /**
   * Keep Python's types: floats become `PyFloat`, tuples `PyTuple`, and a call written as a
   * value becomes what BFCL's decoder makes of it (see `PythonReader.bfclCallValue`).
   */
  typed?: boolean | undefined
  /**
   * Reads an argument of a top-level call that is not a literal (`x=2*3`, `x=Paris`, `x=...`)
   * from its syntax tree, instead of failing on it. With it, a repeated keyword argument
   * replaces the earlier one, as Python's parser (unlike its compiler) allows.
   */
  readExpression?: ((expression: PyNode) => ExpressionReading) | undefined
}

/** What `readExpression` makes of an argument: its value, or why it has none and where. */
export type ExpressionReading = { ok: true; value: unknown } | { ok: false; position: number; problem: string }

export type UnaryOperator = '-' | '+' | '~' | 'not'
export type BinaryOperator = '+' | '-' | '*' | '/' | '//' | '%' | '**' | '@' | '<<' | '>>' | '&' | '|' | '^'

/**
 * An expression as Python's `ast` module reads it, for the subset a model writes in an
 * argument: literals, names, containers, attribute access, subscripts, calls, unary and
 * binary operators. Parentheses leave no node. `position` is where the node's own token is:
 * its first character, or its operator, `.`, `[` or `(`.
 */
export type PyNode =
  | { kind: 'constant'; position: number; value: PyConstant; unicodePrefix: boolean }
  | { kind: 'ellipsis'; position: number }
  | { kind: 'name'; position: number; id: string }
  | { kind: 'attribute'; position: number; value: PyNode; attr: string }
  | { kind: 'subscript'; position: number; value: PyNode; slice: PyNode }
  | { kind: 'slice'; position: number; lower: PyNode | undefined; upper: PyNode | undefined; step: PyNode | undefined }
  | { kind: 'call'; position: number; func: PyNode; args: PyNode[]; keywords: PyKeyword[] }
  | { kind: 'unary'; position: number; op: UnaryOperator; operand: PyNode }
  | { kind: 'binary'; position: number; op: BinaryOperator; left: PyNode; right: PyNode }
  | { kind: 'list' | 'tuple' | 'set'; position: number; items: PyNode[] }
  | { kind: 'dict'; position: number; keys: PyNode[]; values: PyNode[] }

/** A literal's value: an int is exact (a bigint), a float boxed. */
export type PyConstant = string | bigint | PyFloat | boolean | null

export interface PyKeyword {
  arg: string
  value: PyNode
}

export interface PythonParseFailure {
  ok: false
  /** Where and what: `at column 14: expected ',' or ')' but found 'x'`. */
  reason: string
  /** Index in the text where the problem was found. */
  position: number
  /** What went wrong, without where. */
  problem: string
}

export type PythonCallsResult = { ok: true; calls: ToolCall[] } | PythonParseFailure

/**
 * Reads Python call syntax as a model writes it: `[f(a=1), g(b='x')]`, a bare `f(a=1)`, or
 * calls separated by commas. Literals only (never evaluated); anything else is a failure,
 * unless `options.readExpression` reads it.
 */
export function readPythonCalls(text: string, options: PythonParseOptions = {}): PythonCallsResult {
  if (typeof text !== 'string') {
    return pythonParseFailure('', 0, `expected a string of Python calls but got ${typeof text}`)
  }
  const codes = takeCodeUnits(text)
  const names = takeNameSlots()
  const reader = new PythonReader(text, codes, names, options.typed === true ? 'typed' : 'plain', options.readExpression)
  try {
    return { ok: true, calls: reader.readCalls() }
  } catch (error) {
    if (error instanceof PythonSyntaxError) return pythonParseFailure(text, error.position, error.problem)
    // e.g. a RangeError when concatenated strings exceed the engine's maximum length
    return pythonParseFailure(text, reader.position, error instanceof Error ? error.message : String(error))
  } finally {
    releaseCodeUnits(codes)
    releaseNameSlots(names)
  }
}

function pythonParseFailure(text: string, position: number, problem: string): PythonParseFailure {
  return { ok: false, reason: `at ${describePosition(text, position)}: ${problem}`, position, problem }
}

/** Why text read as Python calls is none: where, what, and the text around it. */
export function notPythonReason(text: string, failure: PythonParseFailure): string {
  return `not valid Python call syntax (${failure.reason}, in ${excerptAt(text, failure.position)})`
}

/** `column 14` on the first line, `line 3, column 2` after it (both counted from 1). */
export function describePosition(text: string, position: number): string {
  let line = 1
  let lineStart = 0
  for (let newline = text.indexOf('\n'); newline !== -1 && newline < position; newline = text.indexOf('\n', newline + 1)) {
    line++
    lineStart = newline + 1
  }
  const column = position - lineStart + 1
  return line === 1 ? `column ${column}` : `line ${line}, column ${column}`
}

function hasOwnKeys(dict: Record<string, unknown>): boolean {
  for (const key in dict) if (Object.hasOwn(dict, key)) return true
  return false
}

// Python's binding strength of the binary operators below `**`, weakest first.
const BINARY_PRECEDENCE: Record<Exclude<BinaryOperator, '**'>, number> = {
  '|': 0,
  '^': 1,
  '&': 2,
  '<<': 3,
  '>>': 3,
  '+': 4,
  '-': 4,
  '*': 5,
  '/': 5,
  '//': 5,
  '%': 5,
  '@': 5,
}

// 'raw' keeps a nested call as a PyCall until it is turned into its BFCL value.
type ValueMode = 'plain' | 'typed' | 'raw'

class PythonSyntaxError {
  constructor(
    readonly position: number,
    readonly problem: string,
  ) {}
}

const END = -1

/** The most digits Python reads as a decimal int. */
const MAX_INT_DIGITS = 4300

const KEYWORDS_BY_LENGTH: readonly (readonly string[])[] = [
  [],
  [],
  ['as', 'if', 'in', 'is', 'or'],
  ['and', 'def', 'del', 'for', 'not', 'try'],
  ['None', 'True', 'elif', 'else', 'from', 'pass', 'with'],
  ['False', 'async', 'await', 'break', 'class', 'raise', 'while', 'yield'],
  ['assert', 'except', 'global', 'import', 'lambda', 'return'],
  ['finally'],
  ['continue', 'nonlocal'],
]

// Slots of the keywords' hashes (as identifierEnd computes them): a name whose slot is empty is no keyword, told by one load.
const KEYWORD_SLOT_MASK = 1023
const KEYWORD_SLOTS = new Uint8Array(KEYWORD_SLOT_MASK + 1)
for (const keyword of KEYWORDS_BY_LENGTH.flat()) KEYWORD_SLOTS[nameHash(keyword) & KEYWORD_SLOT_MASK] = 1

function nameHash(name: string): number {
  let hash = 0
  for (let index = 0; index < name.length; index++) hash = (hash * 31 + name.charCodeAt(index)) | 0
  return hash
}

const OPERATOR_CHARS = '+-*/%@&|^~<>=!'
const ID_START = /^[\p{ID_Start}_]$/u
const ID_CONTINUE = /^\p{ID_Continue}$/u
const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u

/** Whether space (or a comment, or a line continuation) may start at this code unit: what skipSpaceFrom would move past. */
function isSpaceStart(code: number): boolean {
  return code <= SPACE || code === HASH || code === BACKSLASH
}

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE
}

/** The ASCII letters, digits and `_`, by comparisons alone: in the loop that scans a name, a table costs a load and its checks per character. */
function isAsciiIdentifierChar(code: number): boolean {
  const lower = code | 0x20
  return (lower >= 97 && lower <= 122) || isDigit(code) || code === UNDERSCORE // a-z, either case
}

function isSign(code: number): boolean {
  return code === MINUS || code === PLUS
}

function digitValue(code: number): number {
  if (isDigit(code)) return code - ZERO
  const lower = code | 0x20
  return lower >= 97 && lower <= 102 ? lower - 87 : 99
}

function isStringPrefixLetter(code: number): boolean {
  const lower = code | 0x20
  return lower === 114 || lower === 117 || lower === 98 || lower === 102 || lower === 116 // r u b f t
}

class PythonReader {
  private pos = 0
  private depth = 0
  // Whether the number scanned last was written as a float (plain mode loses it otherwise).
  private numberIsFloat = false
  // Set by readEscape: the text an escape sequence stands for.
  private escaped = ''
  // Elements of the lists being read, so that each list is allocated once at its final size.
  private readonly stack: unknown[] = []
  private stackTop = 0
  // The span identifierEnd scanned last and its hash, so internName need not read it again.
  private hashedStart = -1
  private hashedEnd = -1
  private hashed = 0
  // Set once a name beyond ASCII is read: from then on a name read anew is put in Python's form of names, NFKC.
  private namesBeyondAscii = false

  constructor(
    private readonly text: string,
    // The text's code units, read where the scanning is hottest (see CodeUnits); zeros follow its end.
    private readonly codes: CodeUnits,
    private readonly names: NameSlots,
    private mode: ValueMode,
    private readonly readExpression: ((expression: PyNode) => ExpressionReading) | undefined,
  ) {}

  get position(): number {
    return this.pos
  }

  readCalls(): ToolCall[] {
    this.skipSpace()
    let calls: ToolCall[]
    if (this.code() === LBRACKET) {
      this.pos++
      calls = this.readCallSequence(RBRACKET)
    } else {
      calls = this.readCallSequence(END)
    }
    this.skipSpace()
    if (this.pos < this.text.length) this.fail(`expected the end of the calls but found ${this.describe()}`)
    return calls
  }

  private readCallSequence(closing: number): ToolCall[] {
    this.skipSpace()
    if (this.consumeClosing(closing)) return []
    let calls: ToolCall[] | undefined
    for (;;) {
      // A model's flood of calls is cut at the bound a trajectory's lists have, before it takes gigabytes.
      if (calls !== undefined && calls.length >= MAX_LIST_ITEMS) this.failTooManyCalls()
      calls = withItem(calls, this.readTopCall())
      this.skipSpace()
      if (this.code() === COMMA) {
        this.pos++
        this.skipSpace()
        if (this.consumeClosing(closing)) return calls
        continue
      }
      if (this.consumeClosing(closing)) return calls
      this.fail(`expected ${closing === END ? "','" : "',' or ']'"} but found ${this.describe()}`)
    }
  }

  private consumeClosing(closing: number): boolean {
    if (closing === END) return this.pos >= this.text.length
    if (this.code() !== closing) return false
    this.pos++
    return true
  }

  private readTopCall(): ToolCall {
    let parentheses = 0
    while (this.code() === LPAREN) {
      this.enter()
      this.pos++
      parentheses++
      this.skipSpace()
    }
    if (!this.isIdentifierStartAt(this.pos)) this.fail(`expected a function call but found ${this.describe()}`)
    const name = this.readName()
    this.skipSpace()
    if (this.code() !== LPAREN) this.fail(`expected '(' after '${nameExcerpt(name)}' but found ${this.describe()}`)
    const call = this.readCall(name, this.readExpression)
    for (; parentheses > 0; parentheses--) {
      this.skipSpace()
      if (this.code() !== RPAREN) this.fail(`expected ')' but found ${this.describe()}`)
      this.pos++
      this.depth--
    }
    return call
  }

  /** A name, dotted or not (`math.factorial`); `pos` is on its first letter. */
  private readName(): string {
    const text = this.text
    const start = this.pos
    let end = this.identifierEnd(start)
    // A dotted name's hash joins its parts' hashes, so each part is scanned once and checked as a possible keyword by its own.
    let hash = this.hashed
    let mayBeKeyword = KEYWORD_SLOTS[hash & KEYWORD_SLOT_MASK]!
    // Built only when spaces split the dotted name (`a . b`); otherwise one interned slice.
    let spacedName: string | undefined
    for (;;) {
      const dot = this.skipSpaceFrom(end)
      if (this.codes[dot] !== DOT) break
      const partStart = this.skipSpaceFrom(dot + 1)
      if (!this.isIdentifierStartAt(partStart)) {
        this.pos = partStart
        this.fail(`expected a name after '.' but found ${this.describe()}`)
      }
      const partEnd = this.identifierEnd(partStart)
      hash = (hash * 31 + this.hashed) | 0
      mayBeKeyword |= KEYWORD_SLOTS[this.hashed & KEYWORD_SLOT_MASK]!
      if (spacedName !== undefined || dot !== end || partStart !== dot + 1) {
        if (spacedName === undefined) this.rejectKeywords(start, end)
        this.rejectKeywords(partStart, partEnd)
        spacedName = `${spacedName ?? text.slice(start, end)}.${text.slice(partStart, partEnd)}`
      }
      end = partEnd
    }
    this.pos = end
    if (spacedName === undefined) return this.internHashed(start, end, hash, mayBeKeyword)
    return this.namesBeyondAscii ? spacedName.normalize('NFKC') : spacedName
  }

  /**
   * The call's arguments; `pos` is on its `(`. With `readExpression` (a top-level call in
   * lenient mode), an argument that is not a literal is read from its syntax tree.
   */
  private readCall(name: string, readExpression?: (expression: PyNode) => ExpressionReading): ToolCall {
    const codes = this.codes
    const args: Record<string, unknown> = {}
    let positional: unknown[] | undefined
    let keywords = 0
    this.pos++
    this.skipSpace()
    if (this.code() === RPAREN) {
      this.pos++
      return { name, args }
    }
    for (;;) {
      const start = this.pos
      if (codes[start] === STAR) this.fail("unpacking with '*' or '**' is not supported")
      const nameEnd = this.isIdentifierStartAt(start) ? this.identifierEnd(start) : -1
      const equals = nameEnd === -1 ? -1 : this.skipSpaceFrom(nameEnd)
      if (equals !== -1 && codes[equals] === EQUALS && codes[equals + 1] !== EQUALS) {
        const key = this.internName(start, nameEnd)
        if (readExpression === undefined && Object.hasOwn(args, key)) {
          this.fail(`keyword argument '${nameExcerpt(key)}' is repeated`)
        }
        // Space is checked for here, not in a call: most arguments have none, and this function has no room left to inline one.
        const valueStart = equals + 1
        this.pos = isSpaceStart(codes[valueStart]!) ? this.skipSpaceFrom(valueStart) : valueStart
        setEntry(args, key, readExpression === undefined ? this.readValue() : this.readArgument(readExpression))
        keywords++
      } else {
        if (keywords > 0) this.failPositionalAfterKeyword()
        ;(positional ??= []).push(readExpression === undefined ? this.readValue() : this.readArgument(readExpression))
      }
      if (isSpaceStart(codes[this.pos]!)) this.skipSpace()
      const next = codes[this.pos]
      if (next === COMMA) {
        const afterComma = this.pos + 1
        this.pos = isSpaceStart(codes[afterComma]!) ? this.skipSpaceFrom(afterComma) : afterComma
        if (codes[this.pos] !== RPAREN) continue
        this.pos++
        break
      }
      if (next === RPAREN) {
        this.pos++
        break
      }
      this.failAfterValue("',' or ')'")
    }
    return positional === undefined ? { name, args } : { name, args, positional }
  }

  private readValue(): unknown {
    const code = this.code()
    if (code === QUOTE || code === DQUOTE) return this.readStrings()
    if (isDigit(code)) return this.readNumber(false)
    switch (code) {
      case LBRACKET:
        return this.readList()
      case LPAREN:
        return this.readParenthesized()
      case LBRACE:
        return this.readDict()
      case MINUS:
      case PLUS:
        return this.readSigned()
      case DOT:
        if (isDigit(this.text.charCodeAt(this.pos + 1))) return this.readNumber(false)
        if (this.text.startsWith('...', this.pos)) this.fail("the Ellipsis '...' is not supported")
        break
      case STAR:
        this.fail("unpacking with '*' or '**' is not supported")
    }
    if (this.isIdentifierStartAt(this.pos)) return this.readNamedValue()
    this.fail(`expected a value but found ${this.describe()}`)
  }

  /** `True`, `False`, `None`, a prefixed string, or a call; any other name is not a value. */
  private readNamedValue(): unknown {
    const text = this.text
    const start = this.pos
    if (this.stringPrefixLengthAt(start) > 0) return this.readStrings()
    const end = this.identifierEnd(start)
    const length = end - start
    if (length === 4 && text.startsWith('True', start)) {
      this.pos = end
      return true
    }
    if (length === 5 && text.startsWith('False', start)) {
      this.pos = end
      return false
    }
    if (length === 4 && text.startsWith('None', start)) {
      this.pos = end
      return null
    }
    if (length === 6 && text.startsWith('lambda', start)) this.fail('lambda expressions are not supported')
    if (length === 3 && text.startsWith('not', start)) this.fail("operator 'not' is not supported")
    const name = this.readName()
    this.skipSpace()
    if (this.code() === LPAREN) return this.readNestedCall(name)
    this.pos = start
    this.fail(`expected a value but found the name '${nameExcerpt(name)}' (a string needs quotes)`)
  }

  private readNestedCall(name: string): unknown {
    const open = this.pos
    this.enter()
    const outerMode = this.mode
    if (outerMode === 'typed') this.mode = 'raw'
    const call = this.readCall(name)
    this.mode = outerMode
    this.depth--
    if (outerMode === 'plain') return call
    if (this.readExpression !== undefined && (call.positional !== undefined || !hasOwnKeys(call.args))) {
      this.fail('a call kept as source text is read from its syntax tree')
    }
    const raw = new PyCall(name, call.args, call.positional ?? [], open)
    return outerMode === 'raw' ? raw : this.bfclCallValue(raw)
  }

  /**
   * BFCL's value for a call written as an argument (`resolve_ast_by_type` in its
   * `model_handler/utils.py`): `{ name: { keyword: value } }` when it has keyword arguments,
   * else its source text as `ast.unparse` writes it (`'g(1, 2)'`). BFCL drops the positional
   * arguments of the first form; a call that has any is kept whole as source text instead.
   * Only the calls a value shows are written out, so each part of the text is read again once at most.
   */
  private bfclCallValue(call: PyCall): unknown {
    if (call.positional.length > 0 || !hasOwnKeys(call.args)) return this.callSource(call.name, call.open!)
    const value: Record<string, unknown> = {}
    setEntry(value, call.name, this.resolveCalls(call.args))
    return value
  }

  private resolveCalls(value: unknown): unknown {
    if (value instanceof PyCall) return this.bfclCallValue(value)
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) value[index] = this.resolveCalls(value[index])
    } else if (value !== null && typeof value === 'object' && !(value instanceof PyFloat)) {
      const dict = value as Record<string, unknown>
      for (const key of Object.keys(dict)) setEntry(dict, key, this.resolveCalls(dict[key]))
    }
    return value
  }

  /** A call read as values, read again from its `(` as a syntax tree and written as ast.unparse writes it (a `u` prefix, `-0`, an int key). */
  private callSource(name: string, open: number): string {
    const { pos, depth } = this
    this.pos = open
    const node = this.readCallNode({ kind: 'name', position: open, id: name })
    this.pos = pos
    this.depth = depth
    return unparsePython(node)
  }

  private readSigned(): unknown {
    const negative = this.code() === MINUS
    this.pos++
    this.skipSpace()
    const code = this.code()
    if (isDigit(code) || (code === DOT && isDigit(this.text.charCodeAt(this.pos + 1)))) {
      return this.readNumber(negative)
    }
    return this.readSignedParenthesized(negative)
  }

  /** `-(5)`, as Python reads it: the sign of what the parentheses hold, a number alone (`-(-5)` is no literal). Apart from readSigned, which stays small. */
  private readSignedParenthesized(negative: boolean): unknown {
    const start = this.pos
    if (this.code() === LPAREN && !isSign(this.codes[this.pastParentheses(start)]!)) {
      const value = this.readParenthesized()
      if (value instanceof PyFloat) return new PyFloat(negative ? -value.value : value.value)
      if (typeof value === 'number') return !negative ? value : this.numberIsFloat ? -value : 0 - value
      this.pos = start
    }
    this.fail(`expected a number after unary '${negative ? '-' : '+'}' but found ${this.describe()}`)
  }

  private readNumber(negative: boolean): unknown {
    const magnitude = this.scanNumber()
    if (!this.numberIsFloat) return negative ? 0 - magnitude : magnitude // an int has no -0
    const value = negative ? -magnitude : magnitude
    return this.mode === 'plain' ? value : new PyFloat(value)
  }

  /** A number literal's value (sign excluded); sets `numberIsFloat`. */
  private scanNumber(): number {
    const text = this.text
    const codes = this.codes
    const start = this.pos
    this.numberIsFloat = false
    if (codes[start] === ZERO) {
      const letter = codes[start + 1]! | 0x20
      if (letter === 120) return this.scanRadixInteger(16, 'hexadecimal')
      if (letter === 111) return this.scanRadixInteger(8, 'octal')
      if (letter === 98) return this.scanRadixInteger(2, 'binary')
    }
    let position = start
    let value = 0
    let underscores = false
    let code = codes[position]!
    for (;;) {
      if (isDigit(code)) value = value * 10 + (code - ZERO)
      else if (code === UNDERSCORE && position > start && isDigit(codes[position + 1]!)) underscores = true
      else break
      code = codes[++position]!
    }
    let isFloat = false
    if (code === DOT) {
      isFloat = true
      position = this.scanDigits(position + 1)
      code = codes[position]!
    }
    if ((code | 0x20) === 101) {
      let digits = position + 1
      const sign = codes[digits]!
      if (sign === PLUS || sign === MINUS) digits++
      if (!isDigit(codes[digits]!)) this.fail('invalid decimal literal', start)
      isFloat = true
      position = this.scanDigits(digits)
      code = codes[position]!
    }
    if ((code | 0x20) === 106) this.fail('complex numbers are not supported', start)
    if (this.isIdentifierCharAt(position)) this.fail('invalid decimal literal', start)
    this.pos = position
    if (isFloat) {
      this.numberIsFloat = true
      const short = shortDecimal(text, start, position)
      return Number.isNaN(short) ? Number(this.numberText(start, position)) : short
    }
    if (codes[start] === ZERO && value !== 0) {
      this.fail('leading zeros in decimal integer literals are not permitted', start)
    }
    // Up to 15 digits the running value is exact; longer literals are rounded by Number.
    if (!underscores && position - start <= 15) return value
    const digits = this.numberText(start, position)
    // With Python's types kept (BFCL mode), a longer decimal int is refused as Python refuses it
    // (sys.int_info.default_max_str_digits); all zeros, its one form with leading zeros, is 0.
    if (this.mode !== 'plain' && digits.length > MAX_INT_DIGITS && value !== 0) {
      this.fail(`Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion`, start)
    }
    return Number(digits)
  }

  /** Digits with single underscores between them; returns where they end. */
  private scanDigits(position: number): number {
    const codes = this.codes
    for (;;) {
      const code = codes[position]!
      if (isDigit(code)) position++
      else if (code === UNDERSCORE && isDigit(codes[position - 1]!) && isDigit(codes[position + 1]!)) position++
      else return position
    }
  }

  private numberText(start: number, end: number): string {
    const literal = this.text.slice(start, end)
    return literal.includes('_') ? literal.replaceAll('_', '') : literal
  }

  private scanRadixInteger(radix: number, kind: string): number {
    const text = this.text
    const start = this.pos
    let position = start + 2
    let digits = false
    for (;;) {
      const code = text.charCodeAt(position)
      if (digitValue(code) < radix) digits = true
      else if (!(code === UNDERSCORE && digitValue(text.charCodeAt(position + 1)) < radix)) break
      position++
    }
    if (!digits) this.fail(`invalid ${kind} literal`, start)
    if (this.isIdentifierCharAt(position)) {
      this.fail(`invalid digit '${text[position]}' in ${kind} literal`, position)
    }
    this.pos = position
    return Number(text.slice(start, position).replaceAll('_', ''))
  }

  /** One string literal, or several written side by side (`'a' 'b'` is `'ab'`). */
  private readStrings(): string {
    let value = this.readStringLiteral()
    for (;;) {
      this.skipSpace()
      if (this.stringPrefixLengthAt(this.pos) < 0) return value
      value += this.readStringLiteral()
    }
  }

  /** -1 when no string starts at `position`, else the length of its prefix (`r`, `rb`). */
  private stringPrefixLengthAt(position: number): number {
    const codes = this.codes
    for (let length = 0; length <= 2; length++) {
      const code = codes[position + length]!
      if (code === QUOTE || code === DQUOTE) return length
      if (!isStringPrefixLetter(code)) return -1
    }
    return -1
  }

  private readStringLiteral(): string {
    const text = this.text
    const start = this.pos
    const prefixLength = this.stringPrefixLengthAt(start)
    const raw = prefixLength > 0 && this.isRawPrefix(start, prefixLength)
    const codes = this.codes
    let position = start + prefixLength
    const quote = codes[position]!
    const triple = codes[position + 1] === quote && codes[position + 2] === quote
    position += triple ? 3 : 1
    let chunkStart = position
    let value = ''
    const length = text.length
    for (;;) {
      // Past the characters that need no attention, in the code units: a sticky regex costs more to enter than most strings take to scan.
      while (position < length) {
        const unit = codes[position]!
        if (unit === quote || unit === BACKSLASH || unit === LF || unit === CR) break
        position++
      }
      if (position >= length) {
        this.fail(triple ? 'unterminated triple-quoted string literal' : 'unterminated string literal', start)
      }
      const code = codes[position]!
      if (code === quote) {
        if (!triple || (codes[position + 1] === quote && codes[position + 2] === quote)) break
      } else if (code === BACKSLASH) {
        if (raw) {
          position += 2
          continue
        }
        value += text.slice(chunkStart, position)
        position = this.readEscape(position)
        value += this.escaped
        chunkStart = position
        continue
      } else if (code === LF || code === CR) {
        if (!triple) this.fail('unterminated string literal (a line break inside a one-line string)', start)
        if (code === CR) {
          // Python reads a source line break as '\n' whichever way it was written.
          value += `${text.slice(chunkStart, position)}\n`
          position += text.charCodeAt(position + 1) === LF ? 2 : 1
          chunkStart = position
          continue
        }
      }
      position++
    }
    this.pos = position + (triple ? 3 : 1)
    return value + text.slice(chunkStart, position)
  }

  /** Whether the prefix makes a raw str; fails on the prefixes that are not a str. */
  private isRawPrefix(start: number, length: number): boolean {
    const prefix = this.text.slice(start, start + length).toLowerCase()
    if (length === 2 && (prefix[0] === prefix[1] || prefix.includes('u'))) {
      this.fail(`invalid string prefix '${this.text.slice(start, start + length)}'`, start)
    }
    if (prefix.includes('f')) this.fail('f-strings are not supported', start)
    if (prefix.includes('t')) this.fail('template strings (t-strings) are not supported', start)
    if (prefix.includes('b')) this.fail('bytes literals are not supported', start)
    return prefix === 'r'
  }

  /** Decodes the escape at `position` (its backslash) into `escaped`; returns where it ends. */
  private readEscape(position: number): number {
    const text = this.text
    const code = text.charCodeAt(position + 1)
    switch (code) {
      case LF:
        this.escaped = ''
        return position + 2
      case CR:
        this.escaped = ''
        return position + (text.charCodeAt(position + 2) === LF ? 3 : 2)
      case BACKSLASH:
      case QUOTE:
      case DQUOTE:
        this.escaped = text[position + 1] ?? ''
        return position + 2
      case 97: // a
        return this.escape('\x07', position + 2)
      case 98: // b
        return this.escape('\b', position + 2)
      case 102: // f
        return this.escape('\f', position + 2)
      case 110: // n
        return this.escape('\n', position + 2)
      case 114: // r
        return this.escape('\r', position + 2)
      case 116: // t
        return this.escape('\t', position + 2)
      case 118: // v
        return this.escape('\v', position + 2)
      case 120: // x
        return this.readHexEscape(position, 2, '\\xXX')
      case 117: // u
        return this.readHexEscape(position, 4, '\\uXXXX')
      case 85: // U
        return this.readHexEscape(position, 8, '\\UXXXXXXXX')
      case 78: // N
        this.fail('\\N{...} escapes (characters by name) are not supported', position)
    }
    if (code >= ZERO && code <= 55) {
      let end = position + 2
      while (end < position + 4 && text.charCodeAt(end) >= ZERO && text.charCodeAt(end) <= 55) end++
      return this.escape(String.fromCharCode(parseInt(text.slice(position + 1, end), 8)), end)
    }
    // Python keeps an unknown escape as written: the backslash, then the character itself.
    return this.escape('\\', position + 1)
  }

  private escape(value: string, end: number): number {
    this.escaped = value
    return end
  }

  private readHexEscape(position: number, digits: number, form: string): number {
    const text = this.text
    let value = 0
    for (let index = position + 2; index < position + 2 + digits; index++) {
      const digit = digitValue(text.charCodeAt(index))
      if (digit > 15) this.fail(`truncated ${form} escape`, position)
      value = value * 16 + digit
    }
    if (value > 0x10ffff) this.fail(`illegal Unicode character in ${form} escape`, position)
    return this.escape(String.fromCodePoint(value), position + 2 + digits)
  }

  private readList(): unknown[] {
    this.enter()
    this.pos++
    const base = this.stackTop
    this.skipSpace()
    if (this.code() !== RBRACKET) {
      for (;;) {
        this.stack[this.stackTop++] = this.readValue()
        this.skipSpace()
        const code = this.code()
        if (code === COMMA) {
          this.pos++
          this.skipSpace()
          if (this.code() === RBRACKET) break
          continue
        }
        if (code === RBRACKET) break
        this.failAfterValue("',' or ']'")
      }
    }
    this.pos++
    this.depth--
    return this.popItems(base)
  }

  /** The values pushed since `base`, as an array of exactly their number. */
  private popItems(base: number): unknown[] {
    const items = this.stack.slice(base, this.stackTop)
    this.stackTop = base
    return items
  }

  /** `()`, `(1,)`, `(1, 2)` are tuples; `(1)` is the value 1. */
  private readParenthesized(): unknown {
    this.enter()
    this.pos++
    this.skipSpace()
    const items: unknown[] = []
    if (this.code() !== RPAREN) {
      const first = this.readValue()
      this.skipSpace()
      if (this.code() === RPAREN) {
        this.pos++
        this.depth--
        return first
      }
      if (this.code() !== COMMA) this.failAfterValue("',' or ')'")
      items.push(first)
      this.pos++
      this.skipSpace()
      while (this.code() !== RPAREN) {
        items.push(this.readValue())
        this.skipSpace()
        const code = this.code()
        if (code === COMMA) {
          this.pos++
          this.skipSpace()
        } else if (code !== RPAREN) {
          this.failAfterValue("',' or ')'")
        }
      }
    }
    this.pos++
    this.depth--
    return this.mode === 'plain' ? items : tupleOf(items)
  }

  private readDict(): Record<string, unknown> {
    const open = this.pos
    this.enter()
    this.pos++
    this.skipSpace()
    const dict: Record<string, unknown> = {}
    // The kind of each key, kept once a key that is no string comes: `1` and `'1'` are two keys to Python, one to JSON.
    let keyKinds: DictKeyKinds | undefined
    for (let first = true; this.code() !== RBRACE; first = false) {
      if (this.code() === STAR) this.fail("unpacking with '**' is not supported")
      const keyStart = this.pos
      const key = this.readValue()
      this.skipSpace()
      const afterKey = this.code()
      if (afterKey !== COLON) {
        if (first && (afterKey === COMMA || afterKey === RBRACE)) this.fail('sets are not supported', open)
        this.failAfterValue("':'")
      }
      const keyText = this.dictKey(key, keyStart)
      const isString = typeof key === 'string'
      if (!isString || keyKinds !== undefined) {
        keyKinds ??= stringKeyKinds(Object.keys(dict))
        const clash = claimDictKey(keyKinds, keyText, isString ? 'string' : 'other')
        if (clash !== undefined) this.fail(clash, keyStart)
      }
      this.pos++
      this.skipSpace()
      setEntry(dict, keyText, this.readValue())
      this.skipSpace()
      const code = this.code()
      if (code === COMMA) {
        this.pos++
        this.skipSpace()
      } else if (code !== RBRACE) {
        this.failAfterValue("',' or '}'")
      }
    }
    this.pos++
    this.depth--
    return dict
  }

  /** A dict key as Python's `json.dumps` writes it: `1` → "1", `1.0` → "1.0", `True` → "true", `None` → "null". */
  private dictKey(key: unknown, start: number): string {
    if (typeof key === 'string' && this.stringPrefixLengthAt(this.codes[start] === LPAREN ? this.pastParentheses(start) : start) >= 0) return key
    if (typeof key === 'number') return this.numberIsFloat ? jsonFloatKey(key) : Number.isSafeInteger(key) ? pythonIntRepr(key) : this.intKeyText(start)
    if (key instanceof PyFloat) return jsonFloatKey(key.value)
    if (key === true) return 'true'
    if (key === false) return 'false'
    if (key === null) return 'null'
    this.fail('dict keys must be strings, numbers, booleans or None', start)
  }

  /** Where a value written in parentheses, `('a')`, begins. */
  private pastParentheses(start: number): number {
    let position = start
    while (this.codes[position] === LPAREN) position = this.skipSpaceFrom(position + 1)
    return position
  }

  /** An int key past 2^53, which a double no longer holds (or holds as Infinity), written as Python writes it: exact, from its literal up to the ':' at `pos`. */
  private intKeyText(start: number): string {
    // Read again past what may stand before the literal: parentheses, a sign, space, a comment, a line continued.
    let position = start
    let negative = false
    for (;;) {
      position = this.skipSpaceFrom(position)
      const code = this.codes[position]
      if (code === LPAREN || code === PLUS) position++
      else if (code === MINUS) {
        negative = !negative
        position++
      } else break
    }
    let end = position
    while (end < this.pos && isAsciiIdentifierChar(this.codes[end]!)) end++
    const digits = BigInt(this.text.slice(position, end).replaceAll('_', ''))
    return (negative ? -digits : digits).toString()
  }

  /**
   * A top-level call's argument in lenient mode: a literal is read as usual; anything else is
   * read again from where it starts, as a syntax tree, and handed to `readExpression`.
   */
  private readArgument(readExpression: (expression: PyNode) => ExpressionReading): unknown {
    const start = this.pos
    const { depth, stackTop, mode } = this
    try {
      const value = this.readValue()
      const next = this.text.charCodeAt(this.skipSpaceFrom(this.pos))
      if (next === COMMA || next === RPAREN) return value
    } catch (error) {
      if (!(error instanceof PythonSyntaxError)) throw error
    }
    this.pos = start
    this.depth = depth
    this.stackTop = stackTop
    this.mode = mode
    const reading = readExpression(this.readExpressionNode())
    if (!reading.ok) this.fail(reading.problem, reading.position)
    return reading.value
  }

  // The syntax tree of an expression, for lenient mode. Python's grammar from `not` down to the
  // atoms; comparisons, `and`, `or`, `if`-`else`, lambdas and comprehensions are refused.

  private readExpressionNode(): PyNode {
    const start = this.pos
    if (!this.isWordAt(start, 'not')) return this.readBinaryNode(0)
    this.enter()
    this.pos += 3
    this.skipSpace()
    const operand = this.readExpressionNode()
    this.depth--
    return { kind: 'unary', position: start, op: 'not', operand }
  }

  /** Operators of at least `minPrecedence`, left to right; `**` is read by `readPowerNode`. */
  private readBinaryNode(minPrecedence: number): PyNode {
    let left = this.readFactorNode()
    let operators = 0
    for (;;) {
      const at = this.skipSpaceFrom(this.pos)
      const op = this.binaryOperatorAt(at)
      if (op === undefined || op === '**' || BINARY_PRECEDENCE[op] < minPrecedence) break
      this.enter() // a chain of operators nests its left operands
      operators++
      this.pos = at + op.length
      this.skipSpace()
      const right = this.readBinaryNode(BINARY_PRECEDENCE[op] + 1)
      left = { kind: 'binary', position: at, op, left, right }
    }
    this.depth -= operators
    return left
  }

  private readFactorNode(): PyNode {
    const start = this.pos
    const code = this.code()
    if (code !== MINUS && code !== PLUS && code !== TILDE) return this.readPowerNode()
    this.enter()
    this.pos++
    this.skipSpace()
    const operand = this.readFactorNode()
    this.depth--
    return { kind: 'unary', position: start, op: code === MINUS ? '-' : code === PLUS ? '+' : '~', operand }
  }

  private readPowerNode(): PyNode {
    const base = this.readPrimaryNode()
    const at = this.skipSpaceFrom(this.pos)
    if (this.binaryOperatorAt(at) !== '**') return base
    this.enter()
    this.pos = at + 2
    this.skipSpace()
    const exponent = this.readFactorNode()
    this.depth--
    return { kind: 'binary', position: at, op: '**', left: base, right: exponent }
  }

  /** An atom followed by any number of `.name`, `[...]` and `(...)`. */
  private readPrimaryNode(): PyNode {
    let node = this.readAtomNode()
    let trailers = 0
    for (;; trailers++) {
      const at = this.skipSpaceFrom(this.pos)
      const code = this.text.charCodeAt(at)
      if (code !== DOT && code !== LBRACKET && code !== LPAREN) break
      if (code === DOT && this.text.startsWith('...', at)) break
      this.enter() // a chain of trailers nests what precedes each
      this.pos = at
      if (code === DOT) node = this.readAttributeNode(node)
      else if (code === LBRACKET) node = this.readSubscriptNode(node)
      else node = this.readCallNode(node)
    }
    this.depth -= trailers
    return node
  }

  private readAttributeNode(value: PyNode): PyNode {
    const dot = this.pos
    this.pos = this.skipSpaceFrom(dot + 1)
    if (!this.isIdentifierStartAt(this.pos)) this.fail(`expected a name after '.' but found ${this.describe()}`)
    const end = this.identifierEnd(this.pos)
    const attr = this.internName(this.pos, end)
    this.pos = end
    return { kind: 'attribute', position: dot, value, attr }
  }

  /** `value[...]`: one index or slice, or several as a tuple. */
  private readSubscriptNode(value: PyNode): PyNode {
    const open = this.pos
    this.pos++
    this.skipSpace()
    const items: PyNode[] = []
    let comma = false
    for (;;) {
      items.push(this.readSliceNode())
      this.skipSpace()
      const code = this.code()
      if (code === RBRACKET) break
      if (code !== COMMA) this.failAfterValue("',' or ']'")
      comma = true
      this.pos++
      this.skipSpace()
      if (this.code() === RBRACKET) break
    }
    this.pos++
    const slice: PyNode = comma ? { kind: 'tuple', position: items[0]!.position, items } : items[0]!
    return { kind: 'subscript', position: open, value, slice }
  }

  /** An index, or a slice `lower:upper:step` with any of the three left out. */
  private readSliceNode(): PyNode {
    const start = this.pos
    const lower = this.code() === COLON ? undefined : this.readExpressionNode()
    this.skipSpace()
    if (this.code() !== COLON) return lower!
    this.pos++
    this.skipSpace()
    const upper = this.isSliceEnd() ? undefined : this.readExpressionNode()
    this.skipSpace()
    let step: PyNode | undefined
    if (this.code() === COLON) {
      this.pos++
      this.skipSpace()
      step = this.isSliceEnd() ? undefined : this.readExpressionNode()
    }
    return { kind: 'slice', position: start, lower, upper, step }
  }

  private isSliceEnd(): boolean {
    const code = this.code()
    return code === COLON || code === COMMA || code === RBRACKET
  }

  /** Where a keyword argument has been read and what follows is not one: a value (Python's own complaint), or no argument at all (`f(a=1,, b=2)`). */
  private failPositionalAfterKeyword(): never {
    if (this.code() === COMMA) this.fail(`expected an argument but found ${this.describe()}`)
    this.fail('positional argument follows keyword argument')
  }

  /** `func(...)` with positional arguments, then keyword arguments (repeats kept). */
  private readCallNode(func: PyNode): PyNode {
    const text = this.text
    const open = this.pos
    const args: PyNode[] = []
    const keywords: PyKeyword[] = []
    this.pos++
    this.skipSpace()
    while (this.code() !== RPAREN) {
      const start = this.pos
      if (text.charCodeAt(start) === STAR) this.fail("unpacking with '*' or '**' is not supported")
      const nameEnd = this.isIdentifierStartAt(start) ? this.identifierEnd(start) : -1
      const equals = nameEnd === -1 ? -1 : this.skipSpaceFrom(nameEnd)
      if (equals !== -1 && text.charCodeAt(equals) === EQUALS && text.charCodeAt(equals + 1) !== EQUALS) {
        const arg = this.internName(start, nameEnd)
        this.pos = this.skipSpaceFrom(equals + 1)
        keywords.push({ arg, value: this.readExpressionNode() })
      } else {
        if (keywords.length > 0) this.failPositionalAfterKeyword()
        args.push(this.readExpressionNode())
      }
      this.skipSpace()
      if (this.code() === COMMA) {
        this.pos++
        this.skipSpace()
      } else if (this.code() !== RPAREN) {
        this.failAfterValue("',' or ')'")
      }
    }
    this.pos++
    return { kind: 'call', position: open, func, args, keywords }
  }

  private readAtomNode(): PyNode {
    const text = this.text
    const start = this.pos
    const code = text.charCodeAt(start)
    if (code === QUOTE || code === DQUOTE) return this.readStringNode()
    if (isDigit(code) || (code === DOT && isDigit(text.charCodeAt(start + 1)))) return this.readNumberNode()
    switch (code) {
      case LBRACKET:
        return this.readListNode()
      case LPAREN:
        return this.readParenthesizedNode()
      case LBRACE:
        return this.readBracesNode()
      case DOT:
        if (text.startsWith('...', start)) {
          this.pos += 3
          return { kind: 'ellipsis', position: start }
        }
        break
      case STAR:
        this.fail("unpacking with '*' or '**' is not supported")
    }
    if (!this.isIdentifierStartAt(start)) this.fail(`expected a value but found ${this.describe()}`)
    if (this.stringPrefixLengthAt(start) > 0) return this.readStringNode()
    const end = this.identifierEnd(start)
    const length = end - start
    const constant = (value: PyConstant): PyNode => {
      this.pos = end
      return { kind: 'constant', position: start, value, unicodePrefix: false }
    }
    if (length === 4 && text.startsWith('True', start)) return constant(true)
    if (length === 5 && text.startsWith('False', start)) return constant(false)
    if (length === 4 && text.startsWith('None', start)) return constant(null)
    if (length === 6 && text.startsWith('lambda', start)) this.fail('lambda expressions are not supported')
    if (length === 3 && text.startsWith('not', start)) this.fail(`expected a value but found 'not' (it needs parentheses here)`)
    const id = this.internName(start, end)
    this.pos = end
    return { kind: 'name', position: start, id }
  }

  private readStringNode(): PyNode {
    const start = this.pos
    // Python keeps a lower-case `u` prefix (not `U`), which ast.unparse writes back.
    const unicodePrefix = this.stringPrefixLengthAt(start) === 1 && this.text.charCodeAt(start) === 117
    return { kind: 'constant', position: start, value: this.readStrings(), unicodePrefix }
  }

  private readNumberNode(): PyNode {
    const start = this.pos
    const value = this.scanNumber()
    const constant = this.numberIsFloat ? new PyFloat(value) : BigInt(this.numberText(start, this.pos))
    return { kind: 'constant', position: start, value: constant, unicodePrefix: false }
  }

  /**
   * Items up to `closing`, a trailing comma allowed, after the ones already in `items`: `pos` is
   * just past the opening bracket, or just past the last item read.
   */
  private readItemNodes(items: PyNode[], closing: number, expected: string): PyNode[] {
    for (;;) {
      this.skipSpace()
      if (this.code() === closing) break
      if (items.length > 0) {
        if (this.code() !== COMMA) this.failAfterValue(expected)
        this.pos++
        this.skipSpace()
        if (this.code() === closing) break
      }
      if (this.code() === STAR) this.fail("unpacking with '*' or '**' is not supported")
      items.push(this.readExpressionNode())
    }
    this.pos++
    return items
  }

  private readListNode(): PyNode {
    const open = this.pos
    this.enter()
    this.pos++
    const items = this.readItemNodes([], RBRACKET, "',' or ']'")
    this.depth--
    return { kind: 'list', position: open, items }
  }

  /** `()` and `(a, ...)` are tuples; `(a)` is `a` itself. */
  private readParenthesizedNode(): PyNode {
    const open = this.pos
    this.enter()
    this.pos++
    this.skipSpace()
    const items: PyNode[] = []
    if (this.code() !== RPAREN) {
      const first = this.readExpressionNode()
      this.skipSpace()
      if (this.code() === RPAREN) {
        this.pos++
        this.depth--
        return first
      }
      if (this.code() !== COMMA) this.failAfterValue("',' or ')'")
      items.push(first)
    }
    this.readItemNodes(items, RPAREN, "',' or ')'")
    this.depth--
    return { kind: 'tuple', position: open, items }
  }

  /** `{}` and `{k: v, ...}` are dicts, `{a, ...}` a set. */
  private readBracesNode(): PyNode {
    const open = this.pos
    this.enter()
    this.pos++
    this.skipSpace()
    const keys: PyNode[] = []
    const values: PyNode[] = []
    while (this.code() !== RBRACE) {
      if (this.code() === STAR) this.fail("unpacking with '*' or '**' is not supported")
      const key = this.readExpressionNode()
      this.skipSpace()
      if (this.code() !== COLON) {
        if (keys.length > 0) this.failAfterValue("':'")
        const items = this.readItemNodes([key], RBRACE, "',' or '}'")
        this.depth--
        return { kind: 'set', position: open, items }
      }
      this.pos++
      this.skipSpace()
      keys.push(key)
      values.push(this.readExpressionNode())
      this.skipSpace()
      if (this.code() === COMMA) {
        this.pos++
        this.skipSpace()
      } else if (this.code() !== RBRACE) {
        this.failAfterValue("',' or '}'")
      }
    }
    this.pos++
    this.depth--
    return { kind: 'dict', position: open, keys, values }
  }

  /** The binary operator at `position`, or undefined (an augmented assignment such as `+=` is none). */
  private binaryOperatorAt(position: number): BinaryOperator | undefined {
    const text = this.text
    const code = text.charCodeAt(position)
    const next = text.charCodeAt(position + 1)
    let op: BinaryOperator
    switch (code) {
      case PLUS:
        op = '+'
        break
      case MINUS:
        if (next === GREATER) return undefined
        op = '-'
        break
      case STAR:
        op = next === STAR ? '**' : '*'
        break
      case SLASH:
        op = next === SLASH ? '//' : '/'
        break
      case PERCENT:
        op = '%'
        break
      case AT:
        op = '@'
        break
      case AMPERSAND:
        op = '&'
        break
      case BAR:
        op = '|'
        break
      case CARET:
        op = '^'
        break
      case LESS:
        if (next !== LESS) return undefined
        op = '<<'
        break
      case GREATER:
        if (next !== GREATER) return undefined
        op = '>>'
        break
      default:
        return undefined
    }
    return text.charCodeAt(position + op.length) === EQUALS ? undefined : op
  }

  private isWordAt(position: number, word: string): boolean {
    return this.text.startsWith(word, position) && !this.isIdentifierCharAt(position + word.length)
  }

  /** Fails on what follows a value, naming the construct when it is a known unsupported one. */
  private failAfterValue(expected: string): never {
    const text = this.text
    const code = this.code()
    if (code === DOT) this.fail('attribute access on a value is not supported')
    if (code === LBRACKET) this.fail('subscripts are not supported')
    if (code === LPAREN) this.fail('calling a value is not supported')
    if (code === COLON && text.charCodeAt(this.pos + 1) === EQUALS) this.fail("operator ':=' is not supported")
    if (OPERATOR_CHARS.includes(text[this.pos] ?? ' ')) {
      const operator = OPERATOR_CHARS.includes(text[this.pos + 1] ?? ' ') ? text.slice(this.pos, this.pos + 2) : text[this.pos]
      if (operator !== '=') this.fail(`operator '${operator}' is not supported`)
    }
    if (this.isIdentifierStartAt(this.pos)) {
      const word = text.slice(this.pos, this.identifierEnd(this.pos))
      if (word === 'for') this.fail('comprehensions are not supported')
      if (word === 'if') this.fail('conditional expressions are not supported')
      if (['and', 'or', 'not', 'in', 'is'].includes(word)) this.fail(`operator '${word}' is not supported`)
    }
    this.fail(`expected ${expected} but found ${this.describe()}`)
  }

  /** internHashed for a name without dots, mostly the one identifierEnd scanned last. */
  private internName(start: number, end: number): string {
    if (start !== this.hashedStart || end !== this.hashedEnd) this.identifierEnd(start)
    const hash = this.hashed
    return this.internHashed(start, end, hash, KEYWORD_SLOTS[hash & KEYWORD_SLOT_MASK]!)
  }

  /**
   * The name's text (checked not to be a keyword), the same string each time it recurs:
   * fewer copies, faster property keys, and each distinct name is checked once. `hash` picks
   * its slot; `mayBeKeyword` is 0 when no part of it (between dots) can be a keyword.
   */
  private internHashed(start: number, end: number, hash: number, mayBeKeyword: number): string {
    const slot = 2 * (hash & (NAME_SLOT_COUNT - 1))
    // Each slot holds a name and where in the text it was read, so telling a recurring name is a comparison of code units.
    const names = this.names
    const cached = names[slot] as string | undefined
    if (cached !== undefined && cached.length === end - start && this.sameUnits(names[slot + 1] as number, start, end - start)) return cached
    if (mayBeKeyword !== 0) this.rejectKeywords(start, end)
    const name = this.text.slice(start, end)
    // Python reads names in NFKC, so `ｃｉｔｙ` is `city`. Not kept in the slot, whose check compares the text's own units.
    if (this.namesBeyondAscii && NAME_BEYOND_ASCII.test(name)) return name.normalize('NFKC')
    names[slot] = name
    names[slot + 1] = start
    return name
  }

  /** Whether the `length` code units at `a` and at `b` are the same. Only ASCII names are kept in a slot (see internHashed), so the array's units tell. */
  private sameUnits(a: number, b: number, length: number): boolean {
    const codes = this.codes
    for (let offset = 0; offset < length; offset++) if (codes[a + offset] !== codes[b + offset]) return false
    return true
  }

  /** Fails when a part of the dotted name between `start` and `end` is a Python keyword. */
  private rejectKeywords(start: number, end: number): void {
    const text = this.text
    for (let partStart = start; partStart < end; ) {
      let partEnd = partStart
      while (partEnd < end && text.charCodeAt(partEnd) !== DOT) partEnd++
      for (const keyword of KEYWORDS_BY_LENGTH[partEnd - partStart] ?? []) {
        if (text.startsWith(keyword, partStart)) this.fail(`'${keyword}' is a Python keyword, not a name`, partStart)
      }
      partStart = partEnd + 1
    }
  }

  /** Where the name starting at `position` ends; its hash (as nameHash) is kept for internName. */
  private identifierEnd(position: number): number {
    const codes = this.codes
    const start = position
    let hash = 0
    // ASCII names, nearly all, in a loop of their own: one that may call out keeps its index boxed.
    let code = codes[position]!
    while (isAsciiIdentifierChar(code)) {
      hash = (hash * 31 + code) | 0
      code = codes[++position]!
    }
    if (code === NON_ASCII) {
      this.namesBeyondAscii = true
      for (;;) {
        code = codes[position]!
        if (isAsciiIdentifierChar(code)) {
          hash = (hash * 31 + code) | 0
          position++
        } else if (code === NON_ASCII && this.isIdentifierCharAt(position)) {
          // The text holds the unit itself (see CodeUnits).
          const unit = this.text.charCodeAt(position)
          hash = (hash * 31 + unit) | 0
          if (unit >= 0xd800 && unit <= 0xdbff) hash = (hash * 31 + this.text.charCodeAt(++position)) | 0
          position++
        } else {
          break
        }
      }
    }
    this.hashedStart = start
    this.hashedEnd = position
    this.hashed = hash
    return position
  }

  private isIdentifierStartAt(position: number): boolean {
    const code = this.codes[position]!
    if (code < NON_ASCII) return isAsciiIdentifierChar(code) && !isDigit(code)
    return ID_START.test(String.fromCodePoint(this.text.codePointAt(position) ?? 0))
  }

  private isIdentifierCharAt(position: number): boolean {
    const code = this.codes[position]!
    if (code < NON_ASCII) return isAsciiIdentifierChar(code)
    return ID_CONTINUE.test(String.fromCodePoint(this.text.codePointAt(position) ?? 0))
  }

  /** The code unit at `pos`; 0 at the end of the text (see CodeUnits). */
  private code(): number {
    return this.codes[this.pos]!
  }

  private skipSpace(): void {
    this.pos = this.skipSpaceFrom(this.pos)
  }

  /** Past spaces, tabs, line breaks, `# comments` and `\` line continuations. */
  private skipSpaceFrom(position: number): number {
    const text = this.text
    const codes = this.codes
    if (position >= text.length) return position
    const first = codes[position]!
    // isSpaceStart's rule, written out: calling it here leaves the compiler less room to inline this function into its callers.
    if (first > SPACE && first !== HASH && first !== BACKSLASH) return position
    for (;;) {
      const code = codes[position]!
      if (code === SPACE || code === LF || code === TAB || code === CR || code === FF) {
        position++
      } else if (code === HASH) {
        while (position < text.length && codes[position] !== LF && codes[position] !== CR) position++
      } else if (code === BACKSLASH && (codes[position + 1] === LF || codes[position + 1] === CR)) {
        position += 2
      } else {
        return position
      }
    }
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) this.fail(`nesting is deeper than ${MAX_DEPTH} levels`)
  }

  private describe(): string {
    const text = this.text
    const position = this.pos
    if (position >= text.length) return 'the end of the text'
    if (this.isIdentifierStartAt(position)) {
      return `'${text.slice(position, Math.min(this.identifierEnd(position), position + 40))}'`
    }
    const char = String.fromCodePoint(text.codePointAt(position) ?? 0)
    if (char === '"' || char === "'") return `'${char}'`
    if (char.charCodeAt(0) >= 0x80 && NON_PRINTABLE.test(char)) {
      return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
    }
    return `'${JSON.stringify(char).slice(1, -1)}'`
  }

  private failTooManyCalls(): never {
    this.fail(`more than ${thousands(MAX_LIST_ITEMS)} calls`)
  }

  private fail(problem: string, position = this.pos): never {
    throw new PythonSyntaxError(position, problem)
  }
}

function jsonFloatKey(value: number): string {
  if (value === Infinity) return 'Infinity'
  if (value === -Infinity) return '-Infinity'
  return pythonFloatRepr(value)
}
