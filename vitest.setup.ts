import './src/matchers/vitest'
