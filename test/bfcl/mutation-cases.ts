/**
 * Answers to real BFCL entries, each changed in one way, with the verdict BFCL's rules give
 * it: the error type, or null when it stays valid.
 */

import type { ToolCall } from '../../src/calls/tool-call'
import { PyFloat, tupleOf } from '../../src/calls/python-values'
import { dataEntry, firstAnswer, pythonText } from './data-answers'

export interface MutationCase {
  id: string
  change: string
  output: string
  expected: string | null
}

/** The first answer with one argument of one call set (undefined: left out). */
function withArg(id: string, param: string, value: unknown, callIndex = 0): ToolCall[] {
  return firstAnswer(dataEntry(id)).map((call, i) => {
    if (i !== callIndex) return call
    const args = { ...call.args }
    if (value === undefined) delete args[param]
    else args[param] = value
    return { name: call.name, args }
  })
}

function firstText(id: string): string {
  return pythonText(firstAnswer(dataEntry(id)))
}

function mutation(id: string, change: string, calls: ToolCall[] | string, expected: string | null): MutationCase {
  return { id, change, output: typeof calls === 'string' ? calls : pythonText(calls), expected }
}

const conditions = (department: string, school?: string) => (school === undefined ? { department } : { department, school })

export function mutationCases(): MutationCase[] {
  const triangle = firstAnswer(dataEntry('simple_python_0'))
  const spotify = firstAnswer(dataEntry('parallel_0'))
  const query = firstAnswer(dataEntry('simple_python_96'))[0]!.args.conditions as Record<string, unknown>[]
  return [
    mutation('simple_python_0', 'an integer written 10.0', withArg('simple_python_0', 'base', new PyFloat(10)), 'type_error:simple'),
    mutation('simple_python_0', 'an integer written True', withArg('simple_python_0', 'base', true), 'type_error:simple'),
    mutation('simple_python_0', 'an integer written as a string', withArg('simple_python_0', 'base', '10'), 'type_error:simple'),
    mutation('simple_python_0', 'another integer', withArg('simple_python_0', 'base', 11), 'value_error:others'),
    mutation('simple_python_0', 'a string in upper case with spaces', withArg('simple_python_0', 'unit', ' UNITS '), null),
    mutation('simple_python_0', 'a string with another letter', withArg('simple_python_0', 'unit', 'unite'), 'value_error:string'),
    mutation('simple_python_0', 'a string that is only punctuation, for a parameter marked ""', withArg('simple_python_0', 'unit', '-'), null),
    mutation('simple_python_0', 'a "" parameter left out', withArg('simple_python_0', 'unit', undefined), null),
    mutation('simple_python_0', 'a required parameter left out', withArg('simple_python_0', 'base', undefined), 'simple_function_checker:missing_required'),
    mutation('simple_python_0', 'a parameter no one declares', withArg('simple_python_0', 'color', 'red'), 'simple_function_checker:unexpected_param'),
    mutation('simple_python_0', 'another function name', [{ name: 'calculate_triangle_areas', args: triangle[0]!.args }], 'simple_function_checker:wrong_func_name'),
    mutation('simple_python_0', 'the call twice', [...triangle, ...triangle], 'simple_function_checker:wrong_count'),
    mutation('simple_python_0', 'no call', '', 'simple_function_checker:wrong_count'),
    mutation('simple_python_0', 'prose before the call', `Sure, ${firstText('simple_python_0')}`, 'ast_decoder:decoder_failed'),
    mutation('simple_python_0', 'a python fence', `\`\`\`python\n${firstText('simple_python_0')}\n\`\`\``, 'ast_decoder:decoder_failed'),
    mutation('simple_python_0', 'a fence without a language', `\`\`\`\n${firstText('simple_python_0')}\n\`\`\``, null),
    mutation('simple_python_0', 'no brackets', firstText('simple_python_0').slice(1, -1), null),
    mutation('simple_python_13', 'float elements written as integers', withArg('simple_python_13', 'interval', [1, 3]), 'type_error:nested'),
    mutation('simple_python_13', 'an array written as a tuple', withArg('simple_python_13', 'interval', tupleOf([new PyFloat(1), new PyFloat(3)])), 'type_error:simple'),
    mutation('simple_python_13', 'an array in another order', withArg('simple_python_13', 'interval', [new PyFloat(3), new PyFloat(1)]), 'value_error:list/tuple'),
    mutation('simple_python_13', 'an array with a string element', withArg('simple_python_13', 'interval', [new PyFloat(1), '3.0']), 'type_error:nested'),
    mutation('simple_python_13', 'a string with spaces and * removed by standardizing', withArg('simple_python_13', 'function', 'X ** 2'), null),
    mutation('simple_python_83', 'a tuple for a tuple', withArg('simple_python_83', 'coord1', tupleOf([new PyFloat(33.4484), new PyFloat(-112.074)])), null),
    mutation('simple_python_83', 'tuple float elements written as integers', withArg('simple_python_83', 'coord1', [33, -112]), 'type_error:nested'),
    mutation('simple_python_89', 'a dict missing a key', withArg('simple_python_89', 'conditions', conditions('Science')), 'value_error:dict_key'),
    mutation('simple_python_89', 'a dict value in another allowed form', withArg('simple_python_89', 'conditions', conditions('science', 'bluebird hs')), null),
    mutation('simple_python_89', 'a dict value not allowed', withArg('simple_python_89', 'conditions', conditions('Math', 'Bluebird HS')), 'value_error:dict_value'),
    mutation('simple_python_89', 'a dict with an extra key', withArg('simple_python_89', 'conditions', { ...conditions('Science', 'Bluebird HS'), grade: 5 }), 'value_error:dict_key'),
    mutation('simple_python_89', 'a dict written as a string', withArg('simple_python_89', 'conditions', "{'department': 'Science'}"), 'type_error:simple'),
    mutation('simple_python_96', 'a list of dicts in another order', withArg('simple_python_96', 'conditions', [query[1], query[0]]), 'value_error:dict_value'),
    mutation('simple_python_96', 'a list of dicts missing one', withArg('simple_python_96', 'conditions', [query[0]]), 'value_error:list_dict_count'),
    mutation('simple_python_96', 'a list of dicts with a string among them', withArg('simple_python_96', 'conditions', [query[0], 'job = engineer']), 'type_error:nested'),
    mutation('multiple_0', 'the call twice', [...firstAnswer(dataEntry('multiple_0')), ...firstAnswer(dataEntry('multiple_0'))], 'multiple_function_checker:wrong_count'),
    mutation('multiple_0', 'a boolean the gold does not allow', withArg('multiple_0', 'get_area', false), 'value_error:others'),
    mutation('multiple_0', 'a boolean written 1', withArg('multiple_0', 'get_area', 1), 'type_error:simple'),
    mutation('parallel_0', 'the calls in the other order', [spotify[1]!, spotify[0]!], null),
    mutation('parallel_0', 'a call missing', [spotify[0]!], 'parallel_function_checker_no_order:wrong_count'),
    mutation('parallel_0', 'a call extra', [...spotify, spotify[0]!], 'parallel_function_checker_no_order:wrong_count'),
    mutation('parallel_0', 'an integer written as a string in one call', withArg('parallel_0', 'duration', '15', 1), 'parallel_function_checker_no_order:cannot_find_match'),
    mutation('parallel_0', 'one call twice instead of both', [spotify[0]!, spotify[0]!], 'parallel_function_checker_no_order:cannot_find_match'),
    mutation('parallel_multiple_0', 'an array in another order', withArg('parallel_multiple_0', 'multiples', [5, 3]), 'parallel_function_checker_no_order:cannot_find_match'),
  ]
}
