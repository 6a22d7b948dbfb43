/**
 * BFCL's `simple_function_checker`: one model call against one gold call and its doc. The
 * checks run in BFCL's order and the first failure decides: the name, the required
 * parameters, then each given argument in the model's order (known to doc and gold, its type,
 * its value), then the gold parameters left out that `""` does not allow to be.
 */

import { PyFloat } from '../calls/python-values'
import type { ToolCall } from '../calls/tool-call'
import { failure, VALID, type CallCheck } from './call-check'
import type { BfclLanguage } from './category'
import { hasNestedType, typesOf, type BfclFunctionDoc, type BfclParamDoc } from './function-doc'
import type { BfclGoldCall } from './ground-truth'
import { convertJavaValue } from './java-converter'
import { convertJsValue } from './js-converter'
import { pyContains, pyRepr, pyTypeOf, type PyType } from './python-semantics'
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
    return failure('simple_function_checker:wrong_func_name', [`Function name ${pyRepr(name)} not found in model output.`])
  }
  const args = call.args
  for (const param of doc.required) {
    if (!Object.hasOwn(args, param)) {
      return failure('simple_function_checker:missing_required', [`Missing required parameter: ${pyRepr(param)}.`])
    }
  }
  for (const param of Object.keys(args)) {
    const paramDoc = doc.properties.get(param)
    const allowed = gold.params.get(param)
    if (paramDoc === undefined || allowed === undefined) {
      return failure('simple_function_checker:unexpected_param', [`Unexpected parameter: ${pyRepr(param)}.`])
    }
    const checked = checkArgument(param, args[param], paramDoc, allowed, context.language)
    if (!checked.valid) return checked
  }
  for (const [param, allowed] of gold.params) {
    if (!Object.hasOwn(args, param) && !pyContains(allowed, '')) {
      return failure('simple_function_checker:missing_optional', [
        `Optional parameter ${pyRepr(param)} not provided and not marked as optional.`,
      ])
    }
  }
  // BFCL drops positional arguments unread; a call that has any is not what the gold asks for.
  if (call.positional !== undefined && call.positional.length > 0) {
    return failure('simple_function_checker:unexpected_param', [
      `Unexpected positional argument${call.positional.length === 1 ? '' : 's'}: ${call.positional.map(pyRepr).join(', ')}. Only keyword arguments are read.`,
    ])
  }
  return VALID
}

interface Expected {
  value: unknown
  type: PyType
  nested: PyType | undefined
}

/** The value as BFCL types it: Java and JavaScript source converted, Python as given. */
function typedArgument(param: string, value: unknown, doc: BfclParamDoc, language: BfclLanguage): Expected | CallCheck {
  const types = typesOf(language)
  const type = types.get(doc.type)!
  const nestedName = hasNestedType(language, doc.type) ? doc.itemsType : undefined
  const nested = nestedName === undefined ? undefined : types.get(nestedName)
  if (language === 'Python') return { value, type, nested }
  if (typeof value !== 'string') {
    return failure(language === 'Java' ? 'type_error:java' : 'type_error:js', [
      `Incorrect type for parameter ${pyRepr(param)}. Expected type String, got ${pyTypeOf(value)}. Parameter value: ${pyRepr(value)}.`,
    ])
  }
  const converted = language === 'Java' ? convertJavaValue(value, doc.type, nestedName) : convertJsValue(value, doc.type, nestedName)
  return { value: converted, type, nested }
}

function checkArgument(param: string, raw: unknown, doc: BfclParamDoc, allowed: readonly unknown[], language: BfclLanguage): CallCheck {
  const typed = typedArgument(param, raw, doc, language)
  if ('valid' in typed) return typed
  const { type, nested } = typed
  let value = typed.value
  // A tuple is a list where a tuple is declared (the gold, being JSON, has lists only).
  if (doc.type === 'tuple' && pyTypeOf(value) === 'tuple') value = Array.from(value as unknown[])
  // Python's int-to-float promotion, for a top-level float only.
  if (language === 'Python' && doc.type === 'float' && pyTypeOf(value) === 'int') value = new PyFloat(value as number)
  const typeCheck = checkType(param, value, allowed, doc.type, type, nested)
  if (!typeCheck.valid) return typeCheck.failure
  if (!typeCheck.isVariable) {
    if (type === 'dict') return checkDict(value as Record<string, unknown>, allowed)
    if (type === 'list' && nested === 'dict') return checkListOfDicts(param, value as unknown[], allowed)
    if (type === 'str') return checkString(param, value as string, allowed)
    if (type === 'list') return checkList(param, value as unknown[], allowed)
  }
  return checkAmongAllowed(param, value, allowed)
}
