export { afterAll, describe, expect, test } from '@jest/globals'
