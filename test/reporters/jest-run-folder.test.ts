import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { JEST_RUN_FOLDER } from '../../src/matchers/record-score'
import { type JestTests, openRunFolder, takeRunRecords, titlesKey } from '../../src/reporters/jest-run-folder'

const line = (testName: string, tp: number, fn: number) =>
  `${JSON.stringify({ testPath: '/suite/search.test.ts', testName, tp, fp: 0, fn, perTool: { search: { tp, fp: 0, fn } } })}\n`

/** What Jest's results say of no test. */
const noResults: JestTests = { names: new Map(), runs: new Map(), projects: new Map() }

afterEach(() => {
  delete process.env[JEST_RUN_FOLDER]
})

describe('the Jest run folder', () => {
  test('is named in the environment that the workers inherit', () => {
    const folder = openRunFolder()
    expect(process.env[JEST_RUN_FOLDER]).toBe(folder)
    takeRunRecords(folder, '/suite', noResults)
  })

  test("sums each test's lines across the workers' files, under the name Jest's results give it", () => {
    const folder = openRunFolder()
    writeFileSync(join(folder, '101.jsonl'), line('search finds cats', 1, 0))
    writeFileSync(join(folder, '102.jsonl'), line('search finds cats', 1, 1) + line('search finds dogs', 0, 1))
    const names = new Map([['/suite/search.test.ts\0search finds cats', 'search > finds cats']])
    expect(takeRunRecords(folder, '/suite', { names, runs: new Map(), projects: new Map() }).tests).toEqual([
      { file: 'search.test.ts', test: 'search > finds cats', tp: 2, fp: 0, fn: 1, perTool: { search: { tp: 2, fp: 0, fn: 1 } }, assertions: 2 },
      { file: 'search.test.ts', test: 'search finds dogs', tp: 0, fp: 0, fn: 1, perTool: { search: { tp: 0, fp: 0, fn: 1 } }, assertions: 1 },
    ])
  })

  /** A line of Jest 30, which names the test by its titles, says which run of it this is, and tells the test apart by an id. */
  const jest30Line = (titles: string[], attempt: number, tp: number, fn: number, testId = titles.join('/')) =>
    `${JSON.stringify({ testPath: '/suite/search.test.ts', testName: titles.join(' '), tp, fp: 0, fn, perTool: { search: { tp, fp: 0, fn } }, titles, attempt, testId })}\n`

  test('sums only the last run of a retried test', () => {
    const folder = openRunFolder()
    const titles = ['search', 'finds cats']
    writeFileSync(join(folder, '101.jsonl'), jest30Line(titles, 1, 0, 1) + jest30Line(titles, 1, 0, 1) + jest30Line(titles, 2, 1, 0) + jest30Line(titles, 2, 1, 0))
    expect(takeRunRecords(folder, '/suite', noResults).tests).toEqual([
      { file: 'search.test.ts', test: 'search > finds cats', tp: 2, fp: 0, fn: 0, perTool: { search: { tp: 2, fp: 0, fn: 0 } }, assertions: 2 },
    ])
  })

  test('keeps apart tests whose names join to the same text', () => {
    const folder = openRunFolder()
    writeFileSync(join(folder, '101.jsonl'), jest30Line(['a b', 'c'], 1, 1, 0) + jest30Line(['a', 'b c'], 1, 0, 1))
    expect(takeRunRecords(folder, '/suite', noResults).tests.map(({ test, tp, fn }) => ({ test, tp, fn }))).toEqual([
      { test: 'a b > c', tp: 1, fn: 0 },
      { test: 'a > b c', tp: 0, fn: 1 },
    ])
  })

  test('keeps apart tests of the same titles, a retry of one leaving the others as they are', () => {
    const folder = openRunFolder()
    const titles = ['answers the query']
    writeFileSync(join(folder, '101.jsonl'), jest30Line(titles, 1, 1, 0, 'r:0') + jest30Line(titles, 1, 0, 1, 'r:1') + jest30Line(titles, 2, 1, 0, 'r:1') + jest30Line(titles, 1, 1, 0, 'r:2'))
    expect(takeRunRecords(folder, '/suite', noResults).tests.map(({ test, tp, fn }) => ({ test, tp, fn }))).toEqual(Array(3).fill({ test: 'answers the query', tp: 1, fn: 0 }))
  })

  test('counts nothing of a test that Jest ran again after its last graded attempt', () => {
    const folder = openRunFolder()
    writeFileSync(join(folder, '101.jsonl'), jest30Line(['flaky'], 1, 0, 1) + jest30Line(['steady'], 1, 1, 0))
    const runs = new Map([[titlesKey('/suite/search.test.ts', ['flaky']), 2], [titlesKey('/suite/search.test.ts', ['steady']), 1]])
    expect(takeRunRecords(folder, '/suite', { names: new Map(), runs, projects: new Map() }).tests.map(({ test }) => test)).toEqual(['steady'])
  })

  test("names the project beside each test of a file that Jest's results give one", () => {
    const folder = openRunFolder()
    writeFileSync(join(folder, '101.jsonl'), line('search finds cats', 1, 0))
    const projects = new Map([['/suite/search.test.ts', 'server']])
    expect(takeRunRecords(folder, '/suite', { names: new Map(), runs: new Map(), projects }).tests).toEqual([
      { file: 'search.test.ts', project: 'server', test: 'search finds cats', tp: 1, fp: 0, fn: 0, perTool: { search: { tp: 1, fp: 0, fn: 0 } }, assertions: 1 },
    ])
  })

  test('leaves out a line whose titles or attempt are not what the matchers write', () => {
    const folder = openRunFolder()
    const bad = [jest30Line([], 1, 1, 0), jest30Line(['finds cats'], 0, 1, 0), jest30Line(['finds cats'], 1.5, 1, 0), jest30Line(['finds cats'], 1, 1, 0).replace(',"testId":"finds cats"', '')]
    writeFileSync(join(folder, '101.jsonl'), bad.join('') + jest30Line(['finds cats'], 1, 1, 0).replace('"attempt":1', '"attempt":null'))
    expect(takeRunRecords(folder, '/suite', noResults)).toEqual({ unreadable: 5, tests: [] })
  })

  test('counts a line cut short (a worker killed while writing) and leaves it out', () => {
    const folder = openRunFolder()
    writeFileSync(join(folder, '101.jsonl'), `${line('search finds cats', 1, 0)}{"testPath":"/suite/sea`)
    expect(takeRunRecords(folder, '/suite', noResults)).toMatchObject({ unreadable: 1, tests: [{ tp: 1, assertions: 1 }] })
  })

  test('is removed, and no longer named, once read', () => {
    const folder = openRunFolder()
    takeRunRecords(folder, '/suite', noResults)
    expect([existsSync(folder), process.env[JEST_RUN_FOLDER]]).toEqual([false, undefined])
  })

  test('left open by a run that never completed (dropped in watch mode), is removed as the process exits', () => {
    const module = JSON.stringify(join(import.meta.dirname, '../../src/reporters/jest-run-folder.ts'))
    const script = `import { openRunFolder } from ${module}; process.stdout.write(openRunFolder() + '\\n' + openRunFolder())`
    const folders = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }).split('\n')
    expect(folders).toHaveLength(2)
    expect(folders.map((folder) => [folder.startsWith(tmpdir()), existsSync(folder)])).toEqual([
      [true, false],
      [true, false],
    ])
  })
})
