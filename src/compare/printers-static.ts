import * as prettyFormatModule from 'pretty-format'
import * as jestDiffModule from 'jest-diff'

// #printers outside Node (package.json's "imports"): with no `require` to load them on first
// use, as ./printers does, they are imported, for the page's bundler to resolve.

/** pretty-format's `format` and `plugins`. */
export function prettyFormat(): typeof prettyFormatModule {
  return prettyFormatModule
}

/** jest-diff's `diff`. */
export function jestDiff(): typeof jestDiffModule {
  return jestDiffModule
}
