import { describe, expect, test } from 'vitest'

describe('the entries', () => {
  test('the matchers entry gives the matchers object and the serializer, and registers nothing', async () => {
    const entry = await import('../../src/matchers/index')
    expect(Object.keys(entry).sort()).toEqual(['matchers', 'serializer'])
    expect(Object.keys(entry.matchers).sort()).toEqual(['toHaveCalledTool', 'toMatchToolCalls', 'toScoreAtLeast'])
  })

  test("the Jest entry throws a clear Error where Jest's global expect is missing", async () => {
    await expect(import('../../src/matchers/jest')).rejects.toThrow("expect-toolcalls/jest: Jest's global `expect` was not found")
  })
})
