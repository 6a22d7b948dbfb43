import { describe, expect, it } from 'vitest'
import { checkBfclEntry, type BfclVerdict } from '../../src/bfcl/check-entry'
import { convertJsValue } from '../../src/bfcl/js-converter'
import { PyFloat } from '../../src/calls/python-values'
import { dataEntries, dataEntry, pythonText } from './data-answers'
import { jsSource, sourceAnswer } from './source-answers'

describe('convertJsValue', () => {
  it.each([
    ['123', 'integer', 123],
    ['3.14', 'float', new PyFloat(3.14)],
    ['60', 'float', new PyFloat(60)],
    ['123n', 'Bigint', 123],
    ['true', 'Boolean', true],
    ['abc', 'String', 'abc'],
    ["'abc'", 'String', 'abc'],
    ['"abc"', 'String', 'abc'],
    ['x', 'any', 'x'],
  ])('reads %s as a %s', (source, type, value) => {
    expect(convertJsValue(source, type)).toStrictEqual(value)
  })

  it.each([
    ['123.45', 'integer'],
    ['1e3', 'float'],
    ['123', 'Bigint'],
    ['True', 'Boolean'],
  ])('keeps %s, which is not a %s literal, as the string it was', (source, type) => {
    expect(convertJsValue(source, type)).toBe(source)
  })

  it('reads an array of mixed literals', () => {
    expect(convertJsValue("[1, 'two', true]", 'array')).toStrictEqual([1, 'two', true])
  })

  it('reads new Array(...) with its element type', () => {
    expect(convertJsValue('new Array(4.4, 5.5)', 'array', 'float')).toStrictEqual([new PyFloat(4.4), new PyFloat(5.5)])
  })

  it('reads quoted string elements without their quotes', () => {
    expect(convertJsValue('["hello", \'world\']', 'array', 'String')).toStrictEqual(['hello', 'world'])
  })

  it('reads an array of arrays', () => {
    expect(convertJsValue(' [ [ 1, 2 ], [ 3,   4]]', 'array', 'array')).toStrictEqual([
      [1, 2],
      [3, 4],
    ])
  })

  it('reads an object with unquoted and quoted keys, array values and bare names', () => {
    expect(convertJsValue(`{"initialState": initialStateObject, 'middlewares': ['logger'], flag: true}`, 'dict')).toStrictEqual({
      initialState: 'initialStateObject',
      middlewares: ['logger'],
      flag: true,
    })
  })

  it('reads an empty object', () => {
    expect(convertJsValue('{}', 'dict')).toStrictEqual({})
  })

  it('keeps a collection written otherwise (a variable name) as the string it was', () => {
    expect(convertJsValue('dataPointsArray', 'array', 'String')).toBe('dataPointsArray')
  })
})

describe('the simple_javascript entries', () => {
  it('accept the first allowed values written as JavaScript source, as Python call text', () => {
    const failures = dataEntries('simple_javascript')
      .map((entry) => ({ id: entry.id, verdict: checkBfclEntry({ ...entry, model_output: pythonText(sourceAnswer(entry, jsSource)) }) }))
      .filter(({ verdict }) => !verdict.valid)
    expect(failures).toStrictEqual([])
  })
})

describe('JavaScript mutations', () => {
  function mutated(id: string, param: string, value: unknown): BfclVerdict {
    const entry = dataEntry(id)
    const [call] = sourceAnswer(entry, jsSource)
    return checkBfclEntry({ ...entry, model_output: [{ name: call!.name, args: { ...call!.args, [param]: value } }] })
  }

  it('refuse a value that is not a string of JavaScript source', () => {
    expect(mutated('simple_javascript_0', 'isComplete', true).error_type).toBe('type_error:js')
  })

  it('refuse a boolean written True', () => {
    expect(mutated('simple_javascript_0', 'isComplete', 'True').error_type).toBe('type_error:simple')
  })

  it('accept a float written as an integer', () => {
    expect(mutated('simple_javascript_6', 'limit', '4').valid).toBe(true)
  })

  it('refuse another string', () => {
    expect(mutated('simple_javascript_0', 'inputField', 'userInput').error_type).toBe('value_error:string')
  })

  it('refuse array elements in another order', () => {
    expect(mutated('simple_javascript_2', 'status', "['failed', 'completed']").error_type).toBe('value_error:list/tuple')
  })

  it('refuse an object missing a key', () => {
    expect(mutated('simple_javascript_12', 'requestConfig', '{}').error_type).toBe('value_error:dict_key')
  })

  it('refuse 3.5 among integers, kept as the string it was', () => {
    expect(mutated('simple_javascript_24', 'array', '[3, 1, 2, 1, 4, 3.5]').error_type).toBe('type_error:nested')
  })
})

// Each took seconds or more while BFCL's patterns were run by backtracking; a grade must never wait on a model's text.
describe('JavaScript values that backtracking patterns read slowly', () => {
  function mutated(id: string, param: string, value: string): BfclVerdict {
    const entry = dataEntry(id)
    const [call] = sourceAnswer(entry, jsSource)
    return checkBfclEntry({ ...entry, model_output: [{ name: call!.name, args: { ...call!.args, [param]: value } }] })
  }

  it.each([
    ['an array of 33 empty arrays without its last bracket', 'simple_javascript_2', 'status', `[${'[],'.repeat(32)}[]`, 'value_error:list/tuple'],
    ['a value with a long run of spaces inside', 'simple_javascript_2', 'status', `a${' '.repeat(65536)}b`, 'type_error:simple'],
    ['an object whose key never ends', 'simple_javascript_12', 'requestConfig', `{${'a'.repeat(32768)}}`, 'value_error:dict_key'],
  ])('grade %s', (_, id, param, value, error) => {
    expect(mutated(id, param, value)).toMatchObject({ valid: false, error_type: error })
  })
})

