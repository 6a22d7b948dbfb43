// Jest runs the sources as CommonJS, where import.meta (src/compare/package-require.ts) cannot be.
exports.packageRequire = require
