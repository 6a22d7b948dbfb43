// Jest runs the sources as CommonJS, where import.meta (src/report/package-require.ts) cannot be.
exports.packageRequire = require
