import { isRecord } from '../calls/plain-value'

/** The files BFCL's runs read and write, each a JSON line per entry. */
export type BfclFile = 'question' | 'answer' | 'result'

const LINES: Record<BfclFile, string> = {
  question: `a line of BFCL's question file { "id", "question", "function" }`,
  answer: `a line of BFCL's possible-answer file { "id", "ground_truth" }`,
  result: 'a line of a BFCL result file { "id", "result" }',
}

/**
 * Which of BFCL's own files a line comes from, told by its keys, where an entry, gold or an
 * episode was expected; undefined for any other line, and for an entry `bfcl-check` reads
 * (which holds `model_output` and `functions`).
 */
export function bfclFileOf(value: unknown): BfclFile | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || Object.hasOwn(value, 'model_output') || Object.hasOwn(value, 'functions')) return undefined
  if (Object.hasOwn(value, 'question') && Object.hasOwn(value, 'function')) return 'question'
  if (Object.hasOwn(value, 'ground_truth')) return 'answer'
  if (Object.hasOwn(value, 'result')) return 'result'
  return undefined
}

/** `a line of BFCL's question file { "id", "question", "function" }`: what such a line is, for an error. */
export function bfclLineName(file: BfclFile): string {
  return LINES[file]
}

/** `a line of BFCL's possible-answer file { "id", "ground_truth" }, not <what was expected>; <what to run instead>` */
export function bfclFileProblem(file: BfclFile, expected: string): string {
  return `${LINES[file]}, not ${expected}; 'toolcalls bfcl --category C --results R --data DIR' scores a result file against BFCL's question and possible-answer files`
}
