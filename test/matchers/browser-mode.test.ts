import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { expectVitestsOwnDiff } from '../fixtures/nested-diff/diff-of'
import { resultsByTitle } from '../pack/packed-project'
import { inScratchProject, runRunner } from '../reporters/run-runner'

// Vitest's browser mode, the tests run in a page of Debian's Chromium (which .ci/run installs): the setup entry,
// the matchers, their messages and the reporter as a user's browser tests meet them.

const chromium = '/usr/bin/chromium'
const readFixture = (folder: string, name: string) => readFile(join(import.meta.dirname, folder, name), 'utf8')

const config = `import { defineConfig } from 'vitest/config'
import { playwright } from '@vitest/browser-playwright'

// Chromium's connections out are refused on a closed network: it is asked to make none.
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export default defineConfig({
  test: {
    include: ['weather.test.js', 'nested.spec.js'],
    setupFiles: ['./vitest.setup.js'],
    reporters: ['default', 'json', ['expect-toolcalls/reporter', { minF1: 0.9, json: 'corpus.json' }]],
    outputFile: { json: 'results.json' },
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({ launchOptions: { executablePath: ${JSON.stringify(chromium)}, args } }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
`

describe.skipIf(!existsSync(chromium))("Vitest's browser mode, in Chromium", () => {
  test('runs the matchers in the page, prints their nested diffs as its own, and reports the corpus figure', async () => {
    const files = {
      'vitest.config.js': config,
      'vitest.setup.js': await readFixture('../pack/project', 'vitest.setup.js'),
      'weather.test.js': await readFixture('../pack/project', 'weather.test.js'),
      'nested.spec.js': await readFixture('../fixtures/nested-diff', 'nested.spec.js'),
    }
    await inScratchProject('browser-mode-', files, async (project) => {
      const { exitCode, output } = await runRunner('vitest', ['run'], project)
      expect(exitCode, output).toBe(1)
      const byTitle = await resultsByTitle(join(project, 'results.json'))
      expect(byTitle['passes on the right calls']?.status, output).toBe('passed')
      expect(byTitle['prints a Score through the snapshot serializer']?.status).toBe('passed')
      expect(byTitle['fails on a wrong argument']?.message).toContain('+ city: "Paris"  ← expected "Lyon", received "Paris"')
      expectVitestsOwnDiff(output, [], '{')
      expect(output).toContain('Tool calls: 3 graded assertions in 3 tests')
      expect(output).toContain('Tool calls: the corpus F1 0.3333 is below minF1 0.9; the run fails.')
      expect(JSON.parse(await readFile(join(project, 'corpus.json'), 'utf8'))).toMatchObject({ tests: 3, tp: 1, fp: 2, fn: 2 })
    })
  }, 120_000)
})
