import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { testCorpus } from '../../src/reporters/test-corpus'
import { writeReportJson } from '../../src/reporters/write-report-json'

const graded = (tp: number) => [{ file: 'a.test.ts', test: 'plans', tp, fp: 0, fn: 1, perTool: { search: { tp, fp: 0, fn: 1 } }, assertions: 1 }]
const options = { worst: 5, by: 'f1' } as const

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'report-json-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe("the reporters' JSON report", () => {
  test('is written under the root, its folder made', () => {
    const file = writeReportJson(root, 'out/corpus.json', testCorpus(graded(1), options))
    expect(file).toBe(join(root, 'out/corpus.json'))
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ tp: 1, fn: 1, tests: 1 })
  })

  test('leaves a file that holds the same report untouched, so that a watcher under the root does not start the run again', () => {
    const file = writeReportJson(root, 'corpus.json', testCorpus(graded(1), options))
    const longAgo = new Date('2020-01-01T00:00:00Z')
    utimesSync(file, longAgo, longAgo)
    writeReportJson(root, 'corpus.json', testCorpus(graded(1), options))
    expect(statSync(file).mtime).toEqual(longAgo)
    writeReportJson(root, 'corpus.json', testCorpus(graded(2), options))
    expect(statSync(file).mtime).not.toEqual(longAgo)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ tp: 2 })
  })
})
