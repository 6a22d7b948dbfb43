import { copyFileSync, linkSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { evaluate } from '../../src/metric/evaluate'
import { formatTestCorpus } from '../../src/reporters/format-test-corpus'
import type { GradedTest } from '../../src/reporters/graded-test'
import { type TestCorpusReport, testCorpus } from '../../src/reporters/test-corpus'
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
  worst: { score: Record<string, unknown>; where?: unknown; goldTurns?: unknown }[]
  options: Record<string, unknown>
  exactSums?: unknown
  fp: number
  f1: number
  episodes: number
}

const FIGURES = ['tp', 'fp', 'fn', 'precision', 'recall', 'f1', 'episodes', 'perTool'] as const

async function score(name: string, episodes: unknown[], worst = 3): Promise<Record<string, number | undefined> & Record<string, unknown>> {
  const file = folder.write(`${name}.jsonl`, jsonl(...episodes))
  const out = join(folder.dir, `${name}.json`)
  const run = await runCli(['score', file, '--level', 'arg', '--grammar', join(folder.dir, 'grammar.json'), '--json', out, '--worst', String(worst)])
  expect(run.code).toBe(0)
  return JSON.parse(readFileSync(out, 'utf8'))
}

describe('toolcalls merge', () => {
  beforeEach(() => {
    folder.write('grammar.json', JSON.stringify(grammar))
  })

  test('folds tool names as the reports compared them, so that one tool of the shards is one row, as in one run', async () => {
    const call = (name: string) => ({ name, args: { q: 'x' } })
    const [a, b, whole] = [
      folder.write('fold-a.jsonl', jsonl({ pred: [], gold: [call('get_weather')] })),
      folder.write('fold-b.jsonl', jsonl({ pred: [call('GET_WEATHER')], gold: [] })),
      folder.write('fold-all.jsonl', jsonl({ pred: [], gold: [call('get_weather')] }, { pred: [call('GET_WEATHER')], gold: [] })),
    ]
    const report = async (file: string, out: string) => {
      expect((await runCli(['score', file, '--name', 'toolName', '--json', join(folder.dir, out)])).code).toBe(0)
      return join(folder.dir, out)
    }
    const merged = join(folder.dir, 'fold-merged.json')
    expect((await runCli(['merge', await report(b, 'fold-b.json'), await report(a, 'fold-a.json'), '--json', merged])).code).toBe(0)
    const oneRun = JSON.parse(readFileSync(await report(whole, 'fold-all.json'), 'utf8')).perTool
    expect(oneRun).toEqual({ get_weather: { tp: 0, fp: 1, fn: 1, precision: 0, recall: 0, f1: 0 } })
    expect(JSON.parse(readFileSync(merged, 'utf8')).perTool).toEqual(oneRun)
  })

  test("shows a tool that weighs 0 by the gold's spelling, as one run does, though a shard has only the model's and its counts are nothing", async () => {
    const call = (name: string) => ({ name, args: {} })
    folder.write('weightless.json', JSON.stringify({ tools: { get_w: { importance: 0 } } }))
    const report = async (name: string, ...episodes: unknown[]) => {
      const out = join(folder.dir, `${name}.json`)
      const run = await runCli(['score', folder.write(`${name}.jsonl`, jsonl(...episodes)), '--name', 'toolName', '--grammar', join(folder.dir, 'weightless.json'), '--json', out])
      expect(run.code).toBe(0)
      return out
    }
    const [modelsOnly, golds] = [{ pred: [call('GET.W')], gold: [] }, { pred: [call('get_w')], gold: [call('get_w')] }]
    const oneRun = JSON.parse(readFileSync(await report('weightless-all', modelsOnly, golds), 'utf8')) as { perTool: unknown }
    expect(oneRun).toMatchObject({ perTool: { get_w: { tp: 0, fp: 0, fn: 0 } }, goldRows: ['get_w'] })
    const merged = join(folder.dir, 'weightless-merged.json')
    expect((await runCli(['merge', await report('weightless-a', modelsOnly), await report('weightless-b', golds), '--json', merged])).code).toBe(0)
    expect(JSON.parse(readFileSync(merged, 'utf8'))).toMatchObject({ perTool: oneRun.perTool, goldRows: ['get_w'] })
  })

  test('refuses to count a report twice: given twice, or beside a merged report that holds it, at any depth and from any folder', async () => {
    await score('a', shardA)
    await score('b', shardB)
    const [a, b, merged] = ['a.json', 'b.json', 'merged.json'].map((name) => join(folder.dir, name)) as [string, string, string]
    expect((await runCli(['merge', a, b, '--json', merged])).code).toBe(0)
    // A merged report names the shards' reports it adds up by their full paths.
    expect(JSON.parse(readFileSync(merged, 'utf8')).files).toEqual([realpathSync(a), realpathSync(b)])
    const refused = async (args: string[], why: string, cwd?: string) => {
      const run = await runCli(['merge', ...args], { cwd })
      expect(run.stderr).toBe(`${why}; each report is merged once\n`)
      expect(run.code).toBe(2)
    }
    // Run again over the folder, the merged report among the shards'; given from within it.
    await refused([a, b, merged], `${merged}: already merges ${a}`)
    await refused(['merged.json', 'a.json'], 'merged.json: already merges a.json', folder.dir)
    // The same path twice, said plainly.
    await refused([a, b, a], `${a}: given twice`)
    await refused(['a.json', 'a.json'], 'a.json: given twice', folder.dir)
    // The same file under another name.
    const link = join(folder.dir, 'link.json')
    symlinkSync(a, link)
    await refused([a, b, link], `${link}: the same report as ${a}`)
    // The same file by a hard link, alone and beside a merged report that holds it.
    const hardLink = join(folder.dir, 'hard.json')
    linkSync(a, hardLink)
    await refused([a, hardLink], `${hardLink}: the same report as ${a}`)
    await refused([merged, hardLink], `${merged}: already merges ${hardLink}`)
    // A report is never written over one of the reports it reads.
    const over = await runCli(['merge', a, b, '--json', a])
    expect(over.stderr).toBe(`--json ${a}: ${a} is read by this run, and the report would write over it\n`)
    expect(over.code).toBe(2)
    // Two levels of merging hold the same shard.
    const deeper = join(folder.dir, 'deeper.json')
    await score('c', shardA.slice(0, 1))
    expect((await runCli(['merge', merged, join(folder.dir, 'c.json'), '--json', deeper])).code).toBe(0)
    await refused([deeper, b], `${deeper}: already merges ${b}`)
    await refused([deeper, merged], `${deeper} and ${merged}: both merge ${realpathSync(a)}`)
    expect((await runCli(['merge', merged])).code).toBe(0)
  })

  test("never writes over a report that merge did not write: '--json a.json b.json' takes a.json for the output", async () => {
    await score('a', shardA)
    await score('b', shardB)
    const [a, b, merged] = ['a.json', 'b.json', 'merged.json'].map((name) => join(folder.dir, name)) as [string, string, string]
    const before = readFileSync(a, 'utf8')
    const run = await runCli(['merge', '--json', a, b])
    expect(run.stderr).toBe(
      `--json ${a}: ${a} is a report that merge did not write, and the merged report would write over it; to merge it, list it among the reports and name a new file after --json\n`,
    )
    expect(run.code).toBe(2)
    expect(readFileSync(a, 'utf8')).toBe(before)
    // A merged report is merge's own output, written again when the merge runs again; a file that is no report is not written over.
    expect((await runCli(['merge', a, b, '--json', merged])).code).toBe(0)
    expect((await runCli(['merge', a, b, '--json', merged])).code).toBe(0)
    const notes = folder.write('notes.json', '{"todo": 1}')
    expect((await runCli(['merge', a, b, '--json', notes])).code).toBe(2)
    expect(readFileSync(notes, 'utf8')).toBe('{"todo": 1}')
    // Nor is a report of this tool's that merge cannot read, bfcl's or evaluate's; a placeholder of no data is.
    const bfcl = folder.write('bfcl.json', `${JSON.stringify({ accuracy: 0.5, correct_count: 1, total_count: 2, failures: [] }, null, 2)}\n`)
    const corpus = folder.write('corpus.json', `${JSON.stringify(evaluate([{ pred: [], gold: [] }]), null, 2)}\n`)
    for (const other of [bfcl, corpus]) {
      const before = readFileSync(other, 'utf8')
      const refusedRun = await runCli(['merge', a, b, '--json', other])
      expect([refusedRun.code, refusedRun.stderr]).toEqual([2, expect.stringContaining(`--json ${other}: ${other} is a report that merge did not write`)])
      expect(readFileSync(other, 'utf8')).toBe(before)
    }
    const placeholder = folder.write('placeholder.json', '{}\n')
    expect((await runCli(['merge', a, b, '--json', placeholder])).code).toBe(0)
    // A report of merge's own that no longer reads as one (of another version, say) is still merge's to write over.
    const unreadable = folder.write('old-merge.json', `${JSON.stringify({ ...JSON.parse(readFileSync(merged, 'utf8')), episodes: 'many' }, null, 2)}\n`)
    expect((await runCli(['merge', a, b, '--json', unreadable])).code).toBe(0)
    expect(JSON.parse(readFileSync(unreadable, 'utf8')).episodes).toBe(JSON.parse(readFileSync(merged, 'utf8')).episodes)
  })

  test('merges the reports of two folders whose shards have the same names', async () => {
    await score('a', shardA)
    await score('b', shardB)
    // Another run's shards, of other episodes, under the same names in another folder.
    await score('c', shardA.slice(0, 2))
    await score('d', shardB.slice(1))
    const other = join(folder.dir, 'other')
    mkdirSync(other)
    copyFileSync(join(folder.dir, 'c.json'), join(other, 'a.json'))
    copyFileSync(join(folder.dir, 'd.json'), join(other, 'b.json'))
    expect((await runCli(['merge', 'a.json', 'b.json', '--json', 'merged.json'], { cwd: folder.dir })).code).toBe(0)
    const run = await runCli(['merge', join(folder.dir, 'merged.json'), 'a.json', 'b.json'], { cwd: other })
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('Micro average over 10 episodes')
  })

  test('merges two shards whose reports agree in all but what they scored: the inputs are hashed', async () => {
    const shard = (name: string, city: string) => {
      mkdirSync(join(folder.dir, name))
      folder.write(`${name}/pred.jsonl`, jsonl([call('get_weather', { city })]))
      folder.write(`${name}/gold.jsonl`, jsonl([call('get_weather', { city })]))
      return runCli(['score', 'pred.jsonl', 'gold.jsonl', '--json', 'report.json'], { cwd: join(folder.dir, name) })
    }
    await shard('s1', 'Paris')
    await shard('s2', 'Rome')
    const run = await runCli(['merge', 's1/report.json', 's2/report.json'], { cwd: folder.dir })
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('over 2 episodes: TP 2  FP 0  FN 0')
    const report = JSON.parse(readFileSync(join(folder.dir, 's1', 'report.json'), 'utf8')) as { inputDigests: string[] }
    expect(report.inputDigests).toHaveLength(2)
    expect(report.inputDigests[0]).toMatch(/^[0-9a-f]{64}$/)
  })

  test('a merged report that merges one of before the shards were listed lists none, so that no copy slips through later', async () => {
    await score('a', shardA)
    await score('b', shardB)
    await score('c', shardA.slice(0, 1))
    expect((await runCli(['merge', 'a.json', 'b.json', '--json', 'old.json'], { cwd: folder.dir })).code).toBe(0)
    const old = JSON.parse(readFileSync(join(folder.dir, 'old.json'), 'utf8')) as Record<string, unknown>
    delete old.shards
    folder.write('old.json', JSON.stringify(old))
    expect((await runCli(['merge', 'old.json', 'c.json', '--json', 'new.json'], { cwd: folder.dir })).code).toBe(0)
    expect(JSON.parse(readFileSync(join(folder.dir, 'new.json'), 'utf8'))).not.toHaveProperty('shards')
  })

  test('refuses a copy of a report, by its content, wherever it lies: a shard twice, or beside a merged report that holds it', async () => {
    await score('a', shardA)
    await score('b', shardB)
    expect((await runCli(['merge', 'a.json', 'b.json', '--json', 'merged.json'], { cwd: folder.dir })).code).toBe(0)
    // The reports as a CI job downloads them: copies, in another folder.
    const downloaded = join(folder.dir, 'downloaded')
    mkdirSync(downloaded)
    for (const name of ['a.json', 'b.json', 'merged.json']) copyFileSync(join(folder.dir, name), join(downloaded, name))
    const twice = await runCli(['merge', 'a.json', 'b.json', join(downloaded, 'a.json')], { cwd: folder.dir })
    expect(twice.stderr).toBe(`a.json and ${join(downloaded, 'a.json')}: are the same report (its content, wherever it lies); each report is merged once\n`)
    expect(twice.code).toBe(2)
    const all = await runCli(['merge', 'a.json', 'b.json', 'merged.json'], { cwd: downloaded })
    expect(all.stderr).toBe('a.json and merged.json: hold the same shard (its content, wherever it lies); each report is merged once\n')
    expect(all.code).toBe(2)
    // A merged report lists its shards' digests.
    expect(JSON.parse(readFileSync(join(folder.dir, 'merged.json'), 'utf8')).shards).toHaveLength(2)
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

  test('gives the figures of one run to the last bit with fractional weights, where rounded shard totals would not', async () => {
    folder.write('grammar.json', JSON.stringify({ tools: { f: { importance: 0.7 } } }))
    // FP 0.7 five times is 3.5; the shards' totals, 1.4 and 2.0999999999999996, add up to 3.4999999999999996.
    const extra = Array.from({ length: 5 }, (_, i) => ({ id: `e${i}`, pred: [call('f', {})], gold: [] }))
    const whole = await score('whole', extra)
    const a = await score('a', extra.slice(0, 2))
    const b = await score('b', extra.slice(2))
    expect(a.fp! + b.fp!).not.toBe(whole.fp)
    const out = join(folder.dir, 'merged.json')
    expect((await runCli(['merge', join(folder.dir, 'a.json'), join(folder.dir, 'b.json'), '--json', out])).code).toBe(0)
    const merged = JSON.parse(readFileSync(out, 'utf8'))
    expect(merged.fp).toBe(3.5)
    for (const key of FIGURES) expect(merged[key]).toEqual(whole[key])
    // A merged report merges exactly in turn, with a shard it does not hold.
    await score('c', extra.slice(0, 2))
    const again = join(folder.dir, 'again.json')
    expect((await runCli(['merge', out, join(folder.dir, 'c.json'), '--json', again])).code).toBe(0)
    const both = await score('both', [...extra, ...extra.slice(0, 2)])
    expect(JSON.parse(readFileSync(again, 'utf8')).fp).toBe(both.fp)
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


  test('lists the same worst episodes, numbered alike, whatever order the reports are given in: as one run over the files in name order', async () => {
    // Every episode misses its one call, so all tie at F1 0.
    const missed = (id: string) => ({ id, pred: [], gold: [call('search', { q: id })] })
    const whole = await score('whole', [missed('two-1'), missed('two-2'), missed('ten-1'), missed('ten-2')], 2)
    await score('shard-10', [missed('ten-1'), missed('ten-2')], 2)
    await score('shard-2', [missed('two-1'), missed('two-2')], 2)
    const [ten, two] = [join(folder.dir, 'shard-10.json'), join(folder.dir, 'shard-2.json')]
    const summary = (report: Record<string, unknown>) => (report.worst as { id: string; index: number }[]).map(({ id, index }) => [id, index])
    const merged = async (reports: string[]) => {
      const run = await runCli(['merge', ...reports, '--json', '/dev/stdout'])
      expect(run.code).toBe(0)
      return summary(JSON.parse(run.stdout))
    }
    expect(summary(whole)).toEqual([['two-1', 0], ['two-2', 1]])
    expect(await merged([ten, two])).toEqual(summary(whole))
    expect(await merged([two, ten])).toEqual(summary(whole))
  })

  test('keeps by default as many worst episodes as the report that kept the most, whatever order the reports are given in', async () => {
    const missed = (id: string) => ({ id, pred: [], gold: [call('search', { q: id })] })
    // One report was to keep 2 and had one to keep; the other kept 3.
    await score('a', [missed('a1')], 2)
    await score('b', [missed('b1'), missed('b2'), missed('b3')], 3)
    const [a, b] = [join(folder.dir, 'a.json'), join(folder.dir, 'b.json')]
    for (const reports of [[a, b], [b, a]]) {
      const run = await runCli(['merge', ...reports, '--json', '/dev/stdout'])
      expect([run.code, run.stderr]).toEqual([0, ''])
      const merged = JSON.parse(run.stdout)
      expect([merged.options.worst, merged.worst.map(({ id }: { id: string }) => id)]).toEqual([3, ['a1', 'b1', 'b2']])
    }
  })
  test('merges reports that keep more worst episodes than a double holds exactly, as score writes them', async () => {
    await score('a', shardA, 1)
    const huge = join(folder.dir, 'huge.json')
    const file = folder.write('huge.jsonl', jsonl(...shardB))
    expect((await runCli(['score', file, '--level', 'arg', '--grammar', join(folder.dir, 'grammar.json'), '--json', huge, '--worst', '99999999999999999999'])).code).toBe(0)
    const run = await runCli(['merge', huge, join(folder.dir, 'a.json')])
    expect([run.code, run.stderr]).toEqual([0, ''])
  })

  test('ranks no more worst episodes than a shard kept, saying so where --worst asked for more', async () => {
    await score('a', shardA, 1)
    await score('b', shardB, 1)
    const [a, b, out] = ['a.json', 'b.json', 'merged.json'].map((name) => join(folder.dir, name)) as [string, string, string]
    const run = await runCli(['merge', a, b, '--worst', '4', '--json', out])
    expect(run.stderr).toBe(`toolcalls merge: --worst 4 lists 1 of the worst episodes: ${a} kept its lowest 1 only, so which come after them is not known\n`)
    const merged = JSON.parse(readFileSync(out, 'utf8'))
    expect([merged.options.worst, merged.worst.length]).toEqual([1, 1])
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

  test('names the calls of gold written as turns by turn and place, as the single run does', async () => {
    const turns = { id: 't', pred: [[call('search', { q: 'cats' })], [call('answer', { a: 'x' })]], gold: [[call('search', { q: 'cats' })], [call('answer', { a: 'meow' })]] }
    await score('a', shardA)
    await score('b', [turns])
    const single = await runCli(['score', folder.write('whole.jsonl', jsonl(...shardA, turns)), '--level', 'arg', '--grammar', join(folder.dir, 'grammar.json')])
    const merged = await runCli(['merge', join(folder.dir, 'a.json'), join(folder.dir, 'b.json')])
    const place = (stdout: string) => stdout.split('\n').find((line) => line.includes('↔ pred[1]'))
    expect(place(single.stdout)).toContain('gold[1][0] ↔ pred[1]')
    expect(place(merged.stdout)).toBe(place(single.stdout))
  })

  test('--min-f1 judges the merged figure', async () => {
    await score('a', shardA)
    await score('b', shardB)
    const reports = [join(folder.dir, 'a.json'), join(folder.dir, 'b.json')]
    const out = join(folder.dir, 'merged.json')
    expect((await runCli(['merge', ...reports, '--json', out])).code).toBe(0)
    const { f1 } = JSON.parse(readFileSync(out, 'utf8')) as { f1: number }
    expect(f1).toBeLessThan(1)
    const passing = await runCli(['merge', ...reports, '--min-f1', String(f1)])
    expect(passing.code).toBe(0)
    const failing = await runCli(['merge', ...reports, '--min-f1', '1'])
    expect(failing.code).toBe(1)
    expect(failing.stdout).toBe(passing.stdout)
    expect(failing.stderr).toMatch(/^toolcalls merge: the F1 0\.\d+ is below --min-f1 1\n$/)
  })

  test('refuses reports scored at different levels', async () => {
    await score('a', shardA)
    const b = folder.write('b.jsonl', jsonl(...shardB))
    await runCli(['score', b, '--json', join(folder.dir, 'b.json')])
    const run = await runCli(['merge', join(folder.dir, 'a.json'), join(folder.dir, 'b.json')])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`${join(folder.dir, 'b.json')}: scored with --level call, ${join(folder.dir, 'a.json')} with --level arg; only reports scored alike merge\n`)
  })

  test('refuses reports that compared tool names otherwise, a report of before --name having compared them exactly', async () => {
    const a = await score('a', shardA)
    const b = folder.write('b.jsonl', jsonl(...shardB))
    const bJson = join(folder.dir, 'b.json')
    await runCli(['score', b, '--level', 'arg', '--grammar', join(folder.dir, 'grammar.json'), '--name', 'toolName', '--json', bJson])
    const run = await runCli(['merge', join(folder.dir, 'a.json'), bJson])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`${bJson}: scored with --name toolName, ${join(folder.dir, 'a.json')} with --name exact; only reports scored alike merge\n`)
    const older = join(folder.dir, 'older.json')
    writeFileSync(older, JSON.stringify({ ...a, options: { ...(a.options as unknown as object), name: undefined } }))
    expect((await runCli(['merge', older, bJson])).stderr).toContain('scored with --name toolName')
    const exact = join(folder.dir, 'exact.json')
    await runCli(['score', b, '--level', 'arg', '--grammar', join(folder.dir, 'grammar.json'), '--json', exact])
    expect((await runCli(['merge', older, exact])).code).toBe(0)
  })

  test('refuses reports scored with another grammar, or none', async () => {
    await score('a', shardA)
    const b = folder.write('b.jsonl', jsonl(...shardB))
    await runCli(['score', b, '--level', 'arg', '--json', join(folder.dir, 'b.json')])
    const run = await runCli(['merge', join(folder.dir, 'a.json'), join(folder.dir, 'b.json')])
    expect(run.stderr).toBe(
      `${join(folder.dir, 'b.json')}: scored without --grammar, ${join(folder.dir, 'a.json')} with --grammar ${join(folder.dir, 'grammar.json')}; only reports scored alike merge\n`,
    )
    expect(run.code).toBe(2)
  })

  test('compares the grammar by its content: the same file by another path merges, another file by the same path does not', async () => {
    await score('a', shardA)
    const b = folder.write('b.jsonl', jsonl(...shardB))
    const sameByAnotherPath = await runCli(['score', b, '--level', 'arg', '--grammar', './grammar.json', '--json', 'b.json', '--worst', '3'], { cwd: folder.dir })
    expect(sameByAnotherPath.code).toBe(0)
    expect((await runCli(['merge', join(folder.dir, 'a.json'), join(folder.dir, 'b.json')])).code).toBe(0)
    // Another folder, another grammar.json: the same path as given, relative to where it ran.
    const other = join(folder.dir, 'other')
    mkdirSync(other)
    folder.write('other/grammar.json', JSON.stringify({ tools: { delete_all: { importance: 50 } } }))
    folder.write('other/a.jsonl', jsonl(...shardA))
    await runCli(['score', 'a.jsonl', '--level', 'arg', '--grammar', 'grammar.json', '--json', 'a.json'], { cwd: other })
    await runCli(['score', 'b.jsonl', '--level', 'arg', '--grammar', 'grammar.json', '--json', 'b2.json'], { cwd: folder.dir })
    const run = await runCli(['merge', join(other, 'a.json'), join(folder.dir, 'b2.json')])
    expect(run.stderr).toBe(
      `${join(folder.dir, 'b2.json')}: scored with --grammar grammar.json, ${join(other, 'a.json')} with --grammar grammar.json (the file's content differs); only reports scored alike merge\n`,
    )
    expect(run.code).toBe(2)
  })

  test("'-' is refused as a report: a merged report names its shards by path", async () => {
    const a = await score('a', shardA)
    const file = folder.write('a.json', JSON.stringify(a))
    const run = await runCli(['merge', file, '-'], { input: JSON.stringify(a) })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("'-': reports are read from files, not standard input; write it to a file first")
  })

  test('a file that is not a report is a user error', async () => {
    const file = folder.write('other.json', JSON.stringify({ accuracy: 1 }))
    const run = await runCli(['merge', file])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`${file}: not a report of 'toolcalls score --json' (command: expected 'score' or 'merge')\n`)
  })

  test('a report of toolcalls bfcl is named as one, which merge does not add up', async () => {
    const file = folder.write('bfcl.json', JSON.stringify({ accuracy: 0.5, correct_count: 1, total_count: 2, failures: [] }))
    const run = await runCli(['merge', file])
    expect(run.stderr).toBe(
      `${file}: a report of 'toolcalls bfcl', an accuracy over one category, which merge does not add up; it adds up the reports of 'toolcalls score --json' and of test runs\n`,
    )
    expect(run.code).toBe(2)
  })

  test('a file of JSON lines given in place of a report, as the lines a shard scored, is named so, with what merge adds up', async () => {
    const shard = folder.write('shard-1.jsonl', jsonl(...shardA))
    const run = await runCli(['merge', shard])
    expect(run.stderr).toBe(
      `${shard}: JSON lines, one value a line, not a report; merge adds up the reports that 'toolcalls score --json' and the reporters' json option write, not the lines they score\n`,
    )
    expect([run.code, run.stdout]).toEqual([2, ''])
  })

  test.each([
    ['a worst episode whose score lacks its detail', (r: Report) => (r.worst[0]!.score = { f1: 0 }), "worst[0].score: level: expected 'call' or 'arg'"],
    ['pairs that are not a list', (r: Report) => (r.worst[0]!.score.pairs = 'x'), 'worst[0].score: pairs: expected a list'],
    ['an unmatched prediction of null', (r: Report) => (r.worst[0]!.score.unmatchedPred = null), 'worst[0].score: unmatchedPred: expected a list'],
    ['a pair without its verdicts', (r: Report) => delete (r.worst[1]!.score.pairs as Record<string, unknown>[])[0]!.args, 'worst[1].score: pairs[0]: args: expected a list'],
    ['where of null', (r: Report) => (r.worst[0]!.where = null), 'worst[0].where: expected a list of places'],
    ['turn sizes that are no counts', (r: Report) => (r.worst[0]!.goldTurns = [1, -1]), "worst[0].goldTurns: expected a list of the gold's turns' sizes"],
    ['an unknown level', (r: Report) => (r.options.level = 'bogus'), 'options: expected { level: call | arg, order: any | strict | turns, canonicalizer: default | exact | bfcl | toolName }'],
    ['an unknown way of comparing names', (r: Report) => (r.options.name = 'bogus'), 'options.name: expected default | exact | bfcl | toolName'],
    ['a count of worst episodes below zero', (r: Report) => (r.options.worst = -1), 'options.worst: expected a count'],
    ['a count of worst episodes that is a string', (r: Report) => (r.options.worst = 'abc'), 'options.worst: expected a count'],
    ['partial sums that do not add up to the count', (r: Report) => (r.exactSums = { total: { fp: [-5] } }), 'exactSums.total.fp: adds up to -5, not fp 6'],
    ['partial sums of a tool the report has not', (r: Report) => (r.exactSums = { perTool: { mail: { tp: [1] } } }), 'exactSums.perTool["mail"]: no such tool in perTool'],
    ['a total its tools do not add up to', (r: Report) => (r.fp = 1e308), 'perTool: its fp adds up to 6, not fp 1e+308'],
    ['a count of episodes that is no whole number', (r: Report) => (r.episodes = 2.5), 'episodes: expected a count'],
    ['an F1 its counts do not give', (r: Report) => (r.f1 = 0.99), /^f1: expected 0\.\d+, the f1 of its counts, received 0\.99$/],
  ])('a report edited by hand is a user error naming what is wrong: %s', async (_, edit, problem) => {
    const report = (await score('a', shardA)) as unknown as Report
    edit(report)
    const file = folder.write('edited.json', JSON.stringify(report))
    const run = await runCli(['merge', file])
    const said = `${file}: not a report of 'toolcalls score --json' (`
    expect(run.stderr.startsWith(said) && run.stderr.endsWith(')\n')).toBe(true)
    const stated = run.stderr.slice(said.length, -2)
    if (typeof problem === 'string') expect(stated).toBe(problem)
    else expect(stated).toMatch(problem)
    expect(run.code).toBe(2)
  })
})

describe("toolcalls merge of test runs' reports", () => {
  const graded = (file: string, test: string, tp: number, fp: number, fn: number, tool = 'search') => ({ file, test, tp, fp, fn, perTool: { [tool]: { tp, fp, fn } }, assertions: 1 })
  // Two shards of a suite, as the reporters' json option writes their reports.
  const shard1 = [graded('a.test.ts', 'finds cats', 1, 0, 0), graded('a.test.ts', 'misses dogs', 0, 1, 1)]
  const shard2 = [graded('b.test.ts', 'answers', 0.7, 0, 0.7, 'answer'), graded('b.test.ts', 'answers twice', 0.7, 0.7, 0, 'answer')]
  const write = (name: string, report: unknown) => folder.write(name, JSON.stringify(report))

  test('prints and writes the figures and lowest tests of one run over both', async () => {
    const [a, b] = [shard1, shard2].map((tests, i) => write(`shard-${i + 1}.json`, testCorpus(tests, { worst: 5, by: 'f1' })))
    const out = join(folder.dir, 'merged.json')
    const run = await runCli(['merge', a!, b!, '--json', out])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const oneRun = testCorpus([...shard1, ...shard2], { worst: 5, by: 'f1' })
    expect(run.stdout).toBe(`${formatTestCorpus(oneRun)}\n`)
    const { exactSums: _, files, ...figures } = JSON.parse(readFileSync(out, 'utf8')) as TestCorpusReport
    const { exactSums: __, ...oneRunFigures } = oneRun
    expect(figures).toEqual(oneRunFigures)
    expect(files).toEqual([realpathSync(a!), realpathSync(b!)])
    // Merged again beside the shards it holds, it would count them twice.
    const again = await runCli(['merge', a!, b!, out])
    expect(again.stderr).toBe(`${out}: already merges ${a}; each report is merged once\n`)
    expect(again.code).toBe(2)
  })

  test('ranks no more lowest tests than a shard kept, saying so where --worst asked for more; by default as many as the shards kept', async () => {
    // Each shard kept its one lowest test; the second lowest of all may be either's second, which neither kept.
    const [a, b] = [shard1, shard2].map((tests, i) => write(`kept-${i + 1}.json`, testCorpus(tests, { worst: 1, by: 'f1' })))
    const out = join(folder.dir, 'merged-kept.json')
    const asked = await runCli(['merge', a!, b!, '--worst', '3', '--json', out])
    expect(asked.stderr).toBe(`toolcalls merge: --worst 3 lists 1 of the lowest tests: ${a} kept its lowest 1 only, so which come after them is not known\n`)
    expect(asked.code).toBe(0)
    const merged = JSON.parse(readFileSync(out, 'utf8')) as TestCorpusReport
    expect([merged.keptWorst, merged.worst.map(({ test }) => test)]).toEqual([1, ['misses dogs']])
    // Shards that kept 5, where one lists fewer than it kept: nothing of its was cut, and the other's list decides.
    const [c, d] = [shard1, shard2].map((tests, i) => write(`kept5-${i + 1}.json`, testCorpus(tests, { worst: 5, by: 'f1' })))
    const byDefault = await runCli(['merge', c!, d!, '--json', out])
    expect(byDefault.stderr).toBe('')
    expect((JSON.parse(readFileSync(out, 'utf8')) as TestCorpusReport).keptWorst).toBe(5)
  })

  describe('of a run split with --shard, each report naming its shard', () => {
    const shardReport = (name: string, tests: typeof shard1, shard: string) => write(name, { ...testCorpus(tests, { worst: 5, by: 'f1' }), shard })
    const refused = async (args: string[], stderr: string) => {
      const run = await runCli(['merge', ...args], { cwd: folder.dir })
      expect(run.stderr).toBe(stderr)
      expect(run.code).toBe(2)
    }

    test('refuses a copy of a shard under another path, as a CI artifact downloaded twice', async () => {
      shardReport('jest-1.json', shard1, '1/2')
      shardReport('jest-2.json', shard2, '2/2')
      mkdirSync(join(folder.dir, 'downloaded'))
      copyFileSync(join(folder.dir, 'jest-1.json'), join(folder.dir, 'downloaded', 'jest-1.json'))
      await refused(['jest-1.json', 'jest-2.json', 'downloaded/jest-1.json'], 'jest-1.json and downloaded/jest-1.json: are the same report (its content, wherever it lies); each report is merged once\n')
    })

    test('merges shards of different suites, as of the packages of a monorepo, whatever their labels', async () => {
      shardReport('a-1.json', shard1, '1/2')
      shardReport('b-1.json', shard2, '1/2')
      shardReport('c-2.json', [graded('c.test.ts', 'plans', 1, 0, 0)], '2/3')
      const run = await runCli(['merge', 'a-1.json', 'b-1.json', 'c-2.json'], { cwd: folder.dir })
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
    })

    test('lists in a merged report the shards it adds up, and refuses it beside a copy of one of them', async () => {
      shardReport('jest-1.json', shard1, '1/2')
      shardReport('jest-2.json', shard2, '2/2')
      expect((await runCli(['merge', 'jest-1.json', 'jest-2.json', '--json', 'merged.json'], { cwd: folder.dir })).code).toBe(0)
      const merged = JSON.parse(readFileSync(join(folder.dir, 'merged.json'), 'utf8')) as TestCorpusReport
      expect(merged.shards).toHaveLength(2)
      expect(merged).not.toHaveProperty('shard')
      copyFileSync(join(folder.dir, 'jest-2.json'), join(folder.dir, 'copy.json'))
      await refused(['merged.json', 'copy.json'], 'merged.json and copy.json: hold the same shard (its content, wherever it lies); each report is merged once\n')
      // A merged report of part of a run merges with the rest, and lists all.
      shardReport('part-1.json', shard1, '1/3')
      shardReport('part-2.json', shard2, '2/3')
      shardReport('part-3.json', [], '3/3')
      expect((await runCli(['merge', 'part-1.json', 'part-2.json', '--json', 'part.json'], { cwd: folder.dir })).code).toBe(0)
      expect((await runCli(['merge', 'part.json', 'part-3.json', '--json', 'whole.json'], { cwd: folder.dir })).code).toBe(0)
      expect((JSON.parse(readFileSync(join(folder.dir, 'whole.json'), 'utf8')) as TestCorpusReport).shards).toHaveLength(3)
      copyFileSync(join(folder.dir, 'part-1.json'), join(folder.dir, 'part-1-again.json'))
      await refused(['whole.json', 'part-1-again.json'], 'whole.json and part-1-again.json: hold the same shard (its content, wherever it lies); each report is merged once\n')
    })

    test('knows reports of unsharded runs by their paths alone: a copy of one merges, counted twice', async () => {
      const a = write('a.json', testCorpus(shard1, { worst: 5, by: 'f1' }))
      copyFileSync(a, join(folder.dir, 'copy.json'))
      const run = await runCli(['merge', 'a.json', 'copy.json', '--json', 'merged.json'], { cwd: folder.dir })
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      const merged = JSON.parse(readFileSync(join(folder.dir, 'merged.json'), 'utf8')) as TestCorpusReport
      expect(merged.tests).toBe(2 * shard1.length)
      expect(merged).not.toHaveProperty('shards')
    })
  })

  test('--min-f1 judges the figure of the whole run, which a shard of its own may fall short of', async () => {
    const [a, b] = [shard1, shard2].map((tests, i) => write(`shard-${i + 1}.json`, testCorpus(tests, { worst: 5, by: 'f1' })))
    const whole = testCorpus([...shard1, ...shard2], { worst: 5, by: 'f1' })
    const alone = testCorpus(shard1, { worst: 5, by: 'f1' })
    expect(alone.f1).toBeLessThan(0.55)
    expect(whole.f1).toBeGreaterThanOrEqual(0.55)
    expect((await runCli(['merge', a!, '--min-f1', '0.55'])).code).toBe(1)
    const merged = await runCli(['merge', a!, b!, '--min-f1', '0.55'])
    expect(merged.stderr).toBe('')
    expect(merged.code).toBe(0)
    const above = await runCli(['merge', a!, b!, '--min-f1', '0.9'])
    expect(above.stdout).toBe(`${formatTestCorpus(whole)}\n`)
    expect(above.stderr).toBe(`toolcalls merge: the F1 ${Number(whole.f1.toFixed(4))} is below --min-f1 0.9\n`)
    expect(above.code).toBe(1)
  })

  test('--min-f1 fails runs that graded nothing, as the reporters do', async () => {
    const a = write('empty.json', testCorpus([], { worst: 5, by: 'f1' }))
    const run = await runCli(['merge', a, '--min-f1', '0'])
    expect(run.stderr).toBe('toolcalls merge: --min-f1 is 0, but nothing was scored\n')
    expect(run.code).toBe(1)
    // Runs narrowed to part of the suite that graded nothing pass, as the reporters pass them.
    const narrowed = write('narrowed.json', { ...testCorpus([], { worst: 5, by: 'f1' }), narrowed: 'changed files' })
    const passed = await runCli(['merge', narrowed, '--min-f1', '0.8'])
    expect(passed.stderr).toBe('toolcalls merge: --min-f1 0.8 not judged: runs narrowed to part of the suite (changed files), which graded nothing\n')
    expect(passed.code).toBe(0)
    const empty = write('narrowed-empty.json', { ...testCorpus([], { worst: 5, by: 'f1' }), narrowed: '' })
    expect((await runCli(['merge', empty])).stderr).toBe(`${empty}: not a report of a test run (narrowed: expected text)\n`)
  })

  test("adds one tool's rows spelt apart into one where the reports give their folded names, and only rows spelt alike where they do not", async () => {
    const [upper, capital] = [graded('a.test.ts', 'upper', 1, 0, 0, 'GET.W'), graded('b.test.ts', 'capital', 0, 1, 1, 'Get.W')]
    const mergedOf = async (name: string, tests: GradedTest[]) => {
      const reports = tests.map((test, i) => write(`${name}-${i + 1}.json`, testCorpus([test], { worst: 5, by: 'f1' })))
      const out = join(folder.dir, `${name}.json`)
      expect((await runCli(['merge', ...reports, '--json', out])).code).toBe(0)
      return JSON.parse(readFileSync(out, 'utf8')) as TestCorpusReport
    }
    const folded = await mergedOf('folded', [
      { ...upper, foldedNames: { 'GET.W': 'get_w' } },
      { ...capital, foldedNames: { 'Get.W': 'get_w' } },
    ])
    expect(folded.perTool).toEqual({ 'GET.W': { tp: 1, fp: 1, fn: 1, precision: 0.5, recall: 0.5, f1: 0.5 } })
    expect(folded.foldedNames).toEqual({ 'GET.W': 'get_w' })
    // Shards' reports show a tool by the least of the gold's spellings, as one run does, whichever shard has it and whatever order they are given in.
    const labelled = ([{ ...capital, foldedNames: { 'Get.W': 'get_w' } }, { ...upper, foldedNames: { 'GET.W': 'get_w' } }] as GradedTest[]).map((test, i) =>
      write(`shard-${i + 1}.json`, { ...testCorpus([test], { worst: 5, by: 'f1' }), shard: `${i + 1}/2` }),
    )
    for (const [name, order] of [['in-order', labelled], ['reversed', [...labelled].reverse()]] as const) {
      const out = join(folder.dir, `${name}.json`)
      expect((await runCli(['merge', ...order, '--json', out])).code).toBe(0)
      expect(Object.keys((JSON.parse(readFileSync(out, 'utf8')) as TestCorpusReport).perTool)).toEqual(['GET.W'])
    }
    // A report that does not say how its names fold (one written before reports did) is added row by row, by name.
    expect(Object.keys((await mergedOf('unfolded', [upper, capital])).perTool)).toEqual(['GET.W', 'Get.W'])
  })

  test("a test run's report beside one of toolcalls score is a user error", async () => {
    folder.write('grammar.json', JSON.stringify(grammar))
    await score('a', shardA)
    const tests = write('tests.json', testCorpus(shard1, { worst: 5, by: 'f1' }))
    const run = await runCli(['merge', tests, join(folder.dir, 'a.json')])
    expect(run.stderr).toBe(`${join(folder.dir, 'a.json')}: a report of 'toolcalls score --json', ${tests}: a test run's report; only reports of one kind merge\n`)
    expect(run.code).toBe(2)
  })

  test('reports whose lowest tests are ranked by different figures are a user error', async () => {
    const a = write('a.json', testCorpus(shard1, { worst: 5, by: 'f1' }))
    const b = write('b.json', testCorpus(shard2, { worst: 5, by: 'recall' }))
    const run = await runCli(['merge', a, b])
    expect(run.stderr).toBe(`${b}: ranks its lowest tests by recall, ${a} by f1; only reports ranked alike merge\n`)
    expect(run.code).toBe(2)
  })

  test.each([
    ['a count that is not one', (r: Record<string, unknown>) => (r.assertions = -1), 'tests, assertions: expected counts'],
    ['a lowest test without its file', (r: Record<string, unknown>) => delete (r.worst as Record<string, unknown>[])[0]!.file, 'worst[0]: expected { file, test, assertions, tp, fp, fn, precision, recall, f1 }'],
    ['an unknown ranking', (r: Record<string, unknown>) => (r.by = 'accuracy'), "by: expected 'f1', 'precision' or 'recall'"],
    ['per-tool counts of null', (r: Record<string, unknown>) => ((r.perTool as Record<string, unknown>).search = null), 'perTool["search"]: expected counts'],
    ['partial sums of a tool that do not add up to its count', (r: Record<string, unknown>) => (r.exactSums = { perTool: { search: { tp: [0.5, 0.25] } } }), 'exactSums.perTool["search"].tp: adds up to 0.75, not tp 1'],
    ['a total its tools do not add up to', (r: Record<string, unknown>) => (r.fn = 100), 'perTool: its fn adds up to 1, not fn 100'],
    ['a count of tests that is no whole number', (r: Record<string, unknown>) => (r.tests = 1.5), 'tests, assertions: expected counts'],
    ['more arg-level assertions than assertions', (r: Record<string, unknown>) => (r.argLevelAssertions = 1000), 'argLevelAssertions: expected a count of at most the assertions'],
    ['a shard past the count', (r: Record<string, unknown>) => (r.shard = '3/2'), 'shard: expected a shard of a run, i/n with 1 ≤ i ≤ n'],
    ['a shard counted from 0', (r: Record<string, unknown>) => (r.shard = '0/2'), 'shard: expected a shard of a run, i/n with 1 ≤ i ≤ n'],
    ['a shard as numbers', (r: Record<string, unknown>) => (r.shard = { index: 1, count: 2 }), 'shard: expected a shard of a run, i/n with 1 ≤ i ≤ n'],
    ['a list of shards that holds no digest', (r: Record<string, unknown>) => (r.shards = ['1/2', 2]), 'shards: expected a list of digests'],
    ['a folded name of a tool the report has not', (r: Record<string, unknown>) => (r.foldedNames = { mail: 'mail' }), 'foldedNames: expected an object of strings, keyed by rows of perTool'],
  ])('a test run report edited by hand is a user error naming what is wrong: %s', async (_, edit, problem) => {
    const report = JSON.parse(JSON.stringify(testCorpus(shard1, { worst: 5, by: 'f1' }))) as Record<string, unknown>
    edit(report)
    const file = write('edited.json', report)
    const run = await runCli(['merge', file])
    expect(run.stderr).toBe(`${file}: not a report of a test run (${problem})\n`)
    expect(run.code).toBe(2)
  })
})
