import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { bfclItems, BFCL_DATA_DIR, firstAllowedFunctionCallingOutput, firstAllowedOutput } from './bfcl-entries'
import { runCli, tempFolder } from './run-cli'

let folder: ReturnType<typeof tempFolder>
beforeEach(() => {
  folder = tempFolder()
})
afterEach(() => folder.remove())

const parallel = bfclItems('parallel')
const resultLine = (id: string, result: unknown) => `${JSON.stringify({ id, result })}\n`
const rightResults = () => new Map(parallel.map((item) => [item.id, resultLine(item.id, firstAllowedOutput(item.groundTruth))]))

describe('toolcalls bfcl', () => {
  test('scores a category whose results give the first allowed values at 100%', async () => {
    const results = folder.write('results.jsonl', [...rightResults().values()].join(''))
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', results, '--data', BFCL_DATA_DIR])
    expect(run.stdout).toBe('parallel: accuracy 100.00% (200/200 correct)\n')
    expect(run.code).toBe(0)
  })

  test("reads a function-calling model's results, whose calls hold their arguments as JSON text, as it reads the same answers in Python text", async () => {
    for (const category of ['simple_python', 'multiple', 'parallel', 'parallel_multiple']) {
      const items = bfclItems(category)
      const asText = items.map((item) => resultLine(item.id, firstAllowedOutput(item.groundTruth)))
      const asCalls = items.map((item) => resultLine(item.id, firstAllowedFunctionCallingOutput(item.groundTruth)))
      expect(asCalls[0]).toMatch(/^\{"id":"\w+_0","result":\[\{"[\w.]+":"\{\\"/)
      const score = (name: string, lines: string[]) =>
        runCli(['bfcl', '--category', category, '--results', folder.write(name, lines.join('')), '--data', BFCL_DATA_DIR])
      const [text, calls] = await Promise.all([score(`${category}-text.jsonl`, asText), score(`${category}-calls.jsonl`, asCalls)])
      expect(calls.stdout).toBe(text.stdout)
      // All right but two answers to questions whose gold gives an argument their function does not declare.
      expect(calls.stdout).toMatch(new RegExp(`${category}: accuracy (100\\.00% \\(${items.length}|99\\.00% \\(198)/${items.length} correct\\)\\n$`))
    }
  })

  test("--underscore-to-dot reads math_factorial as math.factorial, as the leaderboard reads an OpenAI-style model's results", async () => {
    const underscored = (item: (typeof parallel)[number]) =>
      firstAllowedFunctionCallingOutput(item.groundTruth).map((call) => Object.fromEntries(Object.entries(call).map(([name, args]) => [name.replaceAll('.', '_'), args])))
    const path = folder.write('results.jsonl', parallel.map((item) => resultLine(item.id, underscored(item))).join(''))
    const score = (...options: string[]) => runCli(['bfcl', '--category', 'parallel', '--results', path, '--data', BFCL_DATA_DIR, ...options])
    expect((await score()).stdout).toMatch(/parallel_0 +parallel_function_checker_no_order:cannot_find_match/)
    expect((await score('--underscore-to-dot')).stdout).toBe('parallel: accuracy 100.00% (200/200 correct)\n')
  })

  test("names the result file's own field in a decoder's error", async () => {
    const results = rightResults()
    results.set('parallel_0', resultLine('parallel_0', [{ 'spotify.play': '{"artist": "Taylor' }]))
    const path = folder.write('results.jsonl', [...results.values()].join(''))
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', path, '--data', BFCL_DATA_DIR])
    expect(run.stdout).toMatch(/parallel_0 +ast_decoder:decoder_failed +Invalid syntax\. Failed to decode AST\. result\[0\]\["spotify\.play"\]: not valid JSON/)
  })

  test("escapes the control characters of a result's text that an error quotes, and of a result line that is not JSON", async () => {
    const results = rightResults()
    results.set('parallel_0', resultLine('parallel_0', '\x1b[31mplay(\u009b'))
    const path = folder.write('results.jsonl', `${[...results.values()].join('')}\x1b[31mbad\n`)
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', path, '--data', BFCL_DATA_DIR])
    expect(run.stdout).toContain(`found '\\u001b', in "\\u001b[31mplay(\\u009b"`)
    expect(run.stdout).toContain(`${path}:201: not valid JSON (Unexpected token '\\u001b'`)
    expect(run.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/)
  })

  test("writes an error that quotes a long run of spaces from a result's text on one line, cut to its start", async () => {
    const items = bfclItems('simple_python')
    const results = new Map(items.map((item) => [item.id, resultLine(item.id, firstAllowedOutput(item.groundTruth))]))
    results.set('simple_python_0', resultLine('simple_python_0', `[calculate_triangle_area(base=10, height=5, unit='a${' '.repeat(200_000)}b')]`))
    const path = folder.write('results.jsonl', [...results.values()].join(''))
    const run = await runCli(['bfcl', '--category', 'simple_python', '--results', path, '--data', BFCL_DATA_DIR])
    const failing = run.stdout.split('\n').filter((line) => line.startsWith('  simple_python_0 '))
    expect(failing).toHaveLength(1)
    expect(failing[0]).toContain(`'a${' '.repeat(20)}`)
    expect(failing[0]!.length).toBeLessThan(400)
  })

  test('--data given the possible_answer folder, or a folder of answer files, says that --data is the folder that holds possible_answer/', async () => {
    const bfcl = (data: string) => runCli(['bfcl', '--category', 'parallel', '--results', 'results.jsonl', '--data', data])
    const answers = join(BFCL_DATA_DIR, 'possible_answer')
    const itself = await bfcl(answers)
    expect(itself.stderr).toBe(`--data ${answers}: the possible_answer folder itself; --data is the folder that holds BFCL's question files and possible_answer/ (here, ${BFCL_DATA_DIR.replace(/\/$/, '')})\n`)
    expect(itself.code).toBe(2)
    const flat = join(folder.dir, 'flat')
    mkdirSync(flat)
    folder.write('flat/BFCL_v4_parallel.json', readFileSync(join(answers, 'BFCL_v4_parallel.json'), 'utf8'))
    expect((await bfcl(flat)).stderr).toBe(
      `--data ${flat}: holds possible-answer files (BFCL_v4_parallel.json) where question files were expected; --data is the folder that holds BFCL's question files and possible_answer/\n`,
    )
    const questionsOnly = join(folder.dir, 'questions')
    mkdirSync(questionsOnly)
    folder.write('questions/BFCL_v4_parallel.json', readFileSync(join(BFCL_DATA_DIR, 'BFCL_v4_parallel.json'), 'utf8'))
    expect((await bfcl(questionsOnly)).stderr).toBe(
      `${questionsOnly}/possible_answer: no such directory; --data is the folder that holds BFCL's question files and possible_answer/\n`,
    )
  })

  test("--data given one of BFCL's data files says that --data is their folder, and names it", async () => {
    const bfcl = (data: string) => runCli(['bfcl', '--category', 'parallel', '--results', 'results.jsonl', '--data', data])
    const folderOfData = BFCL_DATA_DIR.replace(/\/$/, '')
    for (const file of [join(BFCL_DATA_DIR, 'BFCL_v4_parallel.json'), join(BFCL_DATA_DIR, 'possible_answer', 'BFCL_v4_parallel.json')]) {
      const run = await bfcl(file)
      expect(run.stderr).toBe(`--data ${file}: a file, not a directory; --data is the folder that holds BFCL's question files and possible_answer/ (here, ${folderOfData})\n`)
      expect(run.code).toBe(2)
    }
    const other = folder.write('notes.txt', 'x\n')
    expect((await bfcl(other)).stderr).toBe(`--data ${other}: a file, not a directory; --data is the folder that holds BFCL's question files and possible_answer/\n`)
  })

  test("--results given BFCL's question or possible-answer file says which it is, and that --data reads those", async () => {
    for (const [file, line] of [
      [join(BFCL_DATA_DIR, 'BFCL_v4_parallel.json'), `a line of BFCL's question file { "id", "question", "function" }`],
      [join(BFCL_DATA_DIR, 'possible_answer', 'BFCL_v4_parallel.json'), `a line of BFCL's possible-answer file { "id", "ground_truth" }`],
    ] as const) {
      const run = await runCli(['bfcl', '--category', 'parallel', '--results', file, '--data', BFCL_DATA_DIR])
      expect(run.stderr).toBe(
        `${file}: no results to score, where each line is { "id", "result" }; the first line that is none: ${file}:1: ${line}, not a result; ` +
          `--results takes the model's results, and the question and possible-answer files are read from --data\n`,
      )
      expect(run.code).toBe(2)
    }
  })

  test('lists the failing ids with their error types, in the order of the questions', async () => {
    const results = rightResults()
    results.set('parallel_2', resultLine('parallel_2', 'I cannot call a function for that.'))
    results.set('parallel_0', resultLine('parallel_0', "[spotify.play(artist='Taylor Swift', duration=20)]"))
    const path = folder.write('results.jsonl', [...results.values()].join(''))
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', path, '--data', BFCL_DATA_DIR])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Failing \(2 of 200\):\n {2}parallel_0 +parallel_function_checker_no_order:wrong_count +.+\n {2}parallel_2 +ast_decoder:decoder_failed +.+\n\nparallel: accuracy 99\.00% \(198\/200 correct\)\n$/)
  })

  test('counts a question without a result as a failure and lists a result without a question', async () => {
    const results = rightResults()
    results.delete('parallel_7')
    results.set('parallel_999', resultLine('parallel_999', '[]'))
    const path = folder.write('results.jsonl', [...results.values()].join(''))
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', path, '--data', BFCL_DATA_DIR])
    expect(run.stdout).toContain(`parallel_7  missing_result  no result for "parallel_7" in ${path}`)
    expect(run.stdout).toContain(`Result lines not scored (1):\n  ${path}:200: "parallel_999": no question in parallel`)
    expect(run.stdout).toContain('accuracy 99.50% (199/200 correct)')
  })

  test("lists the result lines not scored in the file's order, the first twenty of them, whichever the join finds first", async () => {
    const strays = Array.from({ length: 21 }, (_, i) => resultLine(`stray_${i}`, '[]'))
    const unread = Array.from({ length: 5 }, () => 'not json\n')
    // Results for the first half of the questions: the join tells the strays only once it has read past them.
    const path = folder.write('results.jsonl', [...strays, ...[...rightResults().values()].slice(0, 100), ...unread].join(''))
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', path, '--data', BFCL_DATA_DIR])
    const listed = run.stdout.split('\n').filter((line) => line.startsWith(`  ${path}:`) || line.startsWith('  … and'))
    expect(listed).toEqual([...strays.slice(0, 20).map((_, i) => `  ${path}:${i + 1}: "stray_${i}": no question in parallel`), '  … and 6 more'])
    expect(run.stdout).toContain('Result lines not scored (26):')
  })

  test('lists a result line that is not JSON and scores the rest', async () => {
    const results = rightResults()
    results.set('parallel_1', '{"id": "parallel_1", "result": "[calc\n')
    const path = folder.write('results.jsonl', [...results.values()].join(''))
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', path, '--data', BFCL_DATA_DIR])
    expect(run.stdout).toMatch(new RegExp(`${path}:2: not valid JSON`))
    expect(run.stdout).toContain('parallel_1  missing_result')
  })

  test('--min-accuracy exits with 1 below it, the report printed all the same, and takes a fraction', async () => {
    const results = rightResults()
    results.set('parallel_2', resultLine('parallel_2', 'no call'))
    results.set('parallel_5', resultLine('parallel_5', 'no call'))
    const path = folder.write('results.jsonl', [...results.values()].join(''))
    const bfcl = (minAccuracy: string) => runCli(['bfcl', '--category', 'parallel', '--results', path, '--data', BFCL_DATA_DIR, '--min-accuracy', minAccuracy])
    const below = await bfcl('0.995')
    expect(below.stdout).toContain('parallel: accuracy 99.00% (198/200 correct)\n')
    expect(below.stderr).toBe('toolcalls bfcl: the accuracy 0.99 is below --min-accuracy 0.995\n')
    expect(below.code).toBe(1)
    const at = await bfcl('0.99')
    expect([at.stderr, at.code]).toEqual(['', 0])
    const percent = await bfcl('99')
    expect(percent.stderr).toMatch(/^toolcalls bfcl: --min-accuracy: expected a number from 0 to 1, received '99' \(for 99%, write 0\.99\)/)
    expect(percent.code).toBe(2)
  })

  test('--json writes the accuracy, the counts and the failing verdicts', async () => {
    const results = rightResults()
    results.set('parallel_2', resultLine('parallel_2', 'no call'))
    const path = folder.write('results.jsonl', [...results.values()].join(''))
    const out = join(folder.dir, 'score.json')
    await runCli(['bfcl', '--category', 'parallel', '--results', path, '--data', BFCL_DATA_DIR, '--json', out])
    const report = JSON.parse(readFileSync(out, 'utf8'))
    expect(report).toEqual({
      accuracy: 199 / 200,
      correct_count: 199,
      total_count: 200,
      failures: [{ id: 'parallel_2', valid: false, error_type: 'ast_decoder:decoder_failed', errors: expect.any(Array) }],
    })
  })

  test('an unknown category is a user error that suggests the nearest', async () => {
    const run = await runCli(['bfcl', '--category', 'paralel', '--results', 'r.jsonl', '--data', BFCL_DATA_DIR])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^toolcalls bfcl: --category: 'paralel' is not a BFCL AST category \(did you mean 'parallel'\?\)/)
  })

  test("a category's older name finds its data files by their newer one, and the reverse: simple is simple_python", async () => {
    const items = bfclItems('simple_python')
    const results = folder.write('results.jsonl', items.map((item) => resultLine(item.id, firstAllowedOutput(item.groundTruth))).join(''))
    const run = await runCli(['bfcl', '--category', 'simple', '--results', results, '--data', BFCL_DATA_DIR])
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^simple: accuracy \d+\.\d\d% \(\d+\/400 correct\)\n$/)
    mkdirSync(join(folder.dir, 'v3', 'possible_answer'), { recursive: true })
    folder.write('v3/BFCL_v3_simple.json', readFileSync(join(BFCL_DATA_DIR, 'BFCL_v4_simple_python.json'), 'utf8'))
    folder.write('v3/possible_answer/BFCL_v3_simple.json', readFileSync(join(BFCL_DATA_DIR, 'possible_answer', 'BFCL_v4_simple_python.json'), 'utf8'))
    const older = await runCli(['bfcl', '--category', 'simple_python', '--results', results, '--data', join(folder.dir, 'v3')])
    expect(older.stdout.replace(/^simple_python/, 'simple')).toBe(run.stdout)
  })

  test('a category without data files in the folder is a user error', async () => {
    const run = await runCli(['bfcl', '--category', 'live_simple', '--results', 'r.jsonl', '--data', BFCL_DATA_DIR])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/: no BFCL_v\*_live_simple\.json; categories here: multiple, parallel, /)
  })

  test('data files of no questions, or that give an id twice, are user errors naming the file and line', async () => {
    const data = (questions: string, answers: string) => {
      mkdirSync(join(folder.dir, 'data', 'possible_answer'), { recursive: true })
      folder.write('data/BFCL_v4_parallel.json', questions)
      folder.write('data/possible_answer/BFCL_v4_parallel.json', answers)
      return join(folder.dir, 'data')
    }
    const results = folder.write('results.jsonl', resultLine('parallel_0', '[f()]'))
    const bfcl = (dir: string) => runCli(['bfcl', '--category', 'parallel', '--results', results, '--data', dir])
    const empty = await bfcl(data('', ''))
    expect(empty.stderr).toBe(`${join(folder.dir, 'data', 'BFCL_v4_parallel.json')}: no questions to score; an empty category has no accuracy\n`)
    expect(empty.code).toBe(2)
    const [question] = readFileSync(join(BFCL_DATA_DIR, 'BFCL_v4_parallel.json'), 'utf8').split('\n')
    const [answer] = readFileSync(join(BFCL_DATA_DIR, 'possible_answer', 'BFCL_v4_parallel.json'), 'utf8').split('\n')
    const twice = await bfcl(data(`${question}\n${question}\n`, `${answer}\n${answer}\n`))
    expect(twice.stderr).toBe(`${join(folder.dir, 'data', 'BFCL_v4_parallel.json')}:2: a second question for "parallel_0"; each id is given once\n`)
    expect(twice.code).toBe(2)
  })

  test('a results file of no results, empty or of lines that are none, is a user error, not an accuracy of 0', async () => {
    const bfcl = (results: string) => runCli(['bfcl', '--category', 'parallel', '--results', results, '--data', BFCL_DATA_DIR])
    const empty = await bfcl(folder.write('empty.jsonl', ''))
    expect(empty.stderr).toBe(`${join(folder.dir, 'empty.jsonl')}: no results to score, where each line is { "id", "result" }\n`)
    expect(empty.code).toBe(2)
    const unread = await bfcl(folder.write('unread.jsonl', '{"id": "parallel_0"}\n{"result": "[f()]"}\n'))
    expect(unread.stderr).toBe(
      `${join(folder.dir, 'unread.jsonl')}: no results to score, where each line is { "id", "result" }; the first line that is none: ${join(folder.dir, 'unread.jsonl')}:1: expected { "id", "result" }\n`,
    )
    expect(unread.code).toBe(2)
  })

  test("another category's results name their first line, however many there are", async () => {
    const others = bfclItems('simple_python')
    expect(others.length).toBeGreaterThan(200)
    const results = folder.write('results.jsonl', others.map((item) => resultLine(item.id, firstAllowedOutput(item.groundTruth))).join(''))
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', results, '--data', BFCL_DATA_DIR])
    expect(run.stderr).toContain(`(the first is "simple_python_0", at ${results}:1)`)
    expect(run.code).toBe(2)
  })

  test("results of which none answers a question of the category, another category's, are a user error", async () => {
    const others = bfclItems('simple_python').slice(0, 3)
    const results = folder.write('results.jsonl', others.map((item) => resultLine(item.id, firstAllowedOutput(item.groundTruth))).join(''))
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', results, '--data', BFCL_DATA_DIR])
    expect(run.stderr).toBe(`${results}: none of its results has the id of a question of parallel (the first is "simple_python_0", at ${results}:1); are they another category's?\n`)
    expect(run.code).toBe(2)
  })

  test('a results file written as one JSON document is a user error that says so', async () => {
    const lines = [...rightResults().values()].slice(0, 2).map((line) => JSON.parse(line) as unknown)
    const results = folder.write('results.json', JSON.stringify(lines, null, 2))
    const run = await runCli(['bfcl', '--category', 'parallel', '--results', results, '--data', BFCL_DATA_DIR])
    expect(run.stderr).toBe(`${results}:1: '[' alone on a line: this looks like JSON written over many lines, where JSON lines are read, one value a line (jq -c '.[]' turns an array into them)\n`)
    expect(run.code).toBe(2)
  })

  test('a missing option is a user error', async () => {
    const run = await runCli(['bfcl', '--category', 'parallel', '--data', BFCL_DATA_DIR])
    expect(run.stderr).toBe("toolcalls bfcl: --results is required; see 'toolcalls bfcl --help'\n")
    expect(run.code).toBe(2)
  })
})
