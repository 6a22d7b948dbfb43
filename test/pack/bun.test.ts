import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { wrongArgumentMessage } from '../fixtures/wrong-argument-message'
import { bin, installedProject, node } from './packed-project'

// The packed package under `bun test`, whose matcher utils differ from Jest's: Bun is installed from the
// npm registry, as a package holding Linux's x64 binary, into a project outside the repo.

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('the packed package under bun test', () => {
  let project: string
  let output: string
  let colouredOutput: string

  beforeAll(async () => {
    project = await installedProject('bun', join(import.meta.dirname, 'bun'))
    // `node` runs any binary: here Bun's, whose test runner is its `test` command.
    const bun = join(project, 'node_modules/@oven/bun-linux-x64/bin/bun')
    ;[{ output }, { output: colouredOutput }] = await Promise.all([node(['test'], project, bun), node(['test'], project, bun, true)])
  }, 180_000)

  afterAll(async () => {
    if (project !== undefined) await rm(project, { recursive: true, force: true })
  })

  test('passes on the right calls, as an asymmetric matcher and under .resolves, registered by a preload file', () => {
    expect(output).toContain('(pass) passes on the right calls')
  })

  test("types the matchers on Bun's expect by the README's declaration, and rejects the wrong calls", async () => {
    const types = await node([bin('typescript', 'tsc'), '-p', 'tsconfig.json'], project)
    expect(types, types.output).toEqual({ exitCode: 0, output: '' })
  }, 60_000)

  test("fails with the message Jest's runners print, uncoloured where Bun prints no colour, its hint written without Bun's utils", () => {
    expect(output).toContain('(fail) fails on a wrong argument')
    expect(output).toContain(wrongArgumentMessage(''))
    expect(output).toContain('(fail) fails .not on the right calls')
    expect(output).toContain('expect(received).not.toMatchToolCalls(gold)\n\nExpected the calls not to match the gold, but they do.')
  })

  test('colours the message as Jest does where Bun prints in colour (FORCE_COLOR here, a terminal for a user)', () => {
    expect(colouredOutput).toContain('\x1b[2mexpect(\x1b[22m\x1b[31mreceived\x1b[39m\x1b[2m)\x1b[22m\x1b[2m.\x1b[22mtoMatchToolCalls')
    expect(colouredOutput).toContain('\x1b[32m    - city: "Lyon"\x1b[39m')
    expect(colouredOutput).toContain('\x1b[31m    + city: "Paris"\x1b[39m\x1b[2m  ← expected "Lyon", received "Paris"\x1b[22m')
    expect(stripVTControlCharacters(colouredOutput)).toContain(wrongArgumentMessage(''))
  })
})
