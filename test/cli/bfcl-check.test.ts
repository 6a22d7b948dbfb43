import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { join } from 'node:path'
import { BFCL_DATA_DIR, bfclItems, firstAllowedOutput, typedJson } from './bfcl-entries'
import { CLI, collect, ROOT, runCli, tempFolder } from './run-cli'

// util-linux's `script` runs a command on a pseudo-terminal of its own, where progress shows.
const hasScript = spawnSync('script', ['--version']).status === 0

let folder: ReturnType<typeof tempFolder>
beforeEach(() => {
  folder = tempFolder()
})
afterEach(() => folder.remove())

const [first, second] = bfclItems('simple_python')

function entryLine(item: typeof first, modelOutput: string): string {
  return `${typedJson({ id: item!.id, model_output: modelOutput, functions: item!.functions, ground_truth: item!.groundTruth })}\n`
}

const right = entryLine(first, firstAllowedOutput(first!.groundTruth))
const wrong = entryLine(second, '[no_such_function(x=1)]')
const verdicts = [
  { id: first!.id, valid: true, error_type: null, errors: [] },
  { id: second!.id, valid: false, error_type: 'simple_function_checker:wrong_func_name', errors: [expect.any(String)] },
]

function parseLines(stdout: string): unknown[] {
  return stdout.trimEnd().split('\n').map((line) => JSON.parse(line))
}

describe('toolcalls bfcl-check', () => {
  test.skipIf(!hasScript)('shows its progress on a terminal as entries checked', async () => {
    // Entries come through a FIFO a tenth of a second apart: progress shows once a quarter of a second has passed.
    const fifo = join(folder.dir, 'entries.fifo')
    execFileSync('mkfifo', [fifo])
    const child = spawn('script', ['-qec', `'${process.execPath}' '${CLI}' bfcl-check '${fifo}'`, '/dev/null'], { cwd: ROOT, stdio: 'pipe' })
    const run = collect(child)
    const entries = createWriteStream(fifo)
    let shown = ''
    const progress = new Promise<void>((resolve) => {
      child.stdout!.on('data', (chunk: string) => {
        shown += chunk
        if (/(?:scored|checked) \d+ entr/.test(shown)) resolve()
      })
      child.on('close', () => resolve())
    })
    const feed = setInterval(() => entries.write(right), 100)
    await progress
    clearInterval(feed)
    entries.end()
    const { stdout } = await run
    expect(stdout).toMatch(/checked \d+ entr(?:y|ies) \(\d+\/s\)/)
    expect(stdout).not.toContain('scored')
  })

  test('writes one verdict line for each entry of a file, in order', async () => {
    const file = folder.write('entries.jsonl', right + wrong)
    const run = await runCli(['bfcl-check', file])
    expect(run.code).toBe(0)
    expect(parseLines(run.stdout)).toEqual(verdicts)
    // Nothing else said: the engine takes the tuning of a short run without a word.
    expect(run.stderr).toBe('')
  })

  test('input of no entries is a user error, not a run that found nothing wrong', async () => {
    const blank = folder.write('blank.jsonl', '\n\r\n')
    const fromFile = await runCli(['bfcl-check', blank])
    expect([fromFile.code, fromFile.stdout, fromFile.stderr]).toEqual([2, '', `${blank}: no entries to check\n`])
    const fromStdin = await runCli(['bfcl-check'], { input: '' })
    expect([fromStdin.code, fromStdin.stdout, fromStdin.stderr]).toEqual([2, '', 'stdin: no entries to check\n'])
  })

  test("grades a model's decoded output nested deeper than 256 levels, and checks the lines after it; gold that deep is the data's error", async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
    const deepLine = (levels: number, item = second!) =>
      `{"id": ${JSON.stringify(item.id)}, "model_output": [{"f": {"a": ${nested(levels)}}}], "functions": ${JSON.stringify(item.functions)}, "ground_truth": ${JSON.stringify(item.groundTruth)}}\n`
    const file = folder.write('entries.jsonl', deepLine(2_000) + deepLine(300) + right)
    const run = await runCli(['bfcl-check', file])
    expect(run.code, run.stderr).toBe(0)
    const [deepest, deep, after] = parseLines(run.stdout) as Array<{ error_type: string; errors: string[] }>
    for (const verdict of [deepest!, deep!]) {
      expect(verdict.error_type).toBe('ast_decoder:decoder_wrong_output_format')
      expect(verdict.errors[0]).toMatch(/^Did not output in the specified format\. model_output\[0\]\.f\.a(\[0\])+: nested deeper than 256 levels/)
    }
    expect(after).toEqual(verdicts[0])
    const deepGold = `{"id": ${JSON.stringify(first!.id)}, "model_output": "[f()]", "functions": [], "ground_truth": [{"f": {"a": [${nested(300)}]}}]}\n`
    const refused = await runCli(['bfcl-check', folder.write('gold.jsonl', deepGold)])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('gold.jsonl:1: not valid JSON (Nesting deeper than 256 levels')
  })

  test('reads standard input when no file is given', async () => {
    const run = await runCli(['bfcl-check'], { input: right + wrong })
    expect(parseLines(run.stdout)).toEqual(verdicts)
  })

  test('reads standard input when the file is -', async () => {
    const run = await runCli(['bfcl-check', '-'], { input: wrong })
    expect(parseLines(run.stdout)).toEqual([verdicts[1]])
  })

  test('checks a line with invalid UTF-8 as read with U+FFFD, and warns about it with its line number', async () => {
    const [before, after] = wrong.split('no_such_function')
    const invalid = Buffer.concat([Buffer.from(`${before}no_such`), Buffer.from([0xff]), Buffer.from(`function${after}`)])
    const file = folder.write('entries.jsonl', Buffer.concat([Buffer.from(right), invalid, Buffer.from(right)]))
    const run = await runCli(['bfcl-check', file])
    expect(run.code).toBe(0)
    expect(parseLines(run.stdout)).toEqual([
      verdicts[0],
      expect.objectContaining({ id: second!.id, error_type: 'ast_decoder:decoder_failed', errors: [expect.stringContaining("but found '\uFFFD'")] }),
      verdicts[0],
    ])
    expect(run.stderr).toBe(`warning: ${file}:2: invalid UTF-8, read with U+FFFD replacement characters\n`)
  })

  test('--underscore-to-dot reads math_factorial as the dotted function math.factorial', async () => {
    const entry = `${JSON.stringify({
      id: 'simple_python_0',
      model_output: '[math_factorial(n=5)]',
      functions: [{ name: 'math.factorial', parameters: { type: 'dict', properties: { n: { type: 'integer' } }, required: ['n'] } }],
      ground_truth: [{ 'math.factorial': { n: [5] } }],
    })}\n`
    const run = await runCli(['bfcl-check', '--underscore-to-dot'], { input: entry })
    expect(parseLines(run.stdout)).toEqual([{ id: 'simple_python_0', valid: true, error_type: null, errors: [] }])
  })

  test('writes exactly the keys id, valid, error_type and errors', async () => {
    const run = await runCli(['bfcl-check'], { input: right })
    expect(run.stdout).toBe(`{"id":"${first!.id}","valid":true,"error_type":null,"errors":[]}\n`)
  })

  test('keeps 1.0 a float: a list of integers where the gold lists floats is a type error', async () => {
    const entry = [
      '{"id": "simple_python_0", "model_output": "[f(xs=[1, 2])]",',
      ' "functions": [{"name": "f", "parameters": {"type": "dict", "properties": {"xs": {"type": "array", "items": {"type": "float"}}}, "required": ["xs"]}}],',
      ' "ground_truth": [{"f": {"xs": [[1.0, 2.0]]}}]}\n',
    ].join('')
    const run = await runCli(['bfcl-check'], { input: entry })
    expect(parseLines(run.stdout)).toEqual([expect.objectContaining({ valid: false, error_type: 'type_error:nested' })])
  })

  test('a line that is not JSON stops with a user error naming the line, after the verdicts before it', async () => {
    const run = await runCli(['bfcl-check', '-'], { input: `${right}{"id": \n` })
    expect(run.code).toBe(2)
    expect(parseLines(run.stdout)).toEqual([verdicts[0]])
    expect(run.stderr).toMatch(/^stdin:2: not valid JSON \(.+\)\n$/)
  })

  test('a malformed entry is a user error naming the line and the path', async () => {
    const run = await runCli(['bfcl-check', '-'], { input: '{"id": "simple_python_0", "model_output": "[]", "functions": {}, "ground_truth": []}\n' })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^stdin:1: functions: expected a list of function docs/)
  })

  test('an entry with no model_output field, as a result file names it result, is a user error; a null output is graded', async () => {
    const docs = '"functions": [{"name": "f", "parameters": {"type": "dict", "properties": {}, "required": []}}], "ground_truth": [{"f": {}}]'
    const missing = await runCli(['bfcl-check', '-'], { input: `{"id": "simple_python_0", "result": "[f()]", ${docs}}\n` })
    expect(missing.stderr).toBe("stdin:1: model_output: expected the model's output (Python call text or decoded calls); the entry has no such field\n")
    expect(missing.code).toBe(2)
    const nullOutput = await runCli(['bfcl-check', '-'], { input: `{"id": "simple_python_0", "model_output": null, ${docs}}\n` })
    expect([nullOutput.code, parseLines(nullOutput.stdout)]).toEqual([0, [expect.objectContaining({ valid: false })]])
  })

  test("a line of BFCL's question, possible-answer or result file is named as such, with the command that scores BFCL's files", async () => {
    const toBfcl = "'toolcalls bfcl --category C --results R --data DIR' scores a result file against BFCL's question and possible-answer files"
    const entry = 'an entry { "id", "model_output", "functions", "ground_truth" }'
    const questions = join(BFCL_DATA_DIR, 'BFCL_v4_simple_python.json')
    expect((await runCli(['bfcl-check', questions])).stderr).toBe(`${questions}:1: a line of BFCL's question file { "id", "question", "function" }, not ${entry}; ${toBfcl}\n`)
    const answers = join(BFCL_DATA_DIR, 'possible_answer/BFCL_v4_simple_python.json')
    expect((await runCli(['bfcl-check', answers])).stderr).toBe(`${answers}:1: a line of BFCL's possible-answer file { "id", "ground_truth" }, not ${entry}; ${toBfcl}\n`)
    const results = await runCli(['bfcl-check'], { input: '{"id": "simple_python_0", "result": "[f(x=1)]"}\n' })
    expect([results.code, results.stderr]).toEqual([2, `stdin:1: a line of a BFCL result file { "id", "result" }, not ${entry}; ${toBfcl}\n`])
  })

  test("a line of score's episodes file is named as an episode, with the command that scores episodes, not faulted for an id that names no category", async () => {
    const run = await runCli(['bfcl-check'], { input: '{"id": "weather-1", "pred": [], "gold": [{"name": "f", "args": {}}]}\n' })
    expect([run.code, run.stderr]).toEqual([
      2,
      `stdin:1: an episode { "id"?, "pred", "gold" }, not an entry { "id", "model_output", "functions", "ground_truth" }; 'toolcalls score EPISODES' scores episodes\n`,
    ])
  })

  test('an entry that names its docs "function", as BFCL\'s question file does, is told the name an entry gives them', async () => {
    const run = await runCli(['bfcl-check'], { input: `{"id": "simple_python_0", "model_output": "[f()]", "function": [], "ground_truth": [{"f": {}}]}\n` })
    expect(run.stderr).toBe(
      'stdin:1: functions: expected a list of function docs, received undefined (the entry has "function", as BFCL\'s question file names the docs; an entry names them "functions")\n',
    )
  })

  test("entries written as one JSON array on one line are told how to write them as JSON lines", async () => {
    const run = await runCli(['bfcl-check'], { input: `[${right.trim()}, ${wrong.trim()}]\n` })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^stdin:1: entry: expected \{ id, model_output, functions, ground_truth \}, received \[.*: this looks like a file written as one JSON array, where JSON lines are read, one value a line \(jq -c '\.\[\]' turns an array into them\)\n$/)
  })
})
