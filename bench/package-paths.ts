import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The built package's entry, resolved through its own exports, for scripts written outside the repository. */
export const PACKAGE_ENTRY_URL = import.meta.resolve('expect-toolcalls')

const manifestUrl = import.meta.resolve('expect-toolcalls/package.json')
const manifest = JSON.parse(readFileSync(new URL(manifestUrl), 'utf8')) as { bin: { toolcalls: string } }

/** The built `toolcalls` command, where the package's `bin` puts it. */
export const CLI_PATH = fileURLToPath(new URL(manifest.bin.toolcalls, manifestUrl))
