import { execFileSync } from 'node:child_process'
import { createReadStream, existsSync, readdirSync } from 'node:fs'
import { constants } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { bfclItems, firstAllowedOutput, typedJson } from './bfcl-entries'
import { collect, jsonl, startCli, tempFolder } from './run-cli'

let folder: ReturnType<typeof tempFolder>
beforeEach(() => {
  folder = tempFolder()
})
afterEach(() => folder.remove())

const episode = jsonl({ pred: [{ name: 'search', args: { q: 'cats' } }], gold: [{ name: 'search', args: { q: 'cats' } }] })

describe('Ctrl-C', () => {
  test('stops a run on a long standard input: exit code 130, one line, no report file', async () => {
    const out = join(folder.dir, 'report.json')
    const child = startCli(['score', '-', '--json', out])
    const done = collect(child)
    child.stdin!.on('error', () => {})
    // Once the command has taken in a large first chunk, it is running and listening for the signal.
    await new Promise<void>((resolve) => child.stdin!.write(episode.repeat(20_000), () => resolve()))
    const feed = setInterval(() => child.stdin!.write(episode.repeat(100)), 5)
    child.kill('SIGINT')
    const run = await done
    clearInterval(feed)
    expect(run.code).toBe(130)
    expect(run.stderr).toBe('toolcalls: interrupted; no report written\n')
    expect(run.stdout).toBe('')
    expect(existsSync(out)).toBe(false)
    expect(readdirSync(folder.dir)).toEqual([])
  })

  test('stops bfcl-check on a long standard input: exit code 130, the verdicts so far whole, and a line saying they stop', async () => {
    const [item] = bfclItems('simple_python')
    const line = `${typedJson({ id: item!.id, model_output: firstAllowedOutput(item!.groundTruth), functions: item!.functions, ground_truth: item!.groundTruth })}\n`
    const child = startCli(['bfcl-check'])
    const done = collect(child)
    child.stdin!.on('error', () => {})
    // More than a thousand verdicts, so that the count is written as progress writes it, 1,234.
    let verdictLines = 0
    const someVerdicts = new Promise<void>((resolve) =>
      child.stdout!.on('data', (chunk: string) => {
        verdictLines += chunk.split('\n').length - 1
        if (verdictLines > 1000) resolve()
      }),
    )
    const feed = setInterval(() => child.stdin!.write(line.repeat(200)), 5)
    await someVerdicts
    child.kill('SIGINT')
    const run = await done
    clearInterval(feed)
    expect(run.code).toBe(130)
    const lines = run.stdout.split('\n')
    expect(lines.pop()).toBe('')
    expect(lines.every((verdict) => JSON.parse(verdict).valid === true)).toBe(true)
    expect(run.stderr).toMatch(/^toolcalls: interrupted; the verdicts stop after \d{1,3}(?:,\d{3})+ entries\n$/)
    expect(Number(/after ([\d,]+)/.exec(run.stderr)![1]!.replaceAll(',', ''))).toBeGreaterThanOrEqual(lines.length)
  })
})

describe('SIGTERM and SIGHUP', () => {
  test.each(['SIGTERM', 'SIGHUP'] as const)('%s stops a run as Ctrl-C does: exit code 128 + the signal, one line, no report file', async (signal) => {
    const out = join(folder.dir, 'report.json')
    const child = startCli(['score', '-', '--json', out])
    const done = collect(child)
    child.stdin!.on('error', () => {})
    // A first chunk larger than a pipe holds is written only once the command reads it, and so listens for signals; the input then stays open.
    await new Promise<void>((resolve) => child.stdin!.write(episode.repeat(20_000), () => resolve()))
    child.kill(signal)
    const run = await done
    expect(run.code).toBe(128 + constants.signals[signal])
    expect(run.stderr).toBe(`toolcalls: interrupted by ${signal}; no report written\n`)
    expect(run.stdout).toBe('')
    expect(existsSync(out)).toBe(false)
  })
})

describe('a signal while the report is being written', () => {
  const episodes = Array.from({ length: 2000 }, (_, i) => jsonl({ id: `e${i}`, pred: [{ name: 'f', args: { a: i % 7 } }], gold: [{ name: 'f', args: { a: i % 5 } }] })).join('')

  test.skipIf(process.platform === 'win32').each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('%s removes the temporary file the report was going to', async (signal) => {
    const out = join(folder.dir, 'report.json')
    const child = startCli(['score', '-', '--worst', '2000', '--json', out])
    const done = collect(child)
    // The report's temporary file made a FIFO that the test stops reading: the write waits there, so the signal comes while the file is half written.
    const temporary = `${out}.tmp-${child.pid}`
    execFileSync('mkfifo', [temporary])
    child.stdin!.end(episodes)
    const reader = createReadStream(temporary)
    await new Promise<void>((resolve) => reader.once('data', () => resolve()))
    reader.pause()
    const said = new Promise<void>((resolve) => {
      child.stderr!.once('data', () => resolve())
      child.once('close', () => resolve())
    })
    child.kill(signal)
    await said
    // Exiting waits for the write in flight: read through once the command has said it stopped.
    reader.resume()
    const run = await done
    expect(run.code).toBe(128 + constants.signals[signal])
    expect(run.stderr).toBe(`toolcalls: interrupted${signal === 'SIGINT' ? '' : ` by ${signal}`}; no report written\n`)
    expect(readdirSync(folder.dir)).toEqual([])
  })
})

describe('a closed standard output', () => {
  test('ends bfcl-check quietly', async () => {
    const [item] = bfclItems('simple_python')
    const line = `${typedJson({ id: item!.id, model_output: firstAllowedOutput(item!.groundTruth), functions: item!.functions, ground_truth: item!.groundTruth })}\n`
    const child = startCli(['bfcl-check'])
    let stderr = ''
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.stdin!.on('error', () => {})
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
    child.stdout!.once('data', () => child.stdout!.destroy())
    const feed = setInterval(() => child.stdin!.write(line.repeat(200)), 5)
    const code = await exited
    clearInterval(feed)
    expect(code).toBe(0)
    expect(stderr).toBe('')
  })
})
