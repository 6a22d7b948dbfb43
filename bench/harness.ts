/** One measured pair: the baseline and the candidate, per operation, and their ratio. */
export interface Comparison {
  baselineMs: number
  candidateMs: number
  /** Median of the per-window ratios candidate / baseline. */
  ratio: number
}

export interface CompareOptions {
  /** Length of each timing window (default 300 ms). */
  windowMs?: number
  /** How many windows of each, interleaved (default 7). */
  windows?: number
}

/** What every benchmark is given: the timing windows, and whether this is the quick run that only proves it runs. */
export interface BenchOptions extends CompareOptions {
  quick: boolean
}

let sink = 0

/** Time per call of `run`, over at least `windowMs`. */
function timeWindow(run: () => unknown, windowMs: number): number {
  let calls = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < windowMs) {
    const result = run()
    if (typeof result === 'number') sink += result
    calls++
    elapsed = performance.now() - start
  }
  return elapsed / calls
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * Measures a candidate against a baseline in the same run: windows of each, interleaved, so
 * both see the same machine; the ratio is the median of the windows' ratios.
 */
export function compare(baseline: () => unknown, candidate: () => unknown, options: CompareOptions = {}): Comparison {
  const windowMs = options.windowMs ?? 300
  const windows = options.windows ?? 7
  timeWindow(baseline, windowMs / 3)
  timeWindow(candidate, windowMs / 3)
  const baselines: number[] = []
  const candidates: number[] = []
  const ratios: number[] = []
  for (let i = 0; i < windows; i++) {
    const b = timeWindow(baseline, windowMs)
    const c = timeWindow(candidate, windowMs)
    baselines.push(b)
    candidates.push(c)
    ratios.push(c / b)
  }
  return { baselineMs: median(baselines), candidateMs: median(candidates), ratio: median(ratios) }
}

/** Time per call, the median of several windows. */
export function measure(run: () => unknown, options: CompareOptions = {}): number {
  const windowMs = options.windowMs ?? 300
  timeWindow(run, windowMs / 3)
  return median(Array.from({ length: options.windows ?? 7 }, () => timeWindow(run, windowMs)))
}

export function formatMs(ms: number): string {
  if (ms >= 100) return `${ms.toFixed(0)} ms`
  if (ms >= 1) return `${ms.toFixed(2)} ms`
  if (ms >= 0.001) return `${(ms * 1000).toFixed(1)} µs`
  return `${(ms * 1e6).toFixed(0)} ns`
}

export function formatRatio(ratio: number, target?: number): string {
  const verdict = target === undefined ? '' : ratio <= target ? `  (target ≤ ${target}×: met)` : `  (target ≤ ${target}×: NOT met)`
  return `${ratio.toFixed(2)}×${verdict}`
}

/** An absolute figure against the limit it must stay under. */
export function formatWithin(ms: number, limitMs: number): string {
  return `${formatMs(ms)}  (target < ${formatMs(limitMs)}: ${ms < limitMs ? 'met' : 'NOT met'})`
}

/** Keeps results observable so the engine cannot drop the measured work. */
export function consumed(): number {
  return sink
}
