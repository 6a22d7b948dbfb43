import { afterAll, describe, expect, test } from './runner'

const search = (query: string) => ({ name: 'search', args: { query } })

let attempts = 0

// The first attempt grades a wrong call (FP 1, FN 1) and then fails; the second, the one that counts, is right: TP 1.
test('passes when it is run again', () => {
  attempts++
  if (attempts === 1) {
    expect([search('dogs')]).toScoreAtLeast(0, [search('cats')])
    throw new Error('a flaky first attempt')
  }
  expect([search('cats')]).toMatchToolCalls([search('cats')])
})

// Two tests whose names, joined by spaces, are the same ("a b c"): each is a test of its own.
describe('a b', () => {
  test('c', () => {
    expect([search('x')]).toScoreAtLeast(0, [search('y')])
  })
})

describe('a', () => {
  test('b c', () => {
    expect([search('x')]).toMatchToolCalls([search('x')])
  })
})

// Graded outside any test: no test's figure.
afterAll(() => {
  expect([search('z')]).toScoreAtLeast(0, [search('w')])
})
