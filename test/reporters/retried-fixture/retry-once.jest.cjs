// As `retry: 1` in the Vitest config: a failed test runs once more.
jest.retryTimes(1)
