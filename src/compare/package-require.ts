import { createRequire } from 'node:module'

/** `require` from this package's own folder, for the dependencies it loads on first use. */
export const packageRequire = createRequire(import.meta.url)
