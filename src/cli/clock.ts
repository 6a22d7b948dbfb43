/**
 * Milliseconds on a monotonic clock, for progress and its throttling. Not `performance.now()`:
 * the first use of `performance` loads Node's whole performance API, a millisecond at startup.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6
}
