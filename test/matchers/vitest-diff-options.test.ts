import { describe, expect, test } from 'vitest'
import { inScratchProject, runRunner } from '../reporters/run-runner'

// Vitest's `diff` options reach a test's worker only in a real run, so they are tried in one, as a user starts it.

const files = {
  'vitest.config.ts': `import { defineConfig } from 'vitest/config'
export default defineConfig({ test: { include: ['*.spec.ts'], setupFiles: ['expect-toolcalls/vitest'] } })
`,
  'nested.spec.ts': `import { expect, test } from 'vitest'
const xs = Array.from({ length: 20 }, (_, i) => i)
const gold = { amenities: ['pool', 'spa'], xs }
const pred = { amenities: ['pool', 'gym'], xs }
test('ours', () => expect([{ name: 'hotel', args: { filters: pred } }]).toMatchToolCalls([{ name: 'hotel', args: { filters: gold } }]))
test('theirs', () => expect(pred).toEqual(gold))
`,
}

/** The lines of a failed test's diff: Vitest's own, after its annotations, or a nested diff of ours, unindented. */
function diffOf(output: string, testName: 'ours' | 'theirs'): string[] {
  const failure = output.slice(output.indexOf(`FAIL  nested.spec.ts > ${testName}\n`))
  const lines = failure.slice(0, failure.indexOf('\n ❯ ')).split('\n')
  if (testName === 'theirs') return lines.slice(lines.indexOf('+ Received') + 2).filter((line) => line !== '')
  return lines.filter((line) => line.startsWith('        ')).map((line) => line.slice(8))
}

describe("a nested diff of a failure message, under Vitest's diff options", () => {
  test.each([
    ['by default', [], '{'],
    ['with --diff.printBasicPrototype', ['--diff.printBasicPrototype'], 'Object {'],
    ['with --diff.expand', ['--diff.expand'], '{'],
  ])("prints as Vitest's own diff of the same values %s", async (_, flags, opening) => {
    await inScratchProject('vitest-diff-', files, async (project) => {
      const { output } = await runRunner('vitest', ['run', ...flags], project)
      const ours = diffOf(output, 'ours')
      expect(ours).toEqual(diffOf(output, 'theirs'))
      expect(ours).toContain(`  ${opening}`)
      expect(ours).toContain('-     "spa",')
      // Around its change only, or, expanded, every line.
      expect(ours.some((line) => line.includes('19,'))).toBe(flags.includes('--diff.expand'))
    })
  }, 60_000)
})
