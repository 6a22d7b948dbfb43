import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, test } from 'vitest'
import { DIFF_FLAGS, expectVitestsOwnDiff } from '../fixtures/nested-diff/diff-of'
import { inScratchProject, runRunner } from '../reporters/run-runner'

// Vitest's `diff` options reach a test's worker only in a real run, so they are tried in one, as a user starts it.

const fixture = join(import.meta.dirname, '../fixtures/nested-diff')

describe("a nested diff of a failure message, under Vitest's diff options", () => {
  test.each(DIFF_FLAGS)("prints as Vitest's own diff of the same values %s", async (_, flags, opening) => {
    const files = Object.fromEntries(await Promise.all(['nested.spec.js', 'vitest.config.js'].map(async (name) => [name, await readFile(join(fixture, name), 'utf8')])))
    await inScratchProject('vitest-diff-', files, async (project) => {
      const { output } = await runRunner('vitest', ['run', ...flags], project)
      expectVitestsOwnDiff(output, flags, opening)
    })
  }, 60_000)
})
