import { execFileSync } from 'node:child_process'
import { createWriteStream, existsSync, readFileSync, symlinkSync, truncateSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { jsonl, runCli, tempFolder } from './run-cli'
import { BFCL_DATA_DIR } from './bfcl-entries'

const search = (q: string) => ({ name: 'search', args: { q } })

let folder: ReturnType<typeof tempFolder>
beforeEach(() => {
  folder = tempFolder()
})
afterEach(() => folder.remove())

/** A user error: exit code 2, one line on standard error, no stack trace, nothing on standard output. */
function expectUserError(run: { code: number | null; stdout: string; stderr: string }, line: string): void {
  expect(run.stderr).toBe(`${line}\n`)
  expect(run.code).toBe(2)
  expect(run.stdout).toBe('')
}

describe('files', () => {
  test('a missing file is a user error naming it', async () => {
    expectUserError(await runCli(['score', `${folder.dir}/nope.jsonl`]), `${folder.dir}/nope.jsonl: no such file`)
  })

  test("an error quoting a line escapes its control characters, as the report escapes the model's, so that they do not drive the terminal", async () => {
    const colored = folder.write('colored.jsonl', '\x1b[31mred\n')
    expectUserError(await runCli(['score', colored]), `${colored}:1: not valid JSON (Unexpected token '\\u001b', "\\u001b[31mred" is not valid JSON)`)
    const returned = folder.write('returned.jsonl', 'x\ry\n')
    expectUserError(await runCli(['score', returned]), `${returned}:1: not valid JSON (Unexpected token 'x', "x\\ry" is not valid JSON)`)
    // A binary file given by mistake.
    const binary = folder.write('binary', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x1b, 0x0a]))
    const run = await runCli(['score', binary])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`${binary}:1: not valid JSON (Unexpected token '\\u007f', "\\u007fELF\\u0002\\u0001\\u0001\\u0000\\u0000\\u001b"`)
    expect(run.stderr).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/)
  })

  test('a warning quoting an id escapes its control characters, those JSON leaves as they are among them', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'a\u009b31mb', calls: [] }, { id: 'z', calls: [] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'z', calls: [] }))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(run.stderr).toContain(`warning: ${pred}:1: no gold line (id "a\\u009b31mb": `)
    expect(run.stderr).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/)
  })

  test('a directory given as a file is a user error', async () => {
    expectUserError(await runCli(['score', folder.dir]), `${folder.dir}: is a directory, not a file`)
  })

  test('a missing gold file is reported before any scoring', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('a')]))
    expectUserError(await runCli(['score', pred, `${folder.dir}/gold.jsonl`]), `${folder.dir}/gold.jsonl: no such file`)
  })
})

describe('internal errors', () => {
  test('a bug exits with 1, as anything neither scored nor a user error does, its stack trace on standard error', async () => {
    // A builtin that throws where the report is laid out stands for a bug in the command.
    const broken = folder.write('broken.cjs', 'String.prototype.padEnd = function () { throw new Error("laid out wrong") }\n')
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('a')], gold: [search('a')] }))
    const run = await runCli(['score', episodes], { env: { NODE_OPTIONS: `--require ${broken}` } })
    expect(run.stderr).toMatch(/^toolcalls: internal error\nError: laid out wrong\n {4}at /)
    expect(run.code).toBe(1)
  })
})

describe('gold and episode lines', () => {
  test('a gold line that gives both calls and gold is a user error, where gold was silently left out', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('a')]))
    const gold = folder.write('gold.jsonl', `${JSON.stringify({ id: 1, gold: [search('a')], calls: [] })}\n`)
    expectUserError(await runCli(['score', pred, gold]), `${gold}:1: a gold line gives its calls as "calls" or as "gold", not both`)
  })

  test('a prediction line that gives both calls and pred is a user error, where pred was silently left out', async () => {
    const pred = folder.write('pred.jsonl', `${JSON.stringify({ id: 1, pred: [search('a')], calls: [] })}\n`)
    const gold = folder.write('gold.jsonl', jsonl({ id: 1, calls: [search('a')] }))
    expectUserError(await runCli(['score', pred, gold]), `${pred}:1: a prediction line gives its calls as "calls" or as "pred", not both`)
  })

  test('an episodes line that gives calls beside pred and gold is a user error, where the calls were silently left out', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ id: 1, pred: [], gold: [search('a')], calls: [search('a')] }))
    expectUserError(await runCli(['score', episodes]), `${episodes}:1: an episode line gives its predictions as "pred", not "calls" beside it`)
  })

  test("an episodes line that gives its own grammar is a user error, where evaluate would weigh by it and the command would not", async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [search('a')], grammar: { tools: { search: { importance: 5 } } } }))
    expectUserError(await runCli(['score', episodes]), `${episodes}:1: an episode line's own "grammar" is not read: give one grammar for the whole corpus with --grammar FILE`)
    const pred = folder.write('pred.jsonl', jsonl({ id: 1, calls: [] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 1, calls: [search('a')], grammar: { tools: { search: { importance: 5 } } } }))
    expectUserError(await runCli(['score', pred, gold]), `${gold}:1: a gold line's own "grammar" is not read: give one grammar for the whole corpus with --grammar FILE`)
  })

  test('malformed gold names the file, the line and the path inside the gold', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('a')], [search('b')]))
    const gold = folder.write('gold.jsonl', jsonl([search('a')], [{ name: 'search', args: { q: { $oneOf: [] } } }]))
    expectUserError(await runCli(['score', pred, gold]), `${gold}:2: gold[0].args.q.$oneOf: expected a non-empty list of alternatives, received []`)
  })

  test('a gold line that is not JSON is a user error naming its line', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('a')], [search('b')]))
    const gold = folder.write('gold.jsonl', `${JSON.stringify([search('a')])}\n[{"name": "search",]\n`)
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(new RegExp(`^${gold}:2: not valid JSON \\(.+\\)\\n$`))
  })

  test('an episodes line without gold is a user error that names the key it misses', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [] }))
    expectUserError(await runCli(['score', episodes]), `${episodes}:1: missing "gold": expected an episode { "id"?, "pred", "gold" }, received {"pred": []}`)
    const otherName = folder.write('other.jsonl', jsonl({ pred: [], expected: [] }))
    expectUserError(await runCli(['score', otherName]), `${otherName}:1: missing "gold": expected an episode { "id"?, "pred", "gold" }, received {"expected": [], "pred": []}`)
    const neither = folder.write('neither.jsonl', jsonl({ id: 1 }))
    expectUserError(await runCli(['score', neither]), `${neither}:1: missing "pred" and "gold": expected an episode { "id"?, "pred", "gold" }, received {"id": 1}`)
    // A misspelt key is named with the key it misses.
    const slip = folder.write('slip.jsonl', '{"pred": [], "gld": []}\n')
    expectUserError(await runCli(['score', slip]), `${slip}:1: missing "gold": expected an episode { "id"?, "pred", "gold" }, received {"gld": [], "pred": []} ("gld": did you mean 'gold'?)`)
  })

  test("a prediction line's id that is neither a string nor a number is a user error, where the line was paired by position", async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: true, calls: [search('b')] }, { id: 'a', calls: [search('a')] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', calls: [search('a')] }, { id: 'b', calls: [search('b')] }))
    expectUserError(await runCli(['score', pred, gold]), `${pred}:1: id: expected a string or a number, received true`)
  })

  test('an id that is neither a string nor a number is a user error', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ id: [1], pred: [], gold: [] }))
    expectUserError(await runCli(['score', episodes]), `${episodes}:1: id: expected a string or a number, received [1]`)
  })
})

describe('files of another kind', () => {
  const chatMessage = { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'search', arguments: '{"q":"a"}' } }] }
  const toBfcl = "'toolcalls bfcl --category C --results R --data DIR' scores a result file against BFCL's question and possible-answer files"

  test("BFCL's possible-answer file as gold is named as such, with the command that scores BFCL's files and bfclGold", async () => {
    const results = folder.write('results.json', jsonl({ id: 'simple_python_0', result: '[f(x=1)]' }))
    const answers = join(BFCL_DATA_DIR, 'possible_answer/BFCL_v4_simple_python.json')
    expectUserError(
      await runCli(['score', results, answers]),
      `${answers}:1: a line of BFCL's possible-answer file { "id", "ground_truth" }, not gold calls; ${toBfcl}, and bfclGold(ground_truth) turns BFCL's gold into gold calls`,
    )
  })

  test("BFCL's question file as episodes is named as such", async () => {
    const questions = join(BFCL_DATA_DIR, 'BFCL_v4_simple_python.json')
    expectUserError(await runCli(['score', questions]), `${questions}:1: a line of BFCL's question file { "id", "question", "function" }, not an episode { "id"?, "pred", "gold" }; ${toBfcl}`)
  })

  test('a GOLD file whose first line reads as a prediction says the order is PRED GOLD', async () => {
    const pred = folder.write('pred.jsonl', jsonl(chatMessage))
    const gold = folder.write('gold.jsonl', jsonl([search('a')]))
    const swapped = "; the GOLD file's first line reads as a prediction: the order is 'toolcalls score PRED GOLD'"
    expectUserError(await runCli(['score', gold, pred]), `${pred}:1: gold.role: unknown key (arguments go under args: { name, args: { role: … } }); a gold call is { name, args }${swapped}`)
    // Python call text, as BFCL models answer, is a prediction too.
    const python = folder.write('pred.txt', "[search(q='a')]\n")
    const run = await runCli(['score', gold, python])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`${python}:1: not valid JSON (`)
    expect(run.stderr).toContain(`${swapped}\n`)
  })

  test('files of { "id", "calls" } lines given the wrong way round are said to be swapped, as bare calls are', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'e1', calls: chatMessage }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'e1', calls: [search('a')] }))
    expectUserError(
      await runCli(['score', gold, pred]),
      `${pred}:1: gold.role: unknown key (arguments go under args: { name, args: { role: … } }); a gold call is { name, args }; the GOLD file's first line reads as a prediction: the order is 'toolcalls score PRED GOLD'`,
    )
  })

  test('two files of predictions, in either order, are not said to be swapped: the PRED file reads as no gold either', async () => {
    const pred = folder.write('pred.jsonl', jsonl(chatMessage))
    const other = folder.write('other.jsonl', jsonl(chatMessage))
    const run = await runCli(['score', pred, other])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`${other}:1: gold.role: unknown key`)
    expect(run.stderr).not.toContain('the order is')
  })

  test.skipIf(process.platform === 'win32')('a PRED that is a FIFO, read through, is not opened again for the hint: the error comes at once', async () => {
    const fifo = join(folder.dir, 'pred.fifo')
    execFileSync('mkfifo', [fifo])
    // Written and closed by the time the gold's first line fails; opened again, the FIFO would wait for a writer for ever.
    createWriteStream(fifo).end(jsonl([search('a')]))
    const gold = folder.write('gold.jsonl', jsonl(chatMessage))
    const run = await runCli(['score', fifo, gold])
    expect(run.code).toBe(2)
    // The hint comes only where the FIFO's first line was read before the gold's failed, which the two reads race for.
    expect(run.stderr).toContain(`${gold}:1: gold.role: unknown key (arguments go under args: { name, args: { role: … } }); a gold call is { name, args }`)
  })

  test('a gold line past the first that reads as a prediction is a malformed gold line, and no more', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('a')], [search('a')]))
    const gold = folder.write('gold.jsonl', jsonl([search('a')], chatMessage))
    expectUserError(await runCli(['score', pred, gold]), `${gold}:2: gold.role: unknown key (arguments go under args: { name, args: { role: … } }); a gold call is { name, args }`)
  })
})

describe('options', () => {
  test("a threshold given to the command that takes the other suggests that command's own", async () => {
    expectUserError(
      await runCli(['bfcl', '--category', 'parallel', '--min-f1', '0.5']),
      "toolcalls bfcl: unknown option '--min-f1' (did you mean '--min-accuracy'?); see 'toolcalls bfcl --help'",
    )
    expectUserError(await runCli(['score', 'x.jsonl', '--min-accuracy', '0.5']), "toolcalls score: unknown option '--min-accuracy' (did you mean '--min-f1'?); see 'toolcalls score --help'")
    expectUserError(await runCli(['merge', 'x.json', '--min-accuracy=0.5']), "toolcalls merge: unknown option '--min-accuracy' (did you mean '--min-f1'?); see 'toolcalls merge --help'")
    // bfcl-check judges no threshold: nothing to suggest.
    expectUserError(await runCli(['bfcl-check', '--min-f1', '0.5']), "toolcalls bfcl-check: unknown option '--min-f1'; see 'toolcalls bfcl-check --help'")
  })

  test('an unknown option suggests the nearest one', async () => {
    const run = await runCli(['score', 'x.jsonl', '--levle', 'arg'])
    expectUserError(run, "toolcalls score: unknown option '--levle' (did you mean '--level'?); see 'toolcalls score --help'")
  })

  test('an option cut short suggests the one it begins, where it begins one only', async () => {
    expectUserError(await runCli(['score', 'x.jsonl', '--gram', 'g.json']), "toolcalls score: unknown option '--gram' (did you mean '--grammar'?); see 'toolcalls score --help'")
    expectUserError(await runCli(['bfcl-check', '--underscore']), "toolcalls bfcl-check: unknown option '--underscore' (did you mean '--underscore-to-dot'?); see 'toolcalls bfcl-check --help'")
  })

  test('an unknown command suggests the nearest one', async () => {
    expectUserError(await runCli(['scroe']), "toolcalls: unknown command 'scroe' (did you mean 'score'?); see 'toolcalls --help'")
  })

  test('an unknown option before any command suggests the nearest of those toolcalls takes', async () => {
    expectUserError(await runCli(['--verison']), "toolcalls: unknown option '--verison' (did you mean '--version'?); see 'toolcalls --help'")
  })

  test("a command's option given before the command is said to follow it, not to be unknown", async () => {
    expectUserError(
      await runCli(['--level', 'arg', 'score', 'x.jsonl']),
      "toolcalls: unknown option '--level' before the command; a command's options follow it (toolcalls score … --level)",
    )
  })

  test('a bad --level value names the allowed ones', async () => {
    const run = await runCli(['score', 'x.jsonl', '--level', 'args'])
    expectUserError(run, "toolcalls score: --level: expected one of 'call', 'arg', received 'args' (did you mean 'arg'?); see 'toolcalls score --help'")
  })

  test('a --min-f1 written as a percentage says the fraction to write', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    expectUserError(
      await runCli(['score', episodes, '--min-f1', '80']),
      "toolcalls score: --min-f1: expected a number from 0 to 1, received '80' (for 80%, write 0.8); see 'toolcalls score --help'",
    )
    expectUserError(
      await runCli(['score', episodes, '--min-f1', '80%']),
      "toolcalls score: --min-f1: expected a number from 0 to 1, received '80%' (for 80%, write 0.8); see 'toolcalls score --help'",
    )
    expectUserError(
      await runCli(['score', episodes, '--min-f1', '0.5%']),
      "toolcalls score: --min-f1: expected a number from 0 to 1, received '0.5%' (for 0.5%, write 0.005); see 'toolcalls score --help'",
    )
    expectUserError(await runCli(['score', episodes, '--min-f1', '800']), "toolcalls score: --min-f1: expected a number from 0 to 1, received '800'; see 'toolcalls score --help'")
  })

  test('a --min-f1 in exponent notation is the number it writes', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [{ name: 'f', args: {} }], gold: [{ name: 'f', args: {} }, { name: 'g', args: {} }] }))
    // F1 2/3: over 1e-1, under 7E-1.
    expect((await runCli(['score', episodes, '--min-f1', '1e-1'])).code).toBe(0)
    expect((await runCli(['score', episodes, '--min-f1', '7E-1'])).code).toBe(1)
    expectUserError(await runCli(['score', episodes, '--min-f1', '1e1']), "toolcalls score: --min-f1: expected a number from 0 to 1, received '1e1' (for 10%, write 0.1); see 'toolcalls score --help'")
    expectUserError(await runCli(['score', episodes, '--min-f1', '0x1']), "toolcalls score: --min-f1: expected a number from 0 to 1, received '0x1'; see 'toolcalls score --help'")
  })

  test('--json that took the only file as its value says so', async () => {
    expectUserError(
      await runCli(['score', '--json', 'data/episodes.jsonl']),
      "toolcalls score: expected EPISODES or PRED GOLD, received 0 files (--json took 'data/episodes.jsonl' as its value, the report's path); see 'toolcalls score --help'",
    )
    // Written with '=', the path is plainly the report's.
    expectUserError(await runCli(['score', '--json=out.json']), "toolcalls score: expected EPISODES or PRED GOLD, received 0 files; see 'toolcalls score --help'")
  })

  test('an option without its value is a user error', async () => {
    const run = await runCli(['score', 'x.jsonl', '--grammar'])
    expectUserError(run, "toolcalls score: --grammar: expected a value; see 'toolcalls score --help'")
  })

  test('--json without its value says that /dev/stdout puts the JSON on standard output', async () => {
    const run = await runCli(['score', 'x.jsonl', '--json'])
    expectUserError(
      run,
      "toolcalls score: --json: expected a value, the report's path (--json /dev/stdout writes the JSON alone to standard output); see 'toolcalls score --help'",
    )
  })

  test("an option followed by what looks like another option, not its value, says how to give a value beginning with '-'", async () => {
    const run = await runCli(['score', 'x.jsonl', '--json', '-out.json'])
    expectUserError(run, "toolcalls score: --json: expected a value, received the option-like '-out.json' (write --json=-out.json if that is the value); see 'toolcalls score --help'")
  })

  test('a number option given a negative number says what the number must be, not how to give a value beginning with -', async () => {
    expectUserError(await runCli(['score', 'x.jsonl', '--worst', '-1']), "toolcalls score: --worst: expected a whole number >= 0, received '-1'; see 'toolcalls score --help'")
    expectUserError(await runCli(['merge', 'x.json', '--min-f1', '-0.5']), "toolcalls merge: --min-f1: expected a number from 0 to 1, received '-0.5'; see 'toolcalls merge --help'")
    expectUserError(
      await runCli(['bfcl', '--category', 'parallel', '--results', 'x.jsonl', '--data', BFCL_DATA_DIR, '--min-accuracy', '-.5']),
      "toolcalls bfcl: --min-accuracy: expected a number from 0 to 1, received '-.5'; see 'toolcalls bfcl --help'",
    )
    // What is plainly another option is said to be one, with nothing to write in its place.
    expectUserError(await runCli(['score', 'x.jsonl', '--worst', '--json', 'r.json']), "toolcalls score: --worst: expected a value, received the option-like '--json'; see 'toolcalls score --help'")
  })

  test('a flag given a value is a user error naming the flag', async () => {
    expectUserError(await runCli(['score', 'x.jsonl', '--help=yes']), "toolcalls score: --help takes no value, received 'yes'; see 'toolcalls score --help'")
  })

  test('an option given an empty value, as an unset variable gives it, is a user error naming the option', async () => {
    for (const option of ['--json', '--grammar']) {
      const run = await runCli(['score', 'x.jsonl', option, ''])
      expectUserError(run, `toolcalls score: ${option}: expected a value, received an empty string; see 'toolcalls score --help'`)
    }
  })

  test('a grammar file that is not JSON is a user error', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    const grammar = folder.write('grammar.json', '{ tools: }')
    const run = await runCli(['score', episodes, '--grammar', grammar])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(new RegExp(`^${grammar}: not valid JSON \\(.+\\)\\n$`))
  })

  test('a grammar written as JSON lines, a tool schema a line, is named so, with how to gather the lines into one document', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    const tool = (name: string) => ({ type: 'function', function: { name, parameters: { type: 'object', properties: {} } } })
    const grammar = folder.write('tools.jsonl', jsonl(tool('search'), tool('answer')))
    expectUserError(
      await runCli(['score', episodes, '--grammar', grammar]),
      `${grammar}: JSON lines, one value a line, where one JSON document is read (jq -s . gathers the lines into one array)`,
    )
  })

  test('an invalid grammar names the path inside it', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    const grammar = folder.write('grammar.json', JSON.stringify({ tools: { search: { importance: -1 } } }))
    const run = await runCli(['score', episodes, '--grammar', grammar])
    expectUserError(run, `${grammar}: grammar.tools.search.importance: expected a number from 0 to 1000000, received -1`)
  })

  test('a grammar or report file nested too deep to digest is a user error, not an internal one', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    const grammar = folder.write('grammar.json', `[{ "name": "f", "parameters": { "type": "object", "properties": {} }, "meta": ${deep} }]`)
    expectUserError(await runCli(['score', episodes, '--grammar', grammar]), `${grammar}: nested deeper than 1000 levels`)
    const report = folder.write('report.json', `{ "command": "score", "extra": ${deep} }`)
    expectUserError(await runCli(['merge', report]), `${report}: nested deeper than 1000 levels`)
    // Brackets inside strings are no nesting.
    const named = folder.write('named.json', JSON.stringify([{ name: 'f', description: '['.repeat(2000), parameters: { type: 'object', properties: {} } }]))
    expect((await runCli(['score', episodes, '--grammar', named])).code).toBe(0)
  })

  test('a grammar or report file too large to be read whole is a user error, read no further than the limit', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    // A sparse file: 1 GB of zero bytes, on disk as nothing.
    const huge = folder.write('huge.json', '')
    truncateSync(huge, 1024 ** 3)
    expectUserError(await runCli(['score', episodes, '--grammar', huge]), `${huge}: larger than 256 MiB, the largest JSON file read whole`)
    expectUserError(await runCli(['merge', huge]), `${huge}: larger than 256 MiB, the largest JSON file read whole`)
    // A device that never ends is no different.
    expectUserError(await runCli(['score', episodes, '--grammar', '/dev/zero']), '/dev/zero: larger than 256 MiB, the largest JSON file read whole')
  }, 60_000)
})

describe('the --json report', () => {
  test('a path in a missing folder is a user error, before scoring', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    const out = `${folder.dir}/missing/report.json`
    expectUserError(await runCli(['score', episodes, '--json', out]), `${out}: cannot write, no such directory ${folder.dir}/missing`)
  })

  test('a missing path that ends in a slash is a folder, not a file: a user error saying so', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    const out = `${folder.dir}/reports/`
    expectUserError(await runCli(['score', episodes, '--json', out]), `${out}: cannot write, a path that ends in a slash names a directory; name the report's file`)
  })

  test("a symbolic link into a missing folder names that folder, the link's target's, before scoring", async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    const link = join(folder.dir, 'dangling.json')
    symlinkSync(join(folder.dir, 'missing', 'report.json'), link)
    expectUserError(
      await runCli(['score', episodes, '--json', link]),
      `${link}: cannot write, no such directory ${folder.dir}/missing (${link} links to ${folder.dir}/missing/report.json)`,
    )
    // A link to a file not yet written, in a folder that is there, is written through.
    const written = join(folder.dir, 'written.json')
    symlinkSync('report.json', written)
    expect((await runCli(['score', episodes, '--json', written])).code).toBe(0)
    expect(JSON.parse(readFileSync(join(folder.dir, 'report.json'), 'utf8'))).toMatchObject({ command: 'score' })
  })

  test('a path under a file, where a folder was meant, says that it is a file', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    const file = folder.write('o.txt', '')
    expectUserError(await runCli(['score', episodes, '--json', `${file}/r.json`]), `${file}/r.json: cannot write, ${file} is a file, not a directory`)
    expectUserError(await runCli(['score', episodes, '--json', `${file}/a/r.json`]), `${file}/a/r.json: cannot write, ${file} is a file, not a directory`)
  })

  test('a file the run reads (episodes, gold, grammar), under any name, is a user error, and is left as it was', async () => {
    const line = jsonl({ pred: [], gold: [] })
    const episodes = folder.write('episodes.jsonl', line)
    const grammar = folder.write('grammar.json', '{ "tools": {} }')
    expectUserError(await runCli(['score', episodes, '--json', episodes]), `--json ${episodes}: ${episodes} is read by this run, and the report would write over it`)
    expectUserError(
      await runCli(['score', episodes, '--grammar', grammar, '--json', `${folder.dir}/./grammar.json`]),
      `--json ${folder.dir}/./grammar.json: ${grammar} is read by this run, and the report would write over it`,
    )
    expect(readFileSync(episodes, 'utf8')).toBe(line)
  })

  test('a directory is a user error', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    expectUserError(await runCli(['score', episodes, '--json', folder.dir]), `${folder.dir}: cannot write, it is a directory`)
  })

  test.skipIf(!existsSync('/dev/full'))('a full disk is a user error', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [], gold: [] }))
    expectUserError(await runCli(['score', episodes, '--json', '/dev/full']), '/dev/full: cannot write, no space left on device')
  })
})
