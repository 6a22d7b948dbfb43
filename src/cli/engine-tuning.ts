import { setFlagsFromString } from 'node:v8'

/**
 * Inputs up to this size make a short run. On 2 cores, with BFCL entries of about 1.3 KB,
 * `bfcl-check` without inlining took 9% less time over 3,000 entries (4 MB) and 6% less over
 * 30,000 (38 MB), and 4% more over 90,000 (115 MB).
 */
const SHORT_RUN_BYTES = 64 * 1024 * 1024

/**
 * Turns off inlining in the engine's optimising compiler, for this process, when the input is
 * a file small enough to make a short run. Such a run spends much of its time before optimised
 * code pays off; compiles without inlining finish sooner, and the threads that make them share
 * the cores with the main one. To be called before the work starts. Standard input, whose size
 * is unknown, keeps the engine's defaults.
 */
export function preferQuickCompiles(inputBytes: number | undefined): void {
  if (inputBytes !== undefined && inputBytes <= SHORT_RUN_BYTES) setFlagsFromString('--no-turbo-inlining')
}
