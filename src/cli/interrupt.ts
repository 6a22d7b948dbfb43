import { unlinkSync } from 'node:fs'

/** Files half written at this moment, removed if the run is interrupted. */
const temporaryFiles = new Set<string>()

export function trackTemporaryFile(path: string): void {
  temporaryFiles.add(path)
}

export function untrackTemporaryFile(path: string): void {
  temporaryFiles.delete(path)
}

/** Removes the half-written files; runs inside a signal handler, so it is synchronous. */
export function removeTemporaryFiles(): void {
  for (const path of temporaryFiles) {
    try {
      unlinkSync(path)
    } catch {
      // Already gone.
    }
  }
  temporaryFiles.clear()
}
