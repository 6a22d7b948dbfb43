// The runner's API for the shared spec: Vitest here; Jest's config maps this module to runner.jest.ts.
export { describe, expect, test } from 'vitest'
