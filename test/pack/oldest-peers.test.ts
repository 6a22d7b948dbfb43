import { describePeerRunners } from './peer-runners'

// Each part of Jest pinned at 29.4.0 by the lockfile: a plain `jest@29.4.0` install pulls `jest-cli` and `expect` 29.7.0.
describePeerRunners('the packed package beside the oldest Vitest and Jest it supports (Vitest 3.2.0, Jest 29.4.0)', {
  folder: 'oldest',
  versions: ['vitest@3.2.0', 'jest-circus@29.4.0', 'expect@29.4.0', 'jest-snapshot@29.4.0'],
})
