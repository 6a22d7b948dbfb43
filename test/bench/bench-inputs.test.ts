import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ROOT, runCli, tempFolder } from '../cli/run-cli'

function runBench(args: string[]) {
  return spawnSync('npx', ['tsx', 'bench/run.ts', ...args], { cwd: ROOT, encoding: 'utf8' })
}

function lines(file: string): string[] {
  return readFileSync(file, 'utf8').trimEnd().split('\n')
}

describe('npx tsx bench/run.ts --write-inputs=<folder>', () => {
  let temp: ReturnType<typeof tempFolder>
  let folder: string
  let run: ReturnType<typeof runBench>

  beforeAll(() => {
    temp = tempFolder()
    folder = temp.dir
    run = runBench([`--write-inputs=${join(folder, 'inputs')}`])
  }, 120_000)

  afterAll(() => temp.remove())

  test('writes the inputs and runs no benchmark', () => {
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain('bfcl-check.jsonl: 3,000 lines')
    expect(run.stdout).not.toMatch(/^corpus: /m)
  })

  test("writes the corpus benchmark's episodes, the same entries in each form", () => {
    const read = (name: string) => lines(join(folder, 'inputs', name)).map((line) => JSON.parse(line) as Record<string, unknown>)
    const asJson = read('corpus-json.jsonl')
    const asPython = read('corpus-python.jsonl')
    const asJsonText = read('corpus-json-text.jsonl')
    expect(asJson).toHaveLength(1000)
    expect(asPython.map((episode) => episode.id)).toEqual(asJson.map((episode) => episode.id))
    expect(asJson.every((episode) => Array.isArray(episode.pred) && Array.isArray(episode.gold))).toBe(true)
    expect(asPython.every((episode) => typeof episode.pred === 'string' && Array.isArray(episode.gold))).toBe(true)
    expect(asJsonText.map((episode) => JSON.parse(episode.pred as string))).toEqual(asJson.map((episode) => episode.pred))
  })

  test('writes the 3,000 lines of the bfcl-check benchmark, which the command checks in full', async () => {
    const file = join(folder, 'inputs', 'bfcl-check.jsonl')
    const entries = lines(file).map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(entries).toHaveLength(3000)
    expect(Object.keys(entries[0]!)).toEqual(['id', 'category', 'model_output', 'functions', 'ground_truth'])
    const check = await runCli(['bfcl-check', file])
    expect(check.code, check.stderr).toBe(0)
    const verdicts = check.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { id: string; valid: boolean })
    expect(verdicts.map((verdict) => verdict.id)).toEqual(entries.map((entry) => entry.id))
    // A quarter of each variant is mutated; the rest are right.
    const valid = verdicts.filter((verdict) => verdict.valid).length
    expect(valid).toBeGreaterThan(2000)
    expect(valid).toBeLessThan(2500)
  })

  test('refuses an empty folder name', () => {
    const refused = runBench(['--write-inputs='])
    expect(refused.status).toBe(2)
    expect(refused.stderr).toContain('needs a folder')
  })

  test('refuses the option without its folder, rather than running every benchmark', () => {
    const refused = runBench(['--write-inputs', join(folder, 'elsewhere')])
    expect(refused.status).toBe(2)
    expect(refused.stderr).toContain('unknown option --write-inputs; the options are --quick and --write-inputs=<folder>')
    expect(refused.stdout).toBe('')
  })
})
