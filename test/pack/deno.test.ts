import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { wrongArgumentMessage } from '../fixtures/wrong-argument-message'
import { installedProject, node } from './packed-project'

// The packed package under `deno test`, with Jest's standalone `expect` from npm: Deno is installed from the npm
// registry, as a package holding Linux's x64 binary, into a project outside the repo, which reads its node_modules.

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('the packed package under deno test', () => {
  let project: string
  let deno: string

  beforeAll(async () => {
    project = await installedProject('deno', join(import.meta.dirname, 'deno'))
    deno = join(project, 'node_modules/@deno/linux-x64-glibc/deno')
  }, 180_000)

  afterAll(async () => {
    if (project !== undefined) await rm(project, { recursive: true, force: true })
  })

  test('type-checks the matchers on Jest\'s expect by the Jest declaration, and rejects the wrong calls', async () => {
    // `node` runs any binary: here Deno's, whose `check` type-checks as `deno test` does before it runs.
    const checked = await node(['check', 'agent_test.ts'], project, deno)
    expect(checked.exitCode, checked.output).toBe(0)
  }, 60_000)

  test("passes on the right calls and fails with the message Jest's runners print", async () => {
    const { exitCode, output } = await node(['test', '--allow-read', '--allow-env', 'agent_test.ts'], project, deno)
    expect(exitCode, output).toBe(1)
    expect(output).toContain('passes on the right calls ... ok')
    expect(output).toContain('fails on a wrong argument ... FAILED')
    expect(output).toContain(wrongArgumentMessage(''))
    expect(output).toContain('fails .not on the right calls ... FAILED')
    expect(output).toContain('expect(received).not.toMatchToolCalls(gold)\n\nExpected the calls not to match the gold, but they do.')
    expect(output).toContain('1 passed | 2 failed')
  }, 60_000)
})
