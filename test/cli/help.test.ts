import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { ROOT, runCli } from './run-cli'

describe('usage', () => {
  test('--help lists the commands and the exit codes', async () => {
    const run = await runCli(['--help'])
    expect(run.code).toBe(0)
    for (const command of ['score EPISODES', 'score PRED GOLD', 'merge REPORT...', 'bfcl-check [FILE]', 'bfcl ']) {
      expect(run.stdout).toContain(`  ${command}`)
    }
    expect(run.stdout).toMatch(/Exit codes:\n {2}0 .+\n {2}1 .+\n(?: {7}.+\n)* {2}2 .+[\s\S]+\n {2}130 /)
  })

  test.each(['score', 'merge', 'bfcl-check', 'bfcl'])('%s --help prints the usage of the command', async (command) => {
    const run = await runCli([command, '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout.startsWith(`Usage: toolcalls ${command} `)).toBe(true)
  })

  test.each(['', 'score', 'merge', 'bfcl-check', 'bfcl'])('%s --help wraps its prose within 90 columns, for a terminal of that width', async (command) => {
    const run = await runCli(command === '' ? ['--help'] : [command, '--help'])
    // An example command line is left whole, to be copied as it is.
    const prose = run.stdout.split('\n').filter((line) => !line.startsWith('  toolcalls '))
    expect(prose.filter((line) => line.length > 90)).toStrictEqual([])
  })

  test.each([
    ['score', '--help', '--nope'],
    ['score', 'x.jsonl', '--worst', 'many', '-h'],
    ['merge', '--json', '--help'],
    ['bfcl', '--min-f1', '0.5', '--help'],
    ['bfcl-check', 'a', 'b', '--help'],
  ])('%s %s … --help wins over a mistake beside it, as in git and npm: the usage, exit code 0', async (command, ...args) => {
    const run = await runCli([command, ...args])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout.startsWith(`Usage: toolcalls ${command} `)).toBe(true)
  })

  test.each([
    [['--bogus', '--help'], 'Usage: toolcalls <command>'],
    [['nosuch', '-h'], 'Usage: toolcalls <command>'],
    [['--version', '--help'], 'Usage: toolcalls <command>'],
    [['--bogus', 'score', '--help'], 'Usage: toolcalls score '],
    [['--help', 'score'], 'Usage: toolcalls score '],
    [['help', '--help'], 'Usage: toolcalls <command>'],
    [['help', '-h'], 'Usage: toolcalls <command>'],
    [['help', 'help'], 'Usage: toolcalls <command>'],
    [['help', '--version'], 'Usage: toolcalls <command>'],
  ])('toolcalls %j: --help wins before a command too, with the usage of the command the line names, if any', async (args, usage) => {
    const run = await runCli(args)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout.startsWith(usage)).toBe(true)
  })

  test("'toolcalls help score' prints the usage of score, as 'score --help' does", async () => {
    const [help, flag] = await Promise.all([runCli(['help', 'score']), runCli(['score', '--help'])])
    expect(help.code).toBe(0)
    expect(help.stdout).toBe(flag.stdout)
    const unknown = await runCli(['help', 'scor'])
    expect(unknown.stderr).toBe("toolcalls: unknown command 'scor' (did you mean 'score'?); see 'toolcalls --help'\n")
    expect(unknown.code).toBe(2)
  })

  test('no command prints the usage on standard error and exits with 2', async () => {
    const run = await runCli([])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.startsWith('Usage: toolcalls <command>')).toBe(true)
  })

  test('--version prints the version of the package', async () => {
    const { version } = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8'))
    const run = await runCli(['--version'])
    expect(run.stdout).toBe(`${version}\n`)
  })
})
