export { describe, expect, test } from '@jest/globals'
