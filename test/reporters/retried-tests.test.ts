import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestCorpusReport } from '../../src/reporters/test-corpus'
import { retriedFixture } from './fixture-corpus'
import { runEnvironment, runRunner } from './run-runner'

let scratch: string

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'expect-toolcalls-retried-'))
})

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

// Each test starts a real run of the runner.
describe.each([
  ['vitest', ['run']],
  ['jest', ['--ci']],
] as const)('the %s reporter', { timeout: 30_000 }, (runner, args) => {
  test("counts a retried test's last run, keeps apart tests whose names are alike, and leaves out assertions outside tests", async () => {
    const json = join(scratch, `${runner}.json`)
    const outcome = await runRunner(runner, [...args], retriedFixture, runEnvironment({ json, worst: 3 }))
    expect(outcome.exitCode, outcome.output).toBe(0)
    expect(outcome.output).toContain('TP 5  FP 1  FN 1  precision 0.8333  recall 0.8333  F1 0.8333 (micro average over 6 graded assertions)')
    const report = JSON.parse(await readFile(json, 'utf8')) as TestCorpusReport
    expect(report).toMatchObject({ tp: 5, fp: 1, fn: 1, tests: 6, assertions: 6 })
    expect(report.worst).toEqual([expect.objectContaining({ file: 'retried.spec.ts', test: 'a b > c', tp: 0, fp: 1, fn: 1 })])
  })
})
