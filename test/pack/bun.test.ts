import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { wrongArgumentMessage } from '../fixtures/wrong-argument-message'
import { bin, installedProject, node } from './packed-project'

// The packed package under `bun test`, whose matcher utils differ from Jest's: Bun is installed from the
// npm registry, as a package holding Linux's x64 binary, into a project outside the repo.

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('the packed package under bun test', () => {
  let project: string
  let output: string

  beforeAll(async () => {
    project = await installedProject('bun', join(import.meta.dirname, 'bun'))
    // `node` runs any binary: here Bun's, whose test runner is its `test` command.
    ;({ output } = await node(['test'], project, join(project, 'node_modules/@oven/bun-linux-x64/bin/bun')))
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

  test("fails with the message Jest's runners print, uncoloured, its hint written without Bun's utils", () => {
    expect(output).toContain('(fail) fails on a wrong argument')
    expect(output).toContain(wrongArgumentMessage(''))
    expect(output).toContain('(fail) fails .not on the right calls')
    expect(output).toContain('expect(received).not.toMatchToolCalls(gold)\n\nExpected the calls not to match the gold, but they do.')
  })
})
