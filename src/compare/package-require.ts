import { createRequire } from 'node:module'

/**
 * `require` from this package's own folder, for the dependencies it loads on first use. The
 * CommonJS build has its own path in `__filename`: the bundler's stand-in for `import.meta.url`
 * there gives the page's address wherever a `document` exists (Jest's jsdom environment).
 */
export const packageRequire = createRequire(typeof __filename === 'string' ? __filename : import.meta.url)
