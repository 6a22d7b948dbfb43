import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkBfclEntry, type BfclVerdict } from '../../src/bfcl/check-entry'
import { parseTypedJson } from '../../src/bfcl/typed-json'

type Property = string | { type: string; items: { type: string } }

/**
 * A simple_python entry for one function `f`: its parameters as `{ name: type }`, its gold as
 * JSON text (so that `1.0` stays a float), and the model's text.
 */
function verdictOf(properties: Record<string, Property>, gold: string, output: string, required: string[] = []): BfclVerdict {
  const docs = Object.fromEntries(Object.entries(properties).map(([name, type]) => [name, typeof type === 'string' ? { type } : type]))
  return checkBfclEntry({
    id: 'simple_python_0',
    functions: [{ name: 'f', parameters: { type: 'dict', properties: docs, required } }],
    ground_truth: [{ f: parseTypedJson(gold) }],
    model_output: output,
  })
}

function errorTypeOf(properties: Record<string, Property>, gold: string, output: string, required: string[] = []): string | null {
  return verdictOf(properties, gold, output, required).error_type
}

const arrayOf = (type: string): Property => ({ type: 'array', items: { type } })

describe('a valid call', () => {
  it('gets a verdict with no error type and no errors', () => {
    expect(verdictOf({ x: 'integer' }, '{"x": [5]}', 'f(x=5)')).toStrictEqual({ id: 'simple_python_0', valid: true, error_type: null, errors: [] })
  })
})

describe('the checks in their order', () => {
  it('fails on another function name first', () => {
    expect(verdictOf({ x: 'integer' }, '{"x": [5]}', 'g(y=1)', ['x'])).toMatchObject({
      error_type: 'simple_function_checker:wrong_func_name',
      errors: ["Function name 'f' not found in model output."],
    })
  })

  it('fails on a missing required parameter before an unexpected one', () => {
    expect(errorTypeOf({ x: 'integer' }, '{"x": [5]}', 'f(y=1)', ['x'])).toBe('simple_function_checker:missing_required')
  })

  it('fails on an argument the schema does not declare', () => {
    expect(verdictOf({ x: 'integer' }, '{"x": [5]}', 'f(x=5, y=1)')).toMatchObject({
      error_type: 'simple_function_checker:unexpected_param',
      errors: ["Unexpected parameter: 'y'."],
    })
  })

  it('fails on a schema parameter that the gold does not list', () => {
    expect(errorTypeOf({ x: 'integer', unit: 'string' }, '{"x": [5]}', "f(x=5, unit='cm')")).toBe('simple_function_checker:unexpected_param')
  })

  it('checks the arguments in the order the model gave them: the first bad one decides', () => {
    const properties = { a: 'integer', b: 'string' }
    expect(errorTypeOf(properties, '{"a": [1], "b": ["x"]}', "f(b='y', a=1.5)")).toBe('value_error:string')
    expect(errorTypeOf(properties, '{"a": [1], "b": ["x"]}', "f(a=1.5, b='y')")).toBe('type_error:simple')
  })

  it('fails on a gold parameter left out that "" does not mark optional, last', () => {
    expect(verdictOf({ x: 'integer', y: 'integer' }, '{"x": [5], "y": [2]}', 'f(x=5)')).toMatchObject({
      error_type: 'simple_function_checker:missing_optional',
      errors: ["Optional parameter 'y' not provided and not marked as optional."],
    })
  })

  it('lets a gold parameter marked "" be left out', () => {
    expect(errorTypeOf({ x: 'integer', y: 'integer' }, '{"x": [5], "y": [2, ""]}', 'f(x=5)')).toBeNull()
  })

  it('fails on a gold parameter left out even when an optional one is given', () => {
    expect(verdictOf({ x: 'integer', y: 'integer' }, '{"x": [5], "y": [2, ""]}', 'f(y=2)')).toMatchObject({
      error_type: 'simple_function_checker:missing_optional',
      errors: ["Optional parameter 'x' not provided and not marked as optional."],
    })
  })
})

describe('types, by exact Python type', () => {
  it('refuses True for an integer', () => {
    expect(errorTypeOf({ x: 'integer' }, '{"x": [1]}', 'f(x=True)')).toBe('type_error:simple')
  })

  it('refuses the float 5.0 for an integer', () => {
    expect(verdictOf({ x: 'integer' }, '{"x": [5]}', 'f(x=5.0)')).toMatchObject({
      error_type: 'type_error:simple',
      errors: ["Incorrect type for parameter 'x'. Expected type integer, got float. Parameter value: 5.0."],
    })
  })

  it('accepts the integer 5 for a float whose gold is 5.0', () => {
    expect(errorTypeOf({ x: 'float' }, '{"x": [5.0]}', 'f(x=5)')).toBeNull()
  })

  it('accepts 5.0 for a float whose gold is the integer 5', () => {
    expect(errorTypeOf({ x: 'float' }, '{"x": [5]}', 'f(x=5.0)')).toBeNull()
  })

  it('refuses a string for a float', () => {
    expect(errorTypeOf({ x: 'float' }, '{"x": [5.0]}', "f(x='5.0')")).toBe('type_error:simple')
  })

  it('refuses 1 for a boolean', () => {
    expect(errorTypeOf({ x: 'boolean' }, '{"x": [true]}', 'f(x=1)')).toBe('type_error:simple')
  })

  it('refuses a tuple for an array', () => {
    expect(errorTypeOf({ x: arrayOf('integer') }, '{"x": [[1, 2]]}', 'f(x=(1, 2))')).toBe('type_error:simple')
  })

  it('accepts a tuple for a tuple', () => {
    expect(errorTypeOf({ x: { type: 'tuple', items: { type: 'float' } } }, '{"x": [[1.0, 2.0]]}', 'f(x=(1.0, 2.0))')).toBeNull()
  })

  it('accepts a list for a tuple, as BFCL does', () => {
    expect(errorTypeOf({ x: { type: 'tuple', items: { type: 'float' } } }, '{"x": [[1.0, 2.0]]}', 'f(x=[1.0, 2.0])')).toBeNull()
  })

  it('refuses a string for an "any" parameter whose gold is a number, and accepts the number', () => {
    expect(errorTypeOf({ x: 'any' }, '{"x": [3]}', "f(x='3')")).toBe('value_error:others')
    expect(errorTypeOf({ x: 'any' }, '{"x": [3]}', 'f(x=3)')).toBeNull()
  })
})

describe('array elements, one level deep, against the type of the gold list own elements', () => {
  it('refuses integers where the gold lists floats (no promotion inside a list)', () => {
    expect(verdictOf({ x: arrayOf('float') }, '{"x": [[1.0, 2.0]]}', 'f(x=[1, 2])')).toMatchObject({
      error_type: 'type_error:nested',
      errors: ["Nested type checking failed for parameter 'x'. Expected outer type array with inner type <class 'float'>. Parameter value: [1, 2]."],
    })
  })

  it('accepts integers for float elements where the gold itself lists integers', () => {
    expect(errorTypeOf({ x: arrayOf('float') }, '{"x": [[1, 2]]}', 'f(x=[1, 2])')).toBeNull()
  })

  it('refuses True among integers', () => {
    expect(errorTypeOf({ x: arrayOf('integer') }, '{"x": [[1, 2]]}', 'f(x=[1, True])')).toBe('type_error:nested')
  })

  it('does not look deeper than one level', () => {
    expect(errorTypeOf({ x: arrayOf('array') }, '{"x": [[[1, 2]]]}', 'f(x=[[1, True]])')).toBe('value_error:list/tuple')
  })

  it('passes any elements when the allowed values include "" (no list to check them against), leaving the value check to fail', () => {
    expect(errorTypeOf({ x: arrayOf('integer') }, '{"x": [[1, 2], ""]}', "f(x=['a'])")).toBe('value_error:list/tuple')
  })

  it('accepts an empty list for an optional array', () => {
    expect(errorTypeOf({ x: arrayOf('integer') }, '{"x": [[1, 2], ""]}', 'f(x=[])')).toBeNull()
  })
})

describe('a gold whose value type differs from the declared type (a variable)', () => {
  it('accepts a value of the gold type, compared exactly', () => {
    expect(errorTypeOf({ x: 'dict' }, '{"x": ["config"]}', "f(x='config')")).toBeNull()
  })

  it('does not standardize such a string', () => {
    expect(errorTypeOf({ x: 'dict' }, '{"x": ["config"]}', "f(x='Config')")).toBe('value_error:others')
  })

  it('refuses a value of the declared type that is not among the allowed values', () => {
    expect(errorTypeOf({ x: 'dict' }, '{"x": ["config"]}', "f(x={'a': 1})")).toBe('value_error:others')
  })
})

describe('string values, standardized', () => {
  it.each([
    ['case', "'NEW YORK'"],
    ['spaces', "'New  York '"],
    ['the removed punctuation', "'New-York.'"],
    ['underscores and slashes', "'new_york/'"],
  ])('accepts a variant in %s', (_, variant) => {
    expect(errorTypeOf({ city: 'string' }, '{"city": ["New York"]}', `f(city=${variant})`)).toBeNull()
  })

  it('refuses another letter', () => {
    expect(verdictOf({ city: 'string' }, '{"city": ["New York"]}', "f(city='New Yorx')")).toMatchObject({
      error_type: 'value_error:string',
      errors: ["Invalid value for parameter 'city': 'New Yorx'. Expected one of ['New York']. Case insensitive."],
    })
  })

  it('reads a single quote as a double quote', () => {
    expect(errorTypeOf({ q: 'string' }, `{"q": ["say \\"hi\\""]}`, `f(q="say 'hi'")`)).toBeNull()
  })

  it('takes a string of removed characters for the optional marker ""', () => {
    expect(errorTypeOf({ q: 'string' }, '{"q": ["a", ""]}', "f(q=' - ')")).toBeNull()
  })
})

describe('list values, in order', () => {
  it('refuses another order', () => {
    expect(errorTypeOf({ x: arrayOf('string') }, '{"x": [["a", "b"]]}', "f(x=['b', 'a'])")).toBe('value_error:list/tuple')
  })

  it('accepts an order the gold lists', () => {
    expect(errorTypeOf({ x: arrayOf('string') }, '{"x": [["a", "b"], ["b", "a"]]}', "f(x=['b', 'a'])")).toBeNull()
  })

  it('standardizes string elements', () => {
    expect(errorTypeOf({ x: arrayOf('string') }, '{"x": [["New York"]]}', "f(x=['new york'])")).toBeNull()
  })

  it('compares numbers by Python equality', () => {
    expect(errorTypeOf({ x: arrayOf('integer') }, '{"x": [[1.0, 2.0]]}', 'f(x=[1.0, 2.0])')).toBeNull()
  })

  it('refuses an extra element', () => {
    expect(errorTypeOf({ x: arrayOf('integer') }, '{"x": [[1, 2]]}', 'f(x=[1, 2, 3])')).toBe('value_error:list/tuple')
  })
})

describe('dict values', () => {
  const properties = { d: 'dict' }
  const gold = '{"d": [{"a": ["x"], "b": [1, ""]}]}'

  it('accepts the listed keys with standardized top-level strings', () => {
    expect(errorTypeOf(properties, gold, "f(d={'a': 'X', 'b': 1})")).toBeNull()
  })

  it('lets a key marked "" be left out', () => {
    expect(errorTypeOf(properties, gold, "f(d={'a': 'x'})")).toBeNull()
  })

  it('refuses a key the gold does not list', () => {
    expect(verdictOf(properties, gold, "f(d={'a': 'x', 'c': 1})")).toMatchObject({
      error_type: 'value_error:dict_key',
      errors: ["Unexpected dict key parameter: 'c'."],
    })
  })

  it('refuses a missing key', () => {
    expect(verdictOf(properties, gold, "f(d={'b': 1})")).toMatchObject({
      error_type: 'value_error:dict_key',
      errors: ["Missing dict key parameter: 'a'."],
    })
  })

  it('refuses another value', () => {
    expect(errorTypeOf(properties, gold, "f(d={'a': 'y'})")).toBe('value_error:dict_value')
  })

  it('reports a wrong value and a missing key together, as a key error, as BFCL does', () => {
    expect(verdictOf(properties, '{"d": [{"a": ["x"], "b": [1]}]}', "f(d={'a': 'y'})")).toMatchObject({
      error_type: 'value_error:dict_key',
      errors: ["Invalid value for parameter 'a': 'y'. Expected one of ['x'].", "Missing dict key parameter: 'b'."],
    })
  })

  it('refuses a list for a dict', () => {
    expect(errorTypeOf(properties, gold, "f(d=[{'a': 'x'}])")).toBe('type_error:simple')
  })
})

describe('lists of dicts, position by position', () => {
  const properties = { items: arrayOf('dict') }
  const gold = '{"items": [[{"n": ["a"]}, {"n": ["b"]}]]}'

  it('accepts the dicts in order', () => {
    expect(errorTypeOf(properties, gold, "f(items=[{'n': 'a'}, {'n': 'B'}])")).toBeNull()
  })

  it('refuses another count of dicts', () => {
    expect(errorTypeOf(properties, gold, "f(items=[{'n': 'a'}])")).toBe('value_error:list_dict_count')
  })

  it('refuses the dicts in another order', () => {
    expect(errorTypeOf(properties, gold, "f(items=[{'n': 'b'}, {'n': 'a'}])")).toBe('value_error:dict_value')
  })

  it('refuses a string among the dicts', () => {
    expect(errorTypeOf(properties, gold, "f(items=[{'n': 'a'}, 'b'])")).toBe('type_error:nested')
  })
})

describe('numbers, booleans and None by Python equality', () => {
  it('accepts the integer 1 for an integer whose gold lists 1.0', () => {
    expect(errorTypeOf({ x: 'integer' }, '{"x": [1.0]}', 'f(x=1)')).toBeNull()
  })

  it('accepts None where the gold lists null', () => {
    expect(errorTypeOf({ x: 'integer' }, '{"x": [null]}', 'f(x=None)')).toBeNull()
  })

  it('refuses another integer', () => {
    expect(verdictOf({ x: 'integer' }, '{"x": [5]}', 'f(x=6)')).toMatchObject({
      error_type: 'value_error:others',
      errors: ["Invalid value for parameter 'x': 6. Expected one of [5]."],
    })
  })
})

describe('where we differ from BFCL', () => {
  it('reports a positional argument, which BFCL drops, as an unexpected parameter', () => {
    expect(verdictOf({ x: 'integer' }, '{"x": [5]}', 'f(1, x=5)')).toMatchObject({
      error_type: 'simple_function_checker:unexpected_param',
      errors: ['Unexpected positional argument: 1. Only keyword arguments are read.'],
    })
  })

  it("reports it in the words the README's list of differences quotes", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ')
    const quoted = /simple_function_checker:unexpected_param` \("([^"]*)"\)/.exec(readme)?.[1]
    expect(verdictOf({ x: 'integer' }, '{"x": [5]}', 'f(1, x=5)').errors).toEqual([quoted])
  })

  it('reads +5 as 5, where BFCL reads -5', () => {
    expect(errorTypeOf({ x: 'integer' }, '{"x": [5]}', 'f(x=+5)')).toBeNull()
  })
})
