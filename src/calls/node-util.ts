/**
 * Node's `util`, looked up when the module loads rather than imported, so that the core also
 * loads where Node's builtins are absent (a browser); undefined there. `getBuiltinModule` is
 * Node's from 20.16, the package's floor.
 */
export const nodeUtil = globalThis.process?.getBuiltinModule?.('node:util')
