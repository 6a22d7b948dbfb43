import config from './vitest.config.js'

// A shard (--shard=i/n), which also writes its blob to .vitest-reports/ for the run that merges them.
export default { test: { ...config.test, reporters: [...config.test.reporters, 'blob'] } }
