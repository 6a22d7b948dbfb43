// The runner's API for the fixture: Vitest here; the Jest config maps this module to runner.jest.ts.
export { afterAll, describe, expect, test } from 'vitest'
