// What a reporter says of a run whose figure cannot be whole.

/** Said of a run stopped before its end (`--bail`, Ctrl-C, a change in watch mode): its figure might be of some of its tests only, and is not given. */
export const STOPPED_RUN =
  'Tool calls: the run was stopped before its end (--bail, Ctrl-C, a change in watch mode), maybe before all its tests ran: no corpus figure, no JSON report written, minF1 not judged.'

/** Said of test files that failed outside their tests (a syntax error, an import that throws): what they would have graded is not in the figure. */
export function filesNotRunNote(files: number): string | undefined {
  if (files === 0) return undefined
  const them = files === 1 ? '1 test file' : `${files} test files`
  return `Tool calls: ${them} failed outside ${files === 1 ? 'its' : 'their'} tests (as ${files === 1 ? 'it was' : 'they were'} loaded, say): what ${files === 1 ? 'it' : 'they'} would have graded is not in the figure.`
}
