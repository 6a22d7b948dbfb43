import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { JEST_RUN_FOLDER } from '../../src/matchers/record-score'
import { openRunFolder, takeRunRecords } from '../../src/reporters/jest-run-folder'

const line = (testName: string, tp: number, fn: number) =>
  `${JSON.stringify({ testPath: '/suite/search.test.ts', testName, tp, fp: 0, fn, perTool: { search: { tp, fp: 0, fn } } })}\n`

afterEach(() => {
  delete process.env[JEST_RUN_FOLDER]
})

describe('the Jest run folder', () => {
  test('is named in the environment that the workers inherit', () => {
    const folder = openRunFolder()
    expect(process.env[JEST_RUN_FOLDER]).toBe(folder)
    takeRunRecords(folder, '/suite', new Map())
  })

  test("sums each test's lines across the workers' files, under the name Jest's results give it", () => {
    const folder = openRunFolder()
    writeFileSync(join(folder, '101.jsonl'), line('search finds cats', 1, 0))
    writeFileSync(join(folder, '102.jsonl'), line('search finds cats', 1, 1) + line('search finds dogs', 0, 1))
    const names = new Map([['/suite/search.test.ts\0search finds cats', 'search > finds cats']])
    expect(takeRunRecords(folder, '/suite', names).tests).toEqual([
      { file: 'search.test.ts', test: 'search > finds cats', tp: 2, fp: 0, fn: 1, perTool: { search: { tp: 2, fp: 0, fn: 1 } }, assertions: 2 },
      { file: 'search.test.ts', test: 'search finds dogs', tp: 0, fp: 0, fn: 1, perTool: { search: { tp: 0, fp: 0, fn: 1 } }, assertions: 1 },
    ])
  })

  test('counts a line cut short (a worker killed while writing) and leaves it out', () => {
    const folder = openRunFolder()
    writeFileSync(join(folder, '101.jsonl'), `${line('search finds cats', 1, 0)}{"testPath":"/suite/sea`)
    expect(takeRunRecords(folder, '/suite', new Map())).toMatchObject({ unreadable: 1, tests: [{ tp: 1, assertions: 1 }] })
  })

  test('is removed, and no longer named, once read', () => {
    const folder = openRunFolder()
    takeRunRecords(folder, '/suite', new Map())
    expect([existsSync(folder), process.env[JEST_RUN_FOLDER]]).toEqual([false, undefined])
  })
})
