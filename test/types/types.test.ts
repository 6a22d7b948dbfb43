import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bin, installedFixture, run } from '../pack/packed-project'

// TypeScript 7, npm's latest, whose compiler is a rewrite, is installed by its own lockfile outside the repo: as a
// second package of the repo's, its `tsc` would take the place of the one the declarations are built with.
let typescript7: string | undefined

beforeAll(async () => {
  typescript7 = await installedFixture('typescript-7', join(import.meta.dirname, 'typescript-7'))
}, 180_000)

afterAll(async () => {
  if (typescript7 !== undefined) await rm(typescript7, { recursive: true, force: true })
})

/** The diagnostics of a tsc for the project of a tsconfig, none where it compiles. */
async function diagnostics(tsc: string, config: string): Promise<string> {
  try {
    await run(process.execPath, [tsc, '-p', config])
    return ''
  } catch (error) {
    return (error as { stdout?: string }).stdout || String(error)
  }
}

// `npm run typecheck` compiles it with the TypeScript the declarations are built with.
test("compiles the repo's own program under TypeScript 7 too, its tests typed by the sources' augmentation of the runners' Matchers", async () => {
  expect(await diagnostics(bin('typescript', 'tsc', typescript7), 'tsconfig.json')).toBe('')
}, 120_000)

describe.each([
  ['TypeScript 5.9', () => bin('typescript', 'tsc'), 'Version 5.9.'],
  ['TypeScript 7', () => bin('typescript', 'tsc', typescript7), 'Version 7.'],
])('under %s', (_, tsc, version) => {
  /** tsc's diagnostics for one of the projects here; each compiles against the built package's types. */
  const typeErrors = (project: string, config = 'tsconfig.json') => diagnostics(tsc(), `test/types/${project}/${config}`)

  test('runs that compiler', async () => {
    expect((await run(process.execPath, [tsc(), '--version'])).stdout).toContain(version)
  })

  describe("the matchers' types", () => {
    test.concurrent.each([
      ['Vitest', 'vitest'],
      ['Jest with @jest/globals', 'jest-globals'],
      ['Jest with the globals of @types/jest, from CommonJS', 'jest'],
      ['Playwright Test, whose expect.extend types the matchers from their signatures', 'playwright'],
    ])('type every call and reject the wrong ones in %s', async (_, project) => {
      expect(await typeErrors(project)).toBe('')
    }, 60_000)
  })

  describe('the Vitest augmentation, checked with the libraries', () => {
    test('agrees with Vitest\'s own declarations, which extend Matchers and AsymmetricMatchersContaining in one interface (no TS2320 without skipLibCheck)', async () => {
      expect(await typeErrors('vitest', 'tsconfig.lib-checked.json')).toBe('')
    }, 60_000)

    test("agrees with the Jest declaration in one program, as Vitest declares Jest's global jest.Matchers and extends it beside its own (no TS2320 without skipLibCheck)", async () => {
      expect(await typeErrors('vitest', 'tsconfig.with-jest-declaration.json')).toBe('')
    }, 60_000)
  })

  describe("tsc's messages on a wrong gold", () => {
    test('name the misspelt key of a call in a list, or the name it lacks, where they had told the first call against the [name, args] form', async () => {
      const errors = await typeErrors('gold-messages')
      const at = (line: number, column: number) => `test/types/gold-messages/gold.ts(${line},${column}): error`
      expect(errors).toContain(`${at(5, 32)} TS2353: Object literal may only specify known properties, and 'nam' does not exist in type 'GoldCallInput'.`)
      expect(errors).toContain(`${at(6, 89)} TS2353: Object literal may only specify known properties, and 'arg' does not exist in type 'GoldCallInput'.`)
      expect(errors).toContain(`${at(7, 30)} TS2322: Type '{ args: { q: string; }; }' is not assignable to type 'GoldCallInput'.`)
      expect(errors).toContain("Property 'name' is missing in type '{ args: { q: string; }; }'")
      expect(errors).toContain(`${at(8, 76)} TS2353: Object literal may only specify known properties, and 'nam' does not exist in type 'GoldCallInput'.`)
      expect(errors).not.toContain("is not assignable to type 'string'")
    }, 60_000)

    test("say that Anthropic's tool runner, a promise of its last message alone, is to be collected rather than awaited", async () => {
      const errors = await typeErrors('gold-messages')
      // TypeScript 5.9 reports the assertion's `this` (TS2684), TypeScript 7 the property it lacks (TS2741).
      expect(errors).toMatch(/^test\/types\/gold-messages\/gold\.ts\(12,1\): error TS(2684|2741)/m)
      expect(errors).toContain("received Anthropic's tool runner, whose awaited value is its last message alone: collect the messages it yields, and pass them")
    }, 60_000)
  })

  describe("the options' types", () => {
    test('take an option passed on as undefined under exactOptionalPropertyTypes, as the options do at run time', async () => {
      expect(await typeErrors('exact-optional')).toBe('')
    }, 60_000)
  })
})
