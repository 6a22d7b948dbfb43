import { appendFileSync, readFileSync, truncateSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { collect, jsonl, microLine, runCli, startCli, tempFolder } from './run-cli'

const search = (q: string) => ({ name: 'search', args: { q } })
const line = (value: unknown) => JSON.stringify(value)

let folder: ReturnType<typeof tempFolder>
beforeEach(() => {
  folder = tempFolder()
})
afterEach(() => folder.remove())

describe('line endings and marks', () => {
  test('reads a file that starts with a byte-order mark', async () => {
    const pred = folder.write('pred.jsonl', `\uFEFF${jsonl([search('a')])}`)
    const gold = folder.write('gold.jsonl', `\uFEFF${jsonl([search('a')])}`)
    const run = await runCli(['score', pred, gold])
    expect(microLine(run.stdout)).toContain('TP 1  FP 0  FN 0')
  })

  test('reads CRLF line ends', async () => {
    const episodes = folder.write('episodes.jsonl', [line({ pred: [search('a')], gold: [search('a')] }), line({ pred: [], gold: [] }), ''].join('\r\n'))
    const run = await runCli(['score', episodes])
    expect(microLine(run.stdout)).toContain('over 2 episodes: TP 1  FP 0  FN 0')
  })

  test('skips blank lines but counts them in line numbers', async () => {
    const gold = folder.write('gold.jsonl', `\n${line([search('a')])}\n  \n[{"name": 1}]\n`)
    const pred = folder.write('pred.jsonl', jsonl([search('a')], [search('b')]))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(new RegExp(`^${gold}:4: gold\\[0\\]\\.name: `))
  })

  test('pairs by position among the non-blank lines', async () => {
    const pred = folder.write('pred.jsonl', `${line([search('a')])}\n\n${line([search('b')])}\n`)
    const gold = folder.write('gold.jsonl', jsonl([search('a')], [search('b')]))
    const run = await runCli(['score', pred, gold])
    expect(microLine(run.stdout)).toContain('over 2 episodes: TP 2  FP 0  FN 0')
  })

  test('reads a last line without a line end', async () => {
    const episodes = folder.write('episodes.jsonl', line({ pred: [search('a')], gold: [search('a')] }))
    const run = await runCli(['score', episodes])
    expect(microLine(run.stdout)).toContain('over 1 episode: TP 1')
  })
})

describe('invalid UTF-8', () => {
  const invalid = Buffer.from([0xff, 0xfe])

  test('a prediction with invalid bytes is read with replacement characters, graded, and warned about', async () => {
    const pred = folder.write('pred.jsonl', Buffer.concat([Buffer.from('[{"name": "search", "args": {"q": "ca'), invalid, Buffer.from('ts"}}]\n')]))
    const gold = folder.write('gold.jsonl', jsonl([search('cats')]))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(microLine(run.stdout)).toContain('TP 0  FP 1  FN 1')
    expect(run.stdout).toContain('+ q: "ca\uFFFD\uFFFDts"')
    expect(run.stderr).toBe(`warning: ${pred}:1: invalid UTF-8, read with U+FFFD replacement characters\n`)
  })

  test('a gold line with invalid bytes inside a string is still read as JSON', async () => {
    const gold = folder.write('gold.jsonl', Buffer.concat([Buffer.from('[{"name": "search", "args": {"q": "ca'), invalid, Buffer.from('ts"}}]\n')]))
    const pred = folder.write('pred.jsonl', jsonl([search('ca\uFFFD\uFFFDts')]))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(microLine(run.stdout)).toContain('TP 1  FP 0  FN 0')
  })

  test('is warned about once per file, then counted', async () => {
    const bad = Buffer.concat([Buffer.from('"x'), invalid, Buffer.from('"\n')])
    const pred = folder.write('pred.jsonl', Buffer.concat([bad, bad, bad]))
    const gold = folder.write('gold.jsonl', jsonl([], [], []))
    const run = await runCli(['score', pred, gold])
    expect(run.stderr.split('\n')).toEqual([
      `warning: ${pred}:1: invalid UTF-8, read with U+FFFD replacement characters`,
      `warning: 2 more lines of ${pred} with invalid UTF-8`,
      '',
    ])
  })
})

describe('predictions that are not JSON', () => {
  test('are graded as an unparseable call whose reason names the line', async () => {
    const pred = folder.write('pred.jsonl', `${line([search('a')])}\n{"name": "search", "args": \n`)
    const gold = folder.write('gold.jsonl', jsonl([search('a')], [search('b')]))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(microLine(run.stdout)).toContain('over 2 episodes: TP 1  FP 1  FN 1')
    expect(run.stdout).toMatch(new RegExp(`\\+ pred\\[0\\] \\(unparseable\\)  ← unparseable: ${pred}:2: not valid JSON \\(`))
  })

  test('a truncated last prediction line is unparseable, not an error', async () => {
    const pred = folder.write('pred.jsonl', `${line([search('a')])}\n[{"name": "sea`)
    const gold = folder.write('gold.jsonl', jsonl([search('a')], [search('b')]))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`${pred}:2: not valid JSON`)
  })

  test('a truncated last gold line is a user error', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('a')], [search('b')]))
    const gold = folder.write('gold.jsonl', `${line([search('a')])}\n[{"name": "sea`)
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(new RegExp(`^${gold}:2: not valid JSON`))
  })

  test('a line of Python call text is read as BFCL output', async () => {
    const pred = folder.write('pred.jsonl', "[search(q='a')]\n")
    const gold = folder.write('gold.jsonl', jsonl([search('a')]))
    const run = await runCli(['score', pred, gold])
    expect(microLine(run.stdout)).toContain('TP 1  FP 0  FN 0')
  })

  test('a line of Python call text that does not parse is unparseable for its Python syntax, not for its JSON', async () => {
    const pred = folder.write('pred.jsonl', `${"[search(q='a', limit=)]"}\n${JSON.stringify([search('b')]).slice(0, -1)}\n`)
    const gold = folder.write('gold.jsonl', jsonl([search('a')], [search('b')]))
    const run = await runCli(['score', pred, gold, '--json', '/dev/stdout'])
    const report = JSON.parse(run.stdout) as { worst: { score: { unmatchedPred: { reason: string }[] } }[] }
    const reasons = report.worst.map((episode) => episode.score.unmatchedPred[0]?.reason)
    expect(reasons).toContain(`${pred}:1: not valid Python call syntax (at column 22: expected a value but found ')', in "[search(q='a', limit=)]")`)
    expect(reasons.find((reason) => reason?.startsWith(`${pred}:2:`))).toMatch(/^[^:]+:2: not valid JSON/)
    // A JSON string left open is broken JSON, not Python.
    const quoted = folder.write('quoted.jsonl', `"[search(q='a')]\n`)
    const quotedRun = await runCli(['score', quoted, folder.write('one.jsonl', jsonl([search('a')])), '--json', '/dev/stdout'])
    expect(quotedRun.stdout).toContain(`${quoted}:1: not valid JSON (`)
  })

  test('text given as a JSON string, on a prediction line or an episode line, names its line where it does not parse, as a line of text does', async () => {
    const pred = folder.write('pred.jsonl', [JSON.stringify("[search(q='a'"), JSON.stringify({ id: 2, calls: '{"name": ' })].join('\n') + '\n')
    const gold = folder.write('gold.jsonl', [JSON.stringify([search('a')]), JSON.stringify({ id: 2, calls: [search('b')] })].join('\n') + '\n')
    const reasonsOf = async (args: string[]) => {
      const report = JSON.parse((await runCli([...args, '--json', '/dev/stdout'])).stdout) as { worst: { score: { unmatchedPred: { reason: string }[] } }[] }
      return report.worst.map((episode) => episode.score.unmatchedPred[0]?.reason)
    }
    expect(await reasonsOf(['score', pred, gold])).toEqual(expect.arrayContaining([
      expect.stringMatching(new RegExp(`^${pred}:1: not valid Python call syntax \\(`)),
      expect.stringMatching(new RegExp(`^${pred}:2: not valid JSON \\(`)),
    ]))
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: "[search(q='a'", gold: [search('a')] }))
    expect(await reasonsOf(['score', episodes])).toEqual([expect.stringMatching(new RegExp(`^${episodes}:1: not valid Python call syntax \\(`))])
  })
})

describe('input in another form than JSON lines', () => {
  test('a compressed file is a user error that says how to read it, from a file or from standard input', async () => {
    const { gzipSync } = await import('node:zlib')
    const gold = folder.write('gold.jsonl', jsonl([search('a')]))
    const pred = folder.write('pred.jsonl.gz', gzipSync(jsonl([search('a')])))
    const run = await runCli(['score', pred, gold])
    expect(run.stderr).toBe(`${pred}: gzip-compressed, where JSON lines are read as text; decompress it first (gunzip -c ${pred} | toolcalls ... -)\n`)
    expect(run.code).toBe(2)
    const episodes = gzipSync(JSON.stringify({ pred: [search('a')], gold: [search('a')] }))
    const fromStdin = await runCli(['score', '-'], { input: episodes })
    expect(fromStdin.stderr).toBe('stdin: gzip-compressed, where JSON lines are read as text; decompress it first (gunzip -c into the command)\n')
    expect(fromStdin.code).toBe(2)
    // An empty bzip2 stream has no block, only the end's magic.
    const emptyBzip2 = Buffer.from([0x42, 0x5a, 0x68, 0x39, 0x17, 0x72, 0x45, 0x38, 0x50, 0x90, 0, 0, 0, 0])
    const bz = await runCli(['score', folder.write('empty.bz2', emptyBzip2)])
    expect(bz.stderr).toMatch(/empty\.bz2: bzip2-compressed, /)
    expect(bz.code).toBe(2)
  })

  test('a compressed report or grammar, read whole, is a user error that says how to decompress it into a file, as merge reads reports from files only', async () => {
    const { gzipSync } = await import('node:zlib')
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('a')], gold: [search('a')] }))
    const report = folder.write('report.json', '')
    expect((await runCli(['score', episodes, '--json', report])).code).toBe(0)
    const zipped = folder.write('report.json.gz', gzipSync(readFileSync(report)))
    const merge = await runCli(['merge', zipped])
    expect(merge.stderr).toBe(`${zipped}: gzip-compressed, where JSON is read as text; decompress it first (gunzip -k ${zipped})\n`)
    expect([merge.code, merge.stdout]).toEqual([2, ''])
    const grammar = gzipSync(JSON.stringify({ tools: { search: { importance: 2 } } }))
    const fromStdin = await runCli(['score', episodes, '--grammar', '-'], { input: grammar })
    expect([fromStdin.code, fromStdin.stderr]).toEqual([2, 'stdin: gzip-compressed, where JSON is read as text; decompress it first (gunzip -c into the command)\n'])
  })

  test('a UTF-16 grammar, read whole, is a user error that says how to convert it into a file', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('a')], gold: [search('a')] }))
    const grammar = folder.write('grammar.json', Buffer.from(`\ufeff${JSON.stringify({ tools: { search: { importance: 2 } } })}`, 'utf16le'))
    const run = await runCli(['score', episodes, '--grammar', grammar])
    expect(run.stderr).toBe(
      `${grammar}: UTF-16 text (it begins with UTF-16's byte-order mark), where JSON is read as UTF-8; convert it first (iconv -f UTF-16 -t UTF-8 ${grammar} > ${grammar.replace(/\.json$/, '.utf8.json')})\n`,
    )
    expect([run.code, run.stdout]).toEqual([2, ''])
  })

  test('standard input redirected from a directory is a user error that says so, where it had read as no episodes', async () => {
    const { closeSync, openSync } = await import('node:fs')
    const { spawn } = await import('node:child_process')
    const { CLI, collect } = await import('./run-cli')
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('a')], gold: [search('a')] }))
    const directory = openSync(folder.dir, 'r')
    try {
      for (const args of [['score', '-'], ['score', episodes, '--grammar', '-']]) {
        const run = await collect(spawn(process.execPath, [CLI, ...args], { stdio: [directory, 'pipe', 'pipe'] }))
        expect([run.code, run.stderr]).toEqual([2, 'stdin: is a directory, not a file\n'])
      }
    } finally {
      closeSync(directory)
    }
  })

  test('UTF-16 text, as Windows PowerShell writes it, is a user error that says how to convert it', async () => {
    const text = `\ufeff${JSON.stringify({ pred: [search('a')], gold: [search('a')] })}\n`
    const littleEndian = folder.write('episodes.jsonl', Buffer.from(text, 'utf16le'))
    const run = await runCli(['score', littleEndian])
    expect(run.stderr).toBe(
      `${littleEndian}: UTF-16 text (it begins with UTF-16's byte-order mark), where JSON lines are read as UTF-8; convert it first (iconv -f UTF-16 -t UTF-8 ${littleEndian} | toolcalls ... -)\n`,
    )
    expect(run.code).toBe(2)
    const bigEndian = Buffer.from(text, 'utf16le').swap16()
    const fromStdin = await runCli(['score', '-'], { input: bigEndian })
    expect(fromStdin.stderr).toBe("stdin: UTF-16 text (it begins with UTF-16's byte-order mark), where JSON lines are read as UTF-8; convert it first (iconv -f UTF-16 -t UTF-8 into the command)\n")
  })

  test('a compressed stream is told however its first bytes come, one at a time through a pipe', async () => {
    const { gzipSync } = await import('node:zlib')
    const episodes = gzipSync(JSON.stringify({ pred: [search('a')], gold: [search('a')] }))
    const { startCli, collect } = await import('./run-cli')
    const child = startCli(['score', '-'])
    const run = collect(child)
    for (const byte of episodes.subarray(0, 3)) {
      child.stdin!.write(Buffer.from([byte]))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    child.stdin!.end(episodes.subarray(3))
    const result = await run
    expect(result.stderr).toBe('stdin: gzip-compressed, where JSON lines are read as text; decompress it first (gunzip -c into the command)\n')
    expect(result.code).toBe(2)
  })

  test('text that begins as bzip2 does but is no bzip2 (a tool named BZh1) is read as text', async () => {
    const pred = folder.write('pred.jsonl', "BZh1(q='a')\n")
    const gold = folder.write('gold.jsonl', jsonl([{ name: 'BZh1', args: { q: 'a' } }]))
    expect(microLine((await runCli(['score', pred, gold])).stdout)).toContain('TP 1  FP 0  FN 0')
  })

  test('gold or episodes written as one JSON document are a user error; predictions so written are graded, with a warning', async () => {
    const document = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
    const gold = folder.write('gold.json', document([[search('a')]]))
    const pred = folder.write('pred.jsonl', jsonl([search('a')]))
    const goldRun = await runCli(['score', pred, gold])
    expect(goldRun.stderr).toBe(`${gold}:1: '[' alone on a line: this looks like JSON written over many lines, where JSON lines are read, one value a line (jq -c '.[]' turns an array into them)\n`)
    expect(goldRun.code).toBe(2)
    const episodes = folder.write('episodes.json', document({ pred: [search('a')], gold: [search('a')] }))
    expect((await runCli(['score', episodes])).stderr).toMatch(/episodes\.json:1: '\{' alone on a line: .*\(jq -c \. writes each object on a line\)\n$/)
    const predDocument = folder.write('pred.json', document([[search('a')]]))
    const goldLines = folder.write('gold.jsonl', jsonl([search('a')]))
    const predRun = await runCli(['score', predDocument, goldLines])
    expect(predRun.code).toBe(0)
    expect(predRun.stderr).toMatch(new RegExp(`^warning: ${predDocument}:1: '\\[' alone on a line: this looks like JSON written over many lines`))
  })
})

describe('files written as one JSON array on one line', () => {
  const oneArray = "this looks like a file written as one JSON array, where JSON lines are read, one value a line (jq -c '.[]' turns an array into them)"

  test('of episodes, are told how to write them as JSON lines, as those written over many lines are', async () => {
    const episodes = folder.write('episodes.json', `${line([{ id: 1, pred: [search('a')], gold: [search('a')] }, { id: 2, pred: [], gold: [] }])}\n`)
    const run = await runCli(['score', episodes])
    expect([run.code, run.stderr]).toEqual([2, `${episodes}:1: expected an episode { "id"?, "pred", "gold" }, received a JSON array of episodes: ${oneArray}\n`])
  })

  test('but a list of calls given as episodes, a prediction file without its gold, is not told to be split', async () => {
    const calls = folder.write('pred.jsonl', `${line([search('a')])}\n`)
    const run = await runCli(['score', calls])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`${calls}:1: expected an episode { "id"?, "pred", "gold" }, received [`)
    // Past the file's name, whose random folder may spell it.
    expect(run.stderr.replaceAll(calls, '')).not.toContain('jq')
  })

  test('of gold lines, are told so, where a list of gold calls is read', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 1, calls: [search('a')] }))
    const gold = folder.write('gold.json', `${line([{ id: 1, calls: [search('a')] }, { id: 2, calls: [] }])}\n`)
    const run = await runCli(['score', pred, gold])
    expect([run.code, run.stderr]).toEqual([2, `${gold}:1: a JSON array of lines { "id"?, "calls" }: ${oneArray}\n`])
  })

  test('of prediction lines, are graded as one prediction, with a warning that tells how to write them as JSON lines', async () => {
    const pred = folder.write('pred.json', `${line([{ id: 1, calls: [search('a')] }, { id: 2, pred: [] }])}\n`)
    const gold = folder.write('gold.jsonl', jsonl({ calls: [search('a')] }))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(microLine(run.stdout)).toContain('TP 0  FP 2  FN 1')
    expect(run.stderr).toBe(`warning: ${pred}:1: a JSON array of lines { "id"?, "calls" }, graded as one prediction: ${oneArray}\n`)
    // A list of calls, the commonest prediction line, is no such array.
    const calls = folder.write('calls.jsonl', `${line([search('a')])}\n`)
    expect(await runCli(['score', calls, gold])).toMatchObject({ code: 0, stderr: '' })
  })
})

describe('a report given where JSON lines are read', () => {
  test("a report of 'toolcalls score --json', as episodes or as gold, is named as such, with the command that reads it", async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('a')], gold: [search('a')] }))
    const report = `${folder.dir}/report.json`
    expect((await runCli(['score', episodes, '--json', report])).code).toBe(0)
    const said = `${report}: a report of 'toolcalls score --json', not JSON lines; reports add up with 'toolcalls merge REPORT...'\n`
    expect(await runCli(['score', report])).toMatchObject({ code: 2, stdout: '', stderr: said })
    expect(await runCli(['score', episodes, report])).toMatchObject({ code: 2, stderr: said })
    // Written on one line (jq -c), it is named the same.
    const compact = folder.write('compact.json', `${JSON.stringify(JSON.parse(readFileSync(report, 'utf8')))}\n`)
    const saidOfCompact = said.replace(report, compact)
    expect(await runCli(['score', compact])).toMatchObject({ code: 2, stdout: '', stderr: saidOfCompact })
    expect(await runCli(['score', episodes, compact])).toMatchObject({ code: 2, stderr: saidOfCompact })
  })

  test("a test run's report is named as such; another document over many lines is told how to write it as JSON lines", async () => {
    const testReport = folder.write('tests.json', `${JSON.stringify({ tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1, tests: 1 }, null, 2)}\n`)
    expect((await runCli(['score', testReport])).stderr).toBe(`${testReport}: a test run's report (the reporters' json option), not JSON lines; reports add up with 'toolcalls merge REPORT...'\n`)
    const compactTests = folder.write('tests-compact.json', `${JSON.stringify({ tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1, tests: 1 })}\n`)
    expect((await runCli(['score', compactTests])).stderr).toBe(`${compactTests}: a test run's report (the reporters' json option), not JSON lines; reports add up with 'toolcalls merge REPORT...'\n`)
    // An episode line that only opens alike is no report.
    const notReport = folder.write('not-report.jsonl', `${JSON.stringify({ command: 'score', pred: [search('a')] })}\n`)
    expect((await runCli(['score', notReport])).stderr).toContain('missing "gold"')
    const episodes = folder.write('episodes.json', `${JSON.stringify({ command: 'mine', pred: [], gold: [] }, null, 2)}\n`)
    expect((await runCli(['score', episodes])).stderr).toMatch(/episodes\.json:1: '\{' alone on a line: .*\(jq -c \. writes each object on a line\)\n$/)
  })
})

describe('a file of 1 GB', () => {
  // A sparse file: 1 GB of zero bytes and no line end, read without being held in memory.
  function sparseGigabyte(name: string): string {
    const path = folder.write(name, '')
    truncateSync(path, 1024 ** 3)
    return path
  }

  test('as gold, stops with the file and line: the line is too long to read', async () => {
    const gold = sparseGigabyte('gold.jsonl')
    const pred = folder.write('pred.jsonl', jsonl([search('a')]))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(2)
    expect(run.stderr.trim()).toBe(`${gold}:1: the line is longer than 64 MiB and was not read`)
  }, 60_000)

  test('as a prediction line among others, is graded as an unparseable call, with a warning naming its file and line', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 1, calls: [search('a')] }))
    // A sparse stretch of zero bytes, longer than a line is read, then a line end and the next line.
    truncateSync(pred, 65 * 1024 * 1024)
    appendFileSync(pred, `\n${jsonl({ id: 3, calls: [search('c')] })}`)
    const gold = folder.write('gold.jsonl', jsonl(...['a', 'b', 'c'].map((q, i) => ({ id: i + 1, calls: [search(q)] }))))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(`warning: ${pred}:2: the line is longer than 64 MiB and was not read; graded as an unparseable call\n`)
    expect(microLine(run.stdout)).toContain('over 3 episodes: TP 2  FP 1  FN 1')
  }, 60_000)

  test('of endless input, /dev/zero, as episodes or as gold, stops once the line passes 64 MiB: the error does not wait for an end that never comes', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('a')]))
    for (const args of [['score', '/dev/zero'], ['score', pred, '/dev/zero']]) {
      const child = startCli(args)
      // Stopped, whatever happens, so that a run that waits for the end does not read on after the test.
      const stop = setTimeout(() => child.kill('SIGKILL'), 40_000)
      const run = await collect(child)
      clearTimeout(stop)
      expect(run.code, String(args)).toBe(2)
      expect(run.stderr.trim()).toBe('/dev/zero:1: the line is longer than 64 MiB and was not read')
    }
  }, 60_000)

  test('as predictions, is graded: an unparseable call whose reason names the line', async () => {
    const pred = sparseGigabyte('pred.jsonl')
    const gold = folder.write('gold.jsonl', jsonl([search('a')]))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`${pred}:1: the line is longer than 64 MiB and was not read`)
    expect(microLine(run.stdout)).toContain('TP 0  FP 1  FN 1')
  }, 60_000)
})
