import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { wrongArgumentMessage } from '../fixtures/wrong-argument-message'
import { inScratchProject, runRunner } from '../reporters/run-runner'

// Playwright Test's expect, whose matcher state differs from Jest's in its types, runs the matchers in a real
// `playwright test` (no browser: the tests use no page). The fixture's types are checked by the repo's typecheck.

describe('the matchers under Playwright Test', () => {
  test('pass and fail as under Jest, with the same message', async () => {
    const files = { 'agent.spec.ts': await readFile(join(import.meta.dirname, '../fixtures/playwright/agent.spec.ts'), 'utf8') }
    await inScratchProject('playwright-', files, async (project) => {
      // Its artifacts go into the project: with no config of its own, Playwright writes them under the repo's root.
      const artifacts = join(project, 'test-results')
      const { exitCode, output } = await runRunner('playwright', ['test', '--reporter=list', '--workers=1', `--output=${artifacts}`], project)
      expect(exitCode, output).toBe(1)
      expect(output).toMatch(/✓ +1 agent\.spec\.ts:\d+:\d+ › passes on the right calls/)
      expect(output).toContain(`    Error: ${wrongArgumentMessage('    ').trimStart()}`)
      expect(output).toContain('    Error: expect(received).not.toMatchToolCalls(gold)\n\n    Expected the calls not to match the gold, but they do.')
      expect(output).toContain('2 failed')
      expect(JSON.parse(await readFile(join(artifacts, '.last-run.json'), 'utf8'))).toMatchObject({ status: 'failed' })
    })
  }, 60_000)
})
