import { readArguments } from '../../arguments'
import { atPath, childPath, describe, errorMessage } from '../../path'
import { setEntry } from '../../python-values'
import { type ToolCall, unparseableCall } from '../../tool-call'
import { forEachItem, get, has, holds, isList, isObject, peek, Unreadable, type Context } from '../reader'
import { type PathSegment, readJsonPath } from './json-path'

/**
 * Vertex AI's streamed function-call arguments (`streamFunctionCallArguments`), which its SDK
 * hands over as they come: a call begins with a `functionCall` that names it and says
 * `willContinue`, its arguments come in `partialArgs`, each a value at a JSONPath (a string
 * split over pieces while they say `willContinue`), and its last piece says no `willContinue`
 * (an empty `functionCall: {}`, or the last `partialArgs`). The pieces span the chunks of a
 * stream, so the call under way belongs to the reading of the whole trajectory.
 */
interface CallUnderWay {
  name: unknown
  id: unknown
  /** Where its first piece is. */
  path: string
  args: Record<string, unknown>
  /** The paths whose string goes on in the next piece for them, by their segments' key, as written. */
  openStrings: Map<string, string>
  /** The first thing that could not be read: the call is unparseable once it ends. */
  problem: string | undefined
}

let underWay: CallUnderWay | undefined

/** The call under way, taken away: kept by a reading that another one interrupts (a getter that reads a trajectory). */
export function suspendCallPieces(): CallUnderWay | undefined {
  const suspended = underWay
  underWay = undefined
  return suspended
}

export function resumeCallPieces(suspended: CallUnderWay | undefined): void {
  underWay = suspended
}

/** The call still under way where a trajectory ends, as unparseable: the stream stopped before its last piece. */
export function finishCallPieces(): ToolCall | undefined {
  const cutShort = underWay
  underWay = undefined
  return cutShort === undefined ? undefined : cutShortCall(cutShort, 'the stream stopped before')
}

/**
 * Whether a `functionCall` is a piece of a streamed call rather than a whole call: one that
 * says `willContinue` or holds `partialArgs`, anything while a call is under way, and an empty
 * `functionCall: {}`, the mark that ends a call (passed over where none is under way). Never throws.
 */
export function isCallPiece(functionCall: object): boolean {
  return underWay !== undefined || peek(functionCall, 'willContinue') === true || holds(functionCall, 'partialArgs') || isEndMark(functionCall)
}

/** An empty `functionCall: {}`, the mark that ends a streamed call. */
function isEndMark(functionCall: object): boolean {
  return !holds(functionCall, 'name') && !holds(functionCall, 'args') && !holds(functionCall, 'partialArgs') && !holds(functionCall, 'id')
}

/**
 * Takes a piece, or a whole call while one is under way: gives the call it ends, and before it
 * the call under way when it begins another (it names another tool, or gives another id; the
 * pieces after the first name the same tool, or none). A piece that cannot be read ends the
 * call under way, unparseable, or is one itself.
 */
export function takeCallPiece(functionCall: object, path: string, context: Context): ToolCall[] {
  const previous = underWay
  // Whatever happens below, what was under way is this piece's to end or to carry on.
  underWay = undefined
  try {
    return takePiece(previous, functionCall, path, context)
  } catch (error) {
    const reason = error instanceof Unreadable ? error.message : atPath(path, `could not be read (${errorMessage(error)})`)
    return [unparseableCall(reason, typeof previous?.name === 'string' ? previous.name : '')]
  }
}

function takePiece(previous: CallUnderWay | undefined, functionCall: object, path: string, context: Context): ToolCall[] {
  const done: ToolCall[] = []
  const name = get(functionCall, 'name', childPath(path, 'name'))
  const id = get(functionCall, 'id', childPath(path, 'id'))
  let call = previous
  if (call !== undefined && beginsAnother(call, name, id, functionCall)) {
    done.push(cutShortCall(call, 'another call began before'))
    call = undefined
  }
  if (call === undefined) {
    if (isEndMark(functionCall)) return done
    call = { name, id, path, args: {}, openStrings: new Map(), problem: undefined }
  }
  addWholeArguments(call, get(functionCall, 'args', childPath(path, 'args')), childPath(path, 'args'))
  const partialsPath = childPath(path, 'partialArgs')
  const partials = get(functionCall, 'partialArgs', partialsPath)
  if (isList(partials)) forEachItem(partials, partialsPath, context, (partial, partialPath) => applyPartial(call, partial, partialPath))
  else if (partials !== undefined && partials !== null) call.problem ??= atPath(partialsPath, `expected a list, received ${describe(partials)}`)
  if (get(functionCall, 'willContinue', childPath(path, 'willContinue')) === true) underWay = call
  else done.push(endedCall(call))
  return done
}

/**
 * Whether a piece begins a call other than the one under way: it names another tool, gives
 * another id, or is a whole call of its own (a name and arguments given whole, no partialArgs).
 */
function beginsAnother(call: CallUnderWay, name: unknown, id: unknown, functionCall: object): boolean {
  if (typeof id === 'string' && typeof call.id === 'string' && id !== call.id) return true
  if (typeof name !== 'string' || name === '') return false
  return name !== call.name || (holds(functionCall, 'args') && !holds(functionCall, 'partialArgs'))
}

function endedCall(call: CallUnderWay): ToolCall {
  if (typeof call.name !== 'string' || call.name === '') {
    return unparseableCall(atPath(childPath(call.path, 'name'), `expected a tool name, received ${describe(call.name)} (a piece of a streamed call without its first piece)`))
  }
  if (call.problem !== undefined) return unparseableCall(call.problem, call.name)
  // A string whose last piece said more would follow is cut short, as the call would be.
  const openString: string | undefined = call.openStrings.values().next().value
  if (openString !== undefined) {
    return unparseableCall(atPath(call.path, `the call ended before the rest of its argument at ${openString} (whose last piece said willContinue)`), call.name)
  }
  return { name: call.name, args: call.args }
}

/** A call whose last piece never came: `what` came first. */
function cutShortCall(call: CallUnderWay, what: string): ToolCall {
  const name = typeof call.name === 'string' ? call.name : ''
  return unparseableCall(atPath(call.path, `${what} the last piece of this call (its pieces said willContinue)`), name)
}

/** Arguments a piece gives whole, beside its partialArgs: copied in, as the reading must not change the prediction. */
function addWholeArguments(call: CallUnderWay, raw: unknown, path: string): void {
  if (raw === undefined || raw === null) return
  const read = readArguments(raw, path)
  if (!read.ok) {
    call.problem ??= read.reason
    return
  }
  for (const [key, value] of Object.entries(read.args)) setEntry(call.args, key, structuredClone(value))
}

type PartialValue = { value: unknown } | { problem: string } | undefined

function applyPartial(call: CallUnderWay, partial: unknown, path: string): void {
  if (call.problem !== undefined) return
  if (!isObject(partial)) {
    call.problem = atPath(path, `expected a partial argument, received ${describe(partial)}`)
    return
  }
  const jsonPathPath = childPath(path, 'jsonPath')
  const jsonPath = get(partial, 'jsonPath', jsonPathPath)
  if (typeof jsonPath !== 'string') {
    call.problem = atPath(jsonPathPath, `expected a JSONPath, received ${describe(jsonPath)}`)
    return
  }
  const reading = readJsonPath(jsonPath)
  if (!reading.ok) {
    call.problem = atPath(jsonPathPath, `cannot be read: ${reading.problem}`)
    return
  }
  const value = partialValue(partial, path)
  if (value !== undefined && 'problem' in value) {
    call.problem = value.problem
    return
  }
  const key = JSON.stringify(reading.segments)
  if (value !== undefined) {
    let given = value.value
    if (typeof given === 'string' && call.openStrings.has(key)) {
      const sofar = valueAt(call.args, reading.segments)
      if (typeof sofar === 'string') given = sofar + given
    }
    const problem = setAt(call.args, reading.segments, given)
    if (problem !== undefined) {
      call.problem = atPath(jsonPathPath, `${jsonPath}: ${problem}`)
      return
    }
  }
  if (get(partial, 'willContinue', childPath(path, 'willContinue')) === true) call.openStrings.set(key, jsonPath)
  else call.openStrings.delete(key)
}

/**
 * The value a partial argument gives: one of the kinds of protobuf's `Value`, as Vertex sends
 * them. A kind given as null is absent, as a dump of every field writes the ones not set; a
 * `nullValue` alone, null or `'NULL_VALUE'`, is null.
 */
function partialValue(partial: object, path: string): PartialValue {
  const string = get(partial, 'stringValue', childPath(path, 'stringValue'))
  if (string !== undefined && string !== null) {
    return typeof string === 'string' ? { value: string } : { problem: atPath(childPath(path, 'stringValue'), `expected a string, received ${describe(string)}`) }
  }
  const number = get(partial, 'numberValue', childPath(path, 'numberValue'))
  if (number !== undefined && number !== null) {
    // Protobuf's JSON writes the doubles JSON has no numbers for as strings.
    if (typeof number === 'number') return { value: number }
    if (number === 'NaN' || number === 'Infinity' || number === '-Infinity') return { value: Number(number) }
    return { problem: atPath(childPath(path, 'numberValue'), `expected a number, received ${describe(number)}`) }
  }
  const bool = get(partial, 'boolValue', childPath(path, 'boolValue'))
  if (bool !== undefined && bool !== null) {
    return typeof bool === 'boolean' ? { value: bool } : { problem: atPath(childPath(path, 'boolValue'), `expected a boolean, received ${describe(bool)}`) }
  }
  return has(partial, 'nullValue') ? { value: null } : undefined
}

function valueAt(args: Record<string, unknown>, segments: readonly PathSegment[]): unknown {
  let value: unknown = args
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined
    if (typeof segment === 'number') value = Array.isArray(value) ? value[segment] : undefined
    else value = !Array.isArray(value) && Object.hasOwn(value, segment) ? (value as Record<string, unknown>)[segment] : undefined
  }
  return value
}

/** Sets the value at the path, making the objects and lists on the way; a problem when the path cannot hold it. */
function setAt(args: Record<string, unknown>, segments: readonly PathSegment[], value: unknown): string | undefined {
  if (segments.length === 0) return 'names the arguments themselves, not one of them'
  let container: Record<string, unknown> | unknown[] = args
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!
    const last = i === segments.length - 1
    let next: unknown
    if (typeof segment === 'number') {
      if (!Array.isArray(container)) return `an object stands where index ${segment} needs a list`
      if (segment > container.length) return `index ${segment} comes before index ${container.length}`
      if (last) {
        container[segment] = value
        return undefined
      }
      next = container[segment]
      if (next === undefined) container[segment] = next = typeof segments[i + 1] === 'number' ? [] : {}
    } else {
      if (Array.isArray(container)) return `a list stands where ${JSON.stringify(segment)} needs an object`
      if (last) {
        setEntry(container, segment, value)
        return undefined
      }
      next = Object.hasOwn(container, segment) ? container[segment] : undefined
      if (next === undefined) setEntry(container, segment, (next = typeof segments[i + 1] === 'number' ? [] : {}))
    }
    if (typeof next !== 'object' || next === null) return `${describe(next)} stands where an object or a list is needed`
    container = next as Record<string, unknown> | unknown[]
  }
  return undefined
}
