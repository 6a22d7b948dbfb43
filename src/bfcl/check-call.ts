/**
 * BFCL's `simple_function_checker`: one model call against one gold call and its doc. The
 * checks run in BFCL's order and the first failure decides: the name, the required
 * parameters, then each given argument in the model's order (known to doc and gold, its type,
 * its value), then the gold parameters left out that `""` does not allow to be.
 */

import { PyFloat, PyTuple } from '../calls/python-values'
import type { ToolCall } from '../calls/tool-call'
import { failure, VALID, type CallCheck } from './call-check'
import type { BfclLanguage } from './category'
import type { BfclFunctionDoc, BfclParamDoc } from './function-doc'
import type { BfclAllowed, BfclGoldCall } from './ground-truth'
import { convertJavaValue } from './java-converter'
import { convertJsValue } from './js-converter'
import { pyRepr, pyTypeOf } from './python-semantics'
import { checkType } from './type-check'
import { checkAmongAllowed, checkDict, checkList, checkListOfDicts, checkString } from './value-checks'

export interface CallContext {
  language: BfclLanguage
  /** The model writes `math_factorial` for `math.factorial`, as BFCL expects of the models it marks so. */
  underscoreToDot: boolean
}

export function checkBfclCall(doc: BfclFunctionDoc, call: ToolCall, gold: BfclGoldCall, context: CallContext): CallCheck {
  const name = context.underscoreToDot ? doc.name.replaceAll('.', '_') : doc.name
  if (call.name !== name) {
    return failure('simple_function_checker:wrong_func_name', () => [`Function name ${pyRepr(name)} not found in model output.`])
  }
  const args = call.args
  const required = doc.required
  for (let i = 0; i < required.length; i++) {
    const param = required[i]!
    if (!Object.hasOwn(args, param)) {
      return failure('simple_function_checker:missing_required', () => [`Missing required parameter: ${pyRepr(param)}.`])
    }
  }
  const given = Object.keys(args)
  let mandatoryGiven = 0
  for (let i = 0; i < given.length; i++) {
    const param = given[i]!
    const paramDoc = doc.properties.get(param)
    const allowed = gold.params.get(param)
    if (paramDoc === undefined || allowed === undefined) {
      return failure('simple_function_checker:unexpected_param', () => [`Unexpected parameter: ${pyRepr(param)}.`])
    }
    const checked = checkArgument(param, args[param], paramDoc, allowed, context.language)
    if (!checked.valid) return checked
    if (!allowed.optional) mandatoryGiven++
  }
  // Every given argument is a gold parameter: when all mandatory ones are among them, none is missing.
  if (mandatoryGiven < gold.mandatory) {
    for (const [param, allowed] of gold.params) {
      if (!allowed.optional && !Object.hasOwn(args, param)) {
        return failure('simple_function_checker:missing_optional', () => [
          `Optional parameter ${pyRepr(param)} not provided and not marked as optional.`,
        ])
      }
    }
  }
  // BFCL drops positional arguments unread; a call that has any is not what the gold asks for.
  const positional = call.positional
  if (positional !== undefined && positional.length > 0) {
    return failure('simple_function_checker:unexpected_param', () => [
      `Unexpected positional argument${positional.length === 1 ? '' : 's'}: ${positional.map(pyRepr).join(', ')}. Only keyword arguments are read.`,
    ])
  }
  return VALID
}

/** The value as BFCL types it: Java and JavaScript source converted, Python as given. */
function typedArgument(param: string, value: unknown, doc: BfclParamDoc, language: BfclLanguage): { value: unknown } | CallCheck {
  if (typeof value !== 'string') {
    return failure(language === 'Java' ? 'type_error:java' : 'type_error:js', () => [
      `Incorrect type for parameter ${pyRepr(param)}. Expected type String, got ${pyTypeOf(value)}. Parameter value: ${pyRepr(value)}.`,
    ])
  }
  return { value: language === 'Java' ? convertJavaValue(value, doc.type, doc.itemsType) : convertJsValue(value, doc.type, doc.itemsType) }
}

function checkArgument(param: string, raw: unknown, doc: BfclParamDoc, allowed: BfclAllowed, language: BfclLanguage): CallCheck {
  let value = raw
  if (language !== 'Python') {
    const typed = typedArgument(param, raw, doc, language)
    if ('valid' in typed) return typed
    value = typed.value
  }
  const { expected, nested } = doc
  // A tuple is a list where a tuple is declared (the gold, being JSON, has lists only).
  if (doc.type === 'tuple' && value instanceof PyTuple) value = Array.from(value)
  // Python's int-to-float promotion, for a top-level float only.
  if (language === 'Python' && doc.type === 'float' && pyTypeOf(value) === 'int') value = new PyFloat(value as number)
  const values = allowed.values
  // A primitive of the declared type that the gold lists as it is (`===`) passes every check that follows.
  if (nested === undefined && (typeof value !== 'object' || value === null) && pyTypeOf(value) === expected && values.indexOf(value) !== -1) return VALID
  const typeCheck = checkType(param, value, values, allowed.goldType, doc.type, expected, nested)
  if (!typeCheck.valid) return typeCheck.failure
  if (!typeCheck.isVariable) {
    if (expected === 'dict') return checkDict(value as Record<string, unknown>, values)
    if (expected === 'list' && nested === 'dict') return checkListOfDicts(param, value as unknown[], values)
    if (expected === 'str') return checkString(param, value as string, allowed)
    if (expected === 'list') return checkList(param, value as unknown[], allowed)
  }
  return checkAmongAllowed(param, value, values)
}
