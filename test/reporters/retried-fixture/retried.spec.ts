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

// Three tests of one name, each TP 1; the second fails its first run after grading a wrong call.
const runs = [0, 0, 0]
for (const [index, query] of ['cats', 'dogs', 'birds'].entries()) {
  test('answers the query', () => {
    runs[index]!++
    if (index === 1 && runs[index] === 1) {
      expect([search('wrong')]).toScoreAtLeast(0, [search(query)])
      throw new Error('a flaky first run')
    }
    expect([search(query)]).toMatchToolCalls([search(query)])
  })
}

// Grades a wrong call on its first run, which fails; its second run passes without grading: no figure.
let gradedRuns = 0
test('grades only on its first run', () => {
  if (gradedRuns++ > 0) return
  expect([search('dogs')]).toScoreAtLeast(0, [search('cats')])
  throw new Error('a flaky first run')
})

// Graded outside any test: no test's figure.
afterAll(() => {
  expect([search('z')]).toScoreAtLeast(0, [search('w')])
})
