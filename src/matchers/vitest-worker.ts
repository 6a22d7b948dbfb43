/**
 * Vitest's worker state, `globalThis.__vitest_worker__`: Vitest's own, not a public API, so every read
 * of it is checked. Its `current` is the test it runs, or the suite or file it is in.
 */
interface WorkerTask {
  type?: unknown
  tasks?: unknown
  file?: unknown
  result?: { state?: unknown; startTime?: unknown; duration?: unknown }
}

function isTask(value: unknown): value is WorkerTask {
  return typeof value === 'object' && value !== null
}

function workerCurrent(): WorkerTask | undefined {
  const current = (globalThis as { __vitest_worker__?: { current?: unknown } }).__vitest_worker__?.current
  return isTask(current) ? current : undefined
}

/**
 * Of the tests of the file Vitest runs, the one under way (begun, not ended: in its afterEach hooks a
 * test has passed or failed already, and is given its duration only once they end) that began last. Vitest
 * unsets its current test whenever one ends, so the global `expect` of a concurrent test may find
 * none; and hooks that would keep the tests under way are not run for a file whose matchers
 * module was cached by an earlier one (`isolate: false`), nor where the matchers were added by hand.
 */
export function latestTestUnderWay(): object | undefined {
  const current = workerCurrent()
  const file = isTask(current?.file) ? current.file : current
  let latest: WorkerTask | undefined
  let latestStart = -Infinity
  const tasks: unknown[] = [file]
  while (tasks.length > 0) {
    const task = tasks.pop()
    if (!isTask(task)) continue
    if (task.type === 'test') {
      const result = task.result
      const start = result !== undefined && (result.state === 'run' || (result.duration === undefined && result.state !== 'skip')) ? result.startTime : undefined
      if (typeof start === 'number' && start >= latestStart) [latest, latestStart] = [task, start]
    } else if (Array.isArray(task.tasks)) {
      tasks.push(...(task.tasks as unknown[]))
    }
  }
  return latest
}

interface DiffOptions {
  expand?: unknown
  printBasicPrototype?: unknown
}

/** The diff options of Vitest's config (`diff`, or `--diff.expand`) as its worker holds them loaded; undefined outside Vitest. */
export function vitestDiffOptions(): { expand: boolean; printBasicPrototype: boolean } | undefined {
  const config = (globalThis as { __vitest_worker__?: { config?: { diffOptions?: DiffOptions; _diffOptions?: DiffOptions; diff?: unknown } } }).__vitest_worker__?.config
  if (typeof config !== 'object' || config === null) return undefined
  // Loaded as `diffOptions` until Vitest 5, `_diffOptions` since; a `diff` given as an object is those options as written.
  const written = typeof config.diff === 'object' && config.diff !== null ? (config.diff as DiffOptions) : undefined
  const options = config._diffOptions ?? config.diffOptions ?? written
  // Vitest's own defaults: changes shown with a few lines around them, and no `Object {`.
  return { expand: options?.expand === true, printBasicPrototype: options?.printBasicPrototype === true }
}
