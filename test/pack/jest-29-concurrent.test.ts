import { copyFile, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectEachTestItsOwn, JEST_CONCURRENT_FILES } from '../fixtures/jest-concurrent/expect-run'
import { bin, installedProject, node } from './packed-project'

// Jest 29.7, the last of Jest 29, names a concurrent test apart from the current one (`currentConcurrentTestName`, from 29.6),
// as Jest 30.5 names each test in `currentTestIdentity`. Installed by the lockfile of test/pack/peers/jest-29.7.

let project: string

beforeAll(async () => {
  project = await installedProject('jest-29.7', join(import.meta.dirname, 'peers', 'jest-29.7'), async (into) => {
    for (const file of JEST_CONCURRENT_FILES) await copyFile(file, join(into, basename(file)))
  })
}, 180_000)

afterAll(async () => {
  if (project !== undefined) await rm(project, { recursive: true, force: true })
})

describe('the packed package beside Jest 29.7.0', () => {
  test('counts each test.concurrent test\'s assertion under that test, though the tests run together', async () => {
    expect((await node([bin('jest', 'jest', project), '--version'], project)).output.trim()).toBe('29.7.0')
    await expectEachTestItsOwn(await node([bin('jest', 'jest', project), '--ci'], project), project)
  }, 60_000)
})
