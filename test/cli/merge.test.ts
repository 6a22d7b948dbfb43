import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { jsonl, runCli, tempFolder } from './run-cli'

const call = (name: string, args: Record<string, unknown>) => ({ name, args })

let folder: ReturnType<typeof tempFolder>
beforeEach(() => {
  folder = tempFolder()
})
afterEach(() => folder.remove())

// Two shards with right and wrong calls, weighted by a grammar.
const shardA = [
  { id: 'a1', pred: [call('search', { q: 'cats' })], gold: [call('search', { q: 'cats' })] },
  { id: 'a2', pred: [call('delete_all', {})], gold: [call('answer', { a: 'meow' })] },
  { id: 'a3', pred: [call('search', { q: 'dog' })], gold: [call('search', { q: 'dogs' }), call('answer', { a: 'woof' })] },
]
const shardB = [
  { id: 'b1', pred: [], gold: [call('search', { q: 'birds' })] },
  { id: 'b2', pred: [call('answer', { a: 'tweet', extra: 1 })], gold: [call('answer', { a: 'tweet' })] },
  { id: 'b3', pred: [call('search', { q: 'fish' })], gold: [call('search', { q: 'fish' })] },
]
const grammar = { tools: { delete_all: { importance: 5 }, answer: { importance: 2, args: { a: { importance: 3 } } } } }

/** A report as read back, loosely typed so that a test can spoil it. */
interface Report {
  worst: { score: Record<string, unknown>; where?: unknown }[]
  options: Record<string, unknown>
}

const FIGURES = ['tp', 'fp', 'fn', 'precision', 'recall', 'f1', 'episodes', 'perTool'] as const

async function score(name: string, episodes: unknown[]): Promise<Record<string, unknown>> {
  const file = folder.write(`${name}.jsonl`, jsonl(...episodes))
  const out = join(folder.dir, `${name}.json`)
  const run = await runCli(['score', file, '--level', 'arg', '--grammar', join(folder.dir, 'grammar.json'), '--json', out, '--worst', '3'])
  expect(run.code).toBe(0)
  return JSON.parse(readFileSync(out, 'utf8'))
}

describe('toolcalls merge', () => {
  beforeEach(() => {
    folder.write('grammar.json', JSON.stringify(grammar))
  })

  test('gives exactly the figures of one run over the concatenated files', async () => {
    const whole = await score('whole', [...shardA, ...shardB])
    await score('a', shardA)
    await score('b', shardB)
    const out = join(folder.dir, 'merged.json')
    const run = await runCli(['merge', join(folder.dir, 'a.json'), join(folder.dir, 'b.json'), '--json', out])
    expect(run.code).toBe(0)
    const merged = JSON.parse(readFileSync(out, 'utf8'))
    for (const key of FIGURES) expect(merged[key]).toEqual(whole[key])
  })

  test('keeps the worst episodes across shards, numbered as in one run', async () => {
    const whole = await score('whole', [...shardA, ...shardB])
    await score('a', shardA)
    await score('b', shardB)
    const out = join(folder.dir, 'merged.json')
    await runCli(['merge', join(folder.dir, 'a.json'), join(folder.dir, 'b.json'), '--json', out])
    const merged = JSON.parse(readFileSync(out, 'utf8'))
    const summary = (report: Record<string, unknown>) =>
      (report.worst as { id: string; index: number; score: { f1: number } }[]).map(({ id, index, score }) => [id, index, score.f1])
    expect(summary(merged)).toEqual(summary(whole))
  })

  test('prints the same figures as the single run', async () => {
    await score('a', shardA)
    await score('b', shardB)
    const file = folder.write('whole.jsonl', jsonl(...shardA, ...shardB))
    const single = await runCli(['score', file, '--level', 'arg', '--grammar', join(folder.dir, 'grammar.json')])
    const merged = await runCli(['merge', join(folder.dir, 'a.json'), join(folder.dir, 'b.json')])
    const tail = (stdout: string) => stdout.slice(stdout.indexOf('Per tool:'))
    expect(tail(merged.stdout)).toBe(tail(single.stdout))
  })

  test('refuses reports scored at different levels', async () => {
    await score('a', shardA)
    const b = folder.write('b.jsonl', jsonl(...shardB))
    await runCli(['score', b, '--json', join(folder.dir, 'b.json')])
    const run = await runCli(['merge', join(folder.dir, 'a.json'), join(folder.dir, 'b.json')])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`${join(folder.dir, 'b.json')}: scored with --level call, ${join(folder.dir, 'a.json')} with --level arg; only reports scored alike merge\n`)
  })

  test('a file that is not a report is a user error', async () => {
    const file = folder.write('other.json', JSON.stringify({ accuracy: 1 }))
    const run = await runCli(['merge', file])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`${file}: not a report of 'toolcalls score --json' (command: expected 'score' or 'merge')\n`)
  })

  test.each([
    ['a worst episode whose score lacks its detail', (r: Report) => (r.worst[0]!.score = { f1: 0 }), "worst[0].score: level: expected 'call' or 'arg'"],
    ['pairs that are not a list', (r: Report) => (r.worst[0]!.score.pairs = 'x'), 'worst[0].score: pairs: expected a list'],
    ['an unmatched prediction of null', (r: Report) => (r.worst[0]!.score.unmatchedPred = null), 'worst[0].score: unmatchedPred: expected a list'],
    ['a pair without its verdicts', (r: Report) => delete (r.worst[1]!.score.pairs as Record<string, unknown>[])[0]!.args, 'worst[1].score: pairs[0]: args: expected a list'],
    ['where of null', (r: Report) => (r.worst[0]!.where = null), 'worst[0].where: expected a list of places'],
    ['an unknown level', (r: Report) => (r.options.level = 'bogus'), 'options: expected { level: call | arg, order: any | strict | turns, canonicalizer: default | exact | bfcl }'],
  ])('a report edited by hand is a user error naming what is wrong: %s', async (_, edit, problem) => {
    const report = (await score('a', shardA)) as unknown as Report
    edit(report)
    const file = folder.write('edited.json', JSON.stringify(report))
    const run = await runCli(['merge', file])
    expect(run.stderr).toBe(`${file}: not a report of 'toolcalls score --json' (${problem})\n`)
    expect(run.code).toBe(2)
  })
})
