// The suite runs under both runners: Vitest's API here; jest.config.mjs maps this module to runner.jest.ts.
export { describe, expect, test } from 'vitest'
