export default {
  test: {
    include: ['weather.test.js'],
    setupFiles: ['./vitest.setup.js'],
  },
}
