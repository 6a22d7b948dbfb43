// Matchers register here once src/matchers exists.
