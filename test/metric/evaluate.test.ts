import { describe, expect, test } from 'vitest'
import { evaluate, type Episode, type EpisodeResult, type EvaluateOptions } from '../../src/metric/evaluate'
import { ToolCallMetric } from '../../src/metric/tool-call-metric'

const call = (name: string, q: string) => ({ name, args: { q } })
const episodes: Episode[] = [
  { id: 'right', pred: [call('search', 'a')], gold: [call('search', 'a')] },
  { id: 'wrong', pred: [call('search', 'b'), call('answer', 'x')], gold: [call('search', 'a')] },
  { id: 'empty', pred: [], gold: [call('answer', 'y'), call('search', 'c')] },
]

describe('evaluate', () => {
  test("options whose getters throw are a TypeError naming them, as the metric's options are", () => {
    for (const key of ['worst', 'onEpisode', 'goldForm']) {
      const throwing = Object.defineProperty({}, key, { enumerable: true, get: () => { throw new Error(`no ${key} here`) } })
      expect(() => evaluate([], new ToolCallMetric(), throwing)).toThrow(new TypeError(`options: could not be read (no ${key} here)`))
    }
  })

  test('gives the micro average: counts summed, then divided', () => {
    const report = evaluate(episodes)
    // right: TP 1. wrong: FP 2, FN 1. empty: FN 2.
    expect([report.tp, report.fp, report.fn]).toEqual([1, 2, 3])
    expect(report.f1).toBe(2 / (2 + 2 + 3))
    expect(report.episodes).toBe(3)
  })

  test('ten calls of weight 0.1 give TP 1 in one episode as in ten, overall and per tool', () => {
    const metric = new ToolCallMetric({ grammar: { tools: { f: { importance: 0.1 } } } })
    const calls = Array.from({ length: 10 }, (_, i) => call('f', String(i)))
    const oneEpisode = evaluate([{ pred: calls, gold: calls }], metric)
    const tenEpisodes = evaluate(calls.map((c) => ({ pred: [c], gold: [c] })), metric)
    expect(metric.score(calls, calls).tp).toBe(1)
    expect([oneEpisode.tp, oneEpisode.perTool.f!.tp, tenEpisodes.tp]).toEqual([1, 1, 1])
    expect(metric.score([], calls).fn).toBe(1)
  })

  test('at arg level a call of ten arguments of weight 0.1 counts 1.1, paired or not, as eleven calls would', () => {
    const metric = new ToolCallMetric({ level: 'arg', grammar: { tools: { f: { importance: 0.1 } } } })
    const tenArgs = { name: 'f', args: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`a${i}`, i])) }
    expect(metric.score([tenArgs], [tenArgs]).tp).toBe(1.1)
    expect(metric.score([], [tenArgs]).fn).toBe(1.1)
    expect(metric.score([tenArgs], []).fp).toBe(1.1)
  })

  test('weights whose double sum lands on a whole number still give the exact sum, in one episode as in several', () => {
    // 1 + 6e-17 + 6e-17 is 1 as doubles are added, and 1.0000000000000002 rounded once.
    const metric = new ToolCallMetric({ grammar: { tools: { f: { importance: 6e-17 } } } })
    const calls = [call('g', 'a'), call('f', 'b'), call('f', 'c')]
    const oneEpisode = evaluate([{ pred: calls, gold: calls }], metric)
    const threeEpisodes = evaluate(calls.map((c) => ({ pred: [c], gold: [c] })), metric)
    expect([oneEpisode.tp, metric.score([], calls).fn]).toEqual([threeEpisodes.tp, threeEpisodes.tp])
    expect(threeEpisodes.tp).toBe(1.0000000000000002)
  })

  test('episodes of two fractional weights add up as one episode of all their calls, and as their tools do', () => {
    // Each episode's own total, 0.1 + 0.2, rounds to 0.30000000000000004; ten of them added would round again.
    const metric = new ToolCallMetric({ grammar: { tools: { a: { importance: 0.1 }, b: { importance: 0.2 } } } })
    const two = [call('a', 'x'), call('b', 'x')]
    const tenEpisodes = evaluate(Array.from({ length: 10 }, () => ({ pred: two, gold: two })), metric)
    const oneEpisode = evaluate([{ pred: Array(10).fill(two).flat(), gold: Array(10).fill(two).flat() }], metric)
    expect(tenEpisodes.tp).toBe(oneEpisode.tp)
    expect(tenEpisodes.tp).toBe(3)
    expect(tenEpisodes.perTool.a!.tp + tenEpisodes.perTool.b!.tp).toBe(tenEpisodes.tp)
  })

  test('past a thousand tools that only the model named, its further names count under one row, as do its names too long for a tool', () => {
    function* madeUp(count: number, length = 8): Generator<Episode> {
      for (let i = 0; i < count; i++) yield { pred: [call(`${i}`.padStart(length, 'x'), 'q')], gold: [call('search', 'q')] }
    }
    const report = evaluate(madeUp(1500))
    expect(Object.keys(report.perTool)).toHaveLength(1 + 1000 + 1)
    expect(report.perTool['(other tools)']).toMatchObject({ tp: 0, fp: 500, fn: 0 })
    expect(report.perTool.search).toMatchObject({ tp: 0, fp: 0, fn: 1500 })
    expect(report.fp).toBe(1500)
    expect(Object.keys(evaluate(madeUp(3, 257)).perTool)).toEqual(['(other tools)', 'search'])
  })

  test("where tool names compare folded, a prediction's extra call counts under the gold's spelling of its tool", () => {
    const metric = new ToolCallMetric({ name: 'toolName' })
    const report = evaluate(
      [
        { pred: [call('Get-Weather', 'Paris'), call('GET_WEATHER', 'Rome')], gold: [call('get_weather', 'Paris')] },
        { pred: [call('get.weather', 'Oslo')], gold: [call('search', 'Oslo')] },
      ],
      metric,
    )
    expect(Object.keys(report.perTool)).toEqual(['get_weather', 'search'])
    expect(report.perTool.get_weather).toMatchObject({ tp: 1, fp: 2, fn: 0 })
    // Whichever spelling comes first, and whether or not the gold names the tool before the model does.
    const spellings = (order: Episode[]) => evaluate(order, metric).perTool
    const [extra, named, otherSpelling] = [
      { pred: [call('GET_WEATHER', 'Rome')], gold: [] },
      { pred: [], gold: [call('get_weather', 'Paris')] },
      { pred: [call('get.weather', 'Oslo')], gold: [] },
    ]
    for (const order of [[extra, named, otherSpelling], [named, otherSpelling, extra], [otherSpelling, extra, named]]) {
      expect(spellings(order)).toEqual({ get_weather: { tp: 0, fp: 2, fn: 1, precision: 0, recall: 0, f1: 0 } })
    }
    expect(Object.keys(spellings([extra, otherSpelling]))).toEqual(['GET_WEATHER'])
    // Names compared exactly keep each spelling apart, as the pairing does.
    expect(Object.keys(evaluate([{ pred: [call('GET_WEATHER', 'Rome')], gold: [call('get_weather', 'Rome')] }]).perTool)).toEqual(['GET_WEATHER', 'get_weather'])
  })

  test('where tool names compare folded, a row is shown by the least of the gold\'s spellings in code-unit order, else of the model\'s, whatever order the episodes come in', () => {
    const metric = new ToolCallMetric({ name: 'toolName' })
    const golds = (name: string) => ({ pred: [call(name, 'Paris')], gold: [call(name, 'Paris')] })
    const models = (name: string) => ({ pred: [call(name, 'Paris')], gold: [] })
    const [lower, capital, upper, modelsLower, modelsUpper] = [golds('get_w'), golds('Get.W'), golds('GET-W'), models('mis_x'), models('MIS.X')]
    for (const order of [[lower, capital, upper, modelsLower, modelsUpper], [modelsUpper, upper, modelsLower, capital, lower]]) {
      expect(Object.keys(evaluate(order, metric).perTool)).toEqual(['GET-W', 'MIS.X'])
    }
    // A model's spelling that comes before the gold's in code-unit order does not show a row the gold names.
    expect(Object.keys(evaluate([capital, { pred: [call('GET-W', 'Oslo')], gold: [] }], metric).perTool)).toEqual(['Get.W'])
  })

  test("where the author's name canonicalizer throws on a model's tool name, that tool's calls count in one row under the name", () => {
    const fold = (name: string) => {
      if (name.startsWith('bad')) throw new Error('not a tool of ours')
      return name.toLowerCase()
    }
    const episode = { pred: [call('bad', 'Paris')], gold: [call('get_weather', 'Paris')] }
    const report = evaluate([episode, episode], new ToolCallMetric({ name: fold }))
    expect(report.perTool.bad).toMatchObject({ tp: 0, fp: 2, fn: 0 })
    expect(report.fp).toBe(2)
  })

  test("a tool the metric's grammar declares keeps its own row, however many the model made up before it", () => {
    const madeUp = Array.from({ length: 1200 }, (_, i): Episode => ({ pred: [call(`made_up_${i}`, 'q')], gold: [] }))
    const metric = new ToolCallMetric({ grammar: { tools: { delete_all: { importance: 5 } } } })
    const report = evaluate([...madeUp, { pred: [call('delete_all', 'q')], gold: [] }], metric)
    expect(report.perTool.delete_all).toMatchObject({ tp: 0, fp: 5, fn: 0 })
    expect(report.perTool['(other tools)']).toMatchObject({ fp: 200 })
  })

  test('reports added up hold the rows of tools the model alone named to the same thousand', async () => {
    const { CorpusCounts } = await import('../../src/metric/corpus-counts')
    const shard = (from: number) => evaluate(Array.from({ length: 750 }, (_, i): Episode => ({ pred: [call(`made_up_${from + i}`, 'q')], gold: [call('search', 'q')] })))
    const counts = new CorpusCounts()
    for (const report of [shard(0), shard(750)]) counts.add(report, report.perTool)
    const perTool = counts.perTool()
    expect(Object.keys(perTool)).toHaveLength(1 + 1000 + 1)
    expect(perTool['(other tools)']).toMatchObject({ fp: 500 })
    expect(perTool.search).toMatchObject({ fn: 1500 })
  })

  test('a tool the gold names keeps its own row, however many the model made up before it', () => {
    const madeUp = Array.from({ length: 1200 }, (_, i): Episode => ({ pred: [call(`made_up_${i}`, 'q')], gold: [] }))
    const report = evaluate([...madeUp, { pred: [call('late', 'q'), call('late', 'r')], gold: [call('late', 'q')] }])
    expect(report.perTool.late).toMatchObject({ tp: 1, fp: 1, fn: 0 })
    expect(report.perTool['(other tools)']).toMatchObject({ fp: 200 })
  })

  test('differs from the mean of per-episode F1s', () => {
    const metric = new ToolCallMetric()
    const meanF1 = episodes.map((e) => metric.score(e.pred, e.gold).f1).reduce((a, b) => a + b) / episodes.length
    expect(evaluate(episodes).f1).not.toBeCloseTo(meanF1, 5)
  })

  test('aggregate gives the same micro F1 from the scores', () => {
    const metric = new ToolCallMetric()
    expect(metric.aggregate(episodes.map((e) => metric.score(e.pred, e.gold)))).toBe(evaluate(episodes, metric).f1)
  })

  test('aggregate refuses counts that are not finite and not negative, naming which score', () => {
    const metric = new ToolCallMetric()
    for (const wrong of [{ tp: Number.NaN, fp: 0, fn: 0 }, { tp: 1, fp: -1, fn: 0 }, { tp: 1, fp: 0, fn: Infinity }, { tp: '1', fp: 0, fn: 0 }]) {
      expect(() => metric.aggregate([{ tp: 1, fp: 0, fn: 0 }, wrong as never])).toThrow(new TypeError('scores[1]: expected a Score, with tp, fp and fn finite and not negative'))
    }
  })

  test('aggregate refuses what is not an iterable of scores, saying so', () => {
    const metric = new ToolCallMetric()
    for (const wrong of [5, null, undefined, { tp: 1, fp: 0, fn: 0 }]) {
      expect(() => metric.aggregate(wrong as never)).toThrow(/^scores: expected an iterable of Scores \(an array, a generator\), received /)
    }
  })

  test('reports per-tool figures', () => {
    const report = evaluate(episodes)
    expect(report.perTool.search).toMatchObject({ tp: 1, fp: 1, fn: 2 })
    expect(report.perTool.answer).toMatchObject({ tp: 0, fp: 1, fn: 1, f1: 0 })
  })

  test('keeps the worst episodes, lowest F1 first', () => {
    const report = evaluate(episodes, undefined, { worst: 2 })
    expect(report.worst.map((w) => w.id)).toEqual(['wrong', 'empty'])
  })

  test('takes a generator and an async iterable alike', async () => {
    function* generate() {
      yield* episodes
    }
    async function* stream() {
      yield* episodes
    }
    const fromGenerator = evaluate(generate())
    const fromStream = await evaluate(stream())
    expect(fromStream).toEqual(fromGenerator)
  })

  test('reads a source that is iterable both ways as the sync one, as its type says', () => {
    const both = { [Symbol.iterator]: () => episodes[Symbol.iterator](), [Symbol.asyncIterator]: () => { throw new Error('not read') } }
    expect(evaluate(both).episodes).toBe(episodes.length)
  })

  test('over an async iterable, a bad metric or option rejects the promise, as every other error of the run does', async () => {
    async function* stream() {
      yield* episodes
    }
    let run: Promise<unknown> | undefined
    expect(() => (run = evaluate(stream(), undefined, { wrost: 2 } as EvaluateOptions))).not.toThrow()
    await expect(run).rejects.toThrow(new TypeError("options.wrost: unknown option (did you mean 'worst'?); the options are worst, onEpisode, goldForm"))
    await expect(evaluate(stream(), {} as ToolCallMetric)).rejects.toThrow(TypeError)
  })

  test("the metric's options given in its place say where they go", () => {
    expect(() => evaluate(episodes, { level: 'arg' } as unknown as ToolCallMetric)).toThrow(
      new TypeError(`metric: expected a ToolCallMetric, received {"level": "arg"}: options go to the metric, evaluate(episodes, new ToolCallMetric({"level": "arg"}))`),
    )
    expect(() => evaluate(episodes, { options: {} } as unknown as ToolCallMetric)).toThrow(/^metric: expected a ToolCallMetric, received \{"options": \{\}\}$/)
    // evaluate's own options in the metric's place are no metric's options.
    expect(() => evaluate(episodes, { worst: 10 } as unknown as ToolCallMetric)).toThrow(/^metric: expected a ToolCallMetric, received \{"worst": 10\}$/)
  })

  test("an episode's own grammar weighs its calls in place of the metric's, and is read once for a corpus that shares it", () => {
    const heavy = { tools: { search: { importance: 5 } } }
    const report = evaluate([
      { pred: [call('search', 'b')], gold: [call('search', 'a')], grammar: heavy },
      { pred: [call('search', 'b')], gold: [call('search', 'a')] },
    ])
    expect([report.fp, report.fn]).toEqual([6, 6])
    let reads = 0
    const counted = { get tools() { reads++; return heavy.tools } }
    const readsOver = (count: number) => {
      reads = 0
      evaluate(Array.from({ length: count }, () => ({ pred: [], gold: [call('search', 'a')], grammar: counted })))
      return reads
    }
    expect(readsOver(3)).toBe(readsOver(1))
    const misspelt = { tools: { f: { importnace: 2 } } } as unknown as Episode['grammar']
    expect(() => evaluate([{ pred: [], gold: [], grammar: misspelt }])).toThrow(/^episodes\[0\]\.grammar\.tools\.f/)
  })

  test('an id that is a number must be finite, as JSON cannot write NaN or Infinity', () => {
    expect(() => evaluate([{ id: Number.NaN, pred: [], gold: [] }])).toThrow(new TypeError('episodes[0].id: expected a string or a finite number, received NaN'))
  })

  test('pulls one episode at a time', () => {
    let pulled = 0
    let scoredBeforeNext = 0
    function* generate() {
      for (const episode of episodes) {
        pulled++
        yield episode
      }
    }
    evaluate(generate(), undefined, { onEpisode: (result) => (scoredBeforeNext += result.index === pulled - 1 ? 1 : 0) })
    expect(scoredBeforeNext).toBe(episodes.length)
  })

  test('names the episode of a malformed gold', () => {
    expect(() => evaluate([episodes[0]!, { pred: [], gold: [{ name: 'f', args: { x: undefined } }] }])).toThrow(/^episodes\[1\]\.gold\[0\]\.args\.x: /)
  })

  test('a prediction whose getter throws is graded wrong, saying why, and the corpus goes on; a gold or id that throws is named', () => {
    const gold = [{ name: 'f', args: {} }]
    const unreadable = Object.defineProperty({ gold }, 'pred', {
      enumerable: true,
      get() {
        throw new Error('the agent crashed')
      },
    })
    const results: EpisodeResult[] = []
    const report = evaluate([unreadable as Episode, { pred: gold, gold }], undefined, { onEpisode: (result) => results.push(result) })
    expect(report.episodes).toBe(2)
    expect(results[0]!.score.unmatchedPred).toEqual([
      expect.objectContaining({ kind: 'unparseable', reason: 'episodes[0].pred: could not be read (the agent crashed)' }),
    ])
    expect(results[0]!.score.unmatchedGold).toHaveLength(1)
    expect(results[1]!.score.f1).toBe(1)
    const throwing = (key: string) =>
      Object.defineProperty({ pred: [], gold }, key, {
        enumerable: true,
        get() {
          throw new Error('no access')
        },
      })
    expect(() => evaluate([throwing('gold') as Episode])).toThrow(new TypeError('episodes[0].gold: could not be read (no access)'))
    expect(() => evaluate([throwing('id') as Episode])).toThrow(new TypeError('episodes[0].id: could not be read (no access)'))
    expect(() => evaluate([throwing('grammar') as Episode])).toThrow(new TypeError('episodes[0].grammar: could not be read (no access)'))
    const hostile = new Proxy({}, { has: () => { throw new Error('trap') } })
    expect(() => evaluate([hostile as Episode])).toThrow(new TypeError('episodes[0]: could not be read (trap)'))
  })

  test("an episode's grammar that throws as it is read, by a Proxy's trap, is a TypeError naming it, as the metric's grammar is", () => {
    const gold = [{ name: 'f', args: {} }]
    const trapped = new Proxy([{ name: 'f', parameters: { type: 'object' } }], { get: () => { throw new Error('trap') } })
    expect(() => evaluate([{ pred: [], gold, grammar: trapped }])).toThrow(new TypeError('episodes[0].grammar: could not be read (trap)'))
    const listing = { tools: new Proxy({}, { ownKeys: () => { throw new Error('trap') } }) }
    expect(() => evaluate([{ pred: [], gold, grammar: listing }])).toThrow(new TypeError('episodes[0].grammar: could not be read (trap)'))
    expect(() => new ToolCallMetric({ grammar: trapped })).toThrow(new TypeError('options.grammar: could not be read (trap)'))
  })

  test('an episode without gold throws', () => {
    expect(() => evaluate([{ pred: [] } as unknown as Episode])).toThrow(/^episodes\[0\]: expected \{ id\?, pred, gold \}/)
  })

  test('an episode whose key misspells pred or gold says which it meant', () => {
    expect(() => evaluate([{ pred: [], gld: [] } as unknown as Episode])).toThrow(
      new TypeError(`episodes[0]: expected { id?, pred, gold }, received {"gld": [], "pred": []} ("gld": did you mean 'gold'?)`),
    )
    expect(() => evaluate([{ id: 1, prediction: [], gold: [] } as unknown as Episode])).toThrow(/\("prediction": did you mean 'pred'\?\)$/)
  })

  test('options are checked before any episode is scored', () => {
    let pulled = 0
    function* counted() {
      for (const episode of episodes) {
        pulled++
        yield episode
      }
    }
    const metric = new ToolCallMetric()
    expect(() => evaluate(counted(), metric, { wrost: 1 } as never)).toThrow(new TypeError("options.wrost: unknown option (did you mean 'worst'?); the options are worst, onEpisode, goldForm"))
    expect(() => evaluate(counted(), metric, { worst: '3' } as never)).toThrow(new TypeError('options.worst: expected a count of episodes (0 or more), received "3"'))
    expect(() => evaluate(counted(), metric, { worst: 1.5 })).toThrow(new TypeError('options.worst: expected a count of episodes (0 or more), received 1.5'))
    expect(() => evaluate(counted(), metric, { onEpisode: true } as never)).toThrow(
      new TypeError('options.onEpisode: expected a function (result) => void, received true'),
    )
    expect(() => evaluate(counted(), metric, [] as never)).toThrow(new TypeError('options: expected an object of options, received []'))
    expect(pulled).toBe(0)
  })

  test('keeps no worst episodes with worst: 0', () => {
    expect(evaluate(episodes, new ToolCallMetric(), { worst: 0 }).worst).toEqual([])
  })
})

describe('an onEpisode that returns a promise', () => {
  const call = { name: 'f', args: {} }
  async function* source() {
    for (let i = 0; i < 3; i++) yield { pred: [call], gold: [call] }
  }

  test('of an async source, is awaited before the next episode, and its rejection rejects the run', async () => {
    const order: string[] = []
    await evaluate(source(), undefined, {
      onEpisode: async ({ index }) => {
        order.push(`start ${index}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        order.push(`end ${index}`)
      },
    })
    expect(order).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2'])
    const failing = evaluate(source(), undefined, { onEpisode: async ({ index }) => { if (index === 1) throw new Error('store write failed') } })
    await expect(failing).rejects.toThrow('store write failed')
  })

  test('of a sync source, throws a TypeError saying what to do, its rejection handled', () => {
    const rejected = () => Promise.reject(new Error('store write failed'))
    expect(() => evaluate([{ pred: [call], gold: [call] }], undefined, { onEpisode: rejected })).toThrow(
      new TypeError('options.onEpisode: returned a promise, which evaluate of a sync source cannot wait for; make it synchronous, or pass the episodes as an async iterable, whose evaluate awaits it'),
    )
  })
})

describe("an episode's keys", () => {
  const call = { name: 'f', args: {} }

  test('a slip of grammar throws a TypeError naming it, where the grammar would have been passed over', () => {
    expect(() => evaluate([{ pred: [call], gold: [call] }, { pred: [call], gold: [call], grammer: { tools: { f: { importance: 5 } } } } as Episode])).toThrow(
      new TypeError("episodes[1].grammer: unknown key (did you mean 'grammar'?); an episode is { id?, pred, gold, grammar? }"),
    )
  })

  test('grammar given as undefined is no grammar of its own, as its type allows, not a slip of itself', () => {
    expect(evaluate([{ pred: [call], gold: [call], grammar: undefined }]).f1).toBe(1)
  })

  test('other keys of the author’s own are kept out of it', () => {
    const episode = { id: 'q1', pred: [call], gold: [call], question: 'Why?', category: 'simple', summary: 'x', programs: [] } as Episode
    expect(evaluate([episode]).f1).toBe(1)
  })
})
