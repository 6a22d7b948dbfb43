import { isRecord } from '../calls/plain-value'

// A Score received from elsewhere (a report file, JSON, a value that only looks like one):
// checked as deeply as printing it reads it, so that a file edited by hand is a user error
// naming what is wrong, and an object shaped almost like a Score is not printed as one.

const VERDICTS = ['match', 'mismatch', 'missing', 'unexpected', 'omitted']
const UNMATCHED_KINDS = ['unparseable', 'wrong tool', 'hallucinated call', 'out of order']

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && !Number.isNaN(value)
}

function hasCounts(value: Record<string, unknown>): boolean {
  return isNumber(value.tp) && isNumber(value.fp) && isNumber(value.fn)
}

function isCallData(value: unknown): boolean {
  return isRecord(value) && typeof value.name === 'string' && isRecord(value.args) && (value.positional === undefined || Array.isArray(value.positional))
}

function isArgVerdict(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.arg === 'string' &&
    VERDICTS.includes(value.verdict as string) &&
    isNumber(value.weight) &&
    (value.reason === undefined || typeof value.reason === 'string') &&
    (value.position === undefined || (Number.isInteger(value.position) && (value.position as number) > 0))
  )
}

function pairProblem(pair: unknown): string | undefined {
  if (!isRecord(pair) || !isNumber(pair.predIndex) || !isNumber(pair.goldIndex) || typeof pair.exact !== 'boolean' || !isNumber(pair.weight)) {
    return 'expected { predIndex, goldIndex, exact, weight, tp, fp, fn, pred, gold, args }'
  }
  if (!hasCounts(pair)) return 'tp, fp, fn: expected numbers'
  if (!isCallData(pair.pred)) return 'pred: expected { name, args }'
  if (!isCallData(pair.gold)) return 'gold: expected { name, args }'
  if (!Array.isArray(pair.args)) return 'args: expected a list'
  const wrong = pair.args.findIndex((verdict) => !isArgVerdict(verdict))
  return wrong === -1 ? undefined : `args[${wrong}]: expected { arg, verdict, weight }`
}

function isUnmatchedPrediction(value: unknown): boolean {
  return (
    isRecord(value) &&
    isNumber(value.predIndex) &&
    UNMATCHED_KINDS.includes(value.kind as string) &&
    typeof value.reason === 'string' &&
    isNumber(value.weight) &&
    isCallData(value.call)
  )
}

function isUnmatchedGold(value: unknown): boolean {
  return isRecord(value) && isNumber(value.goldIndex) && isNumber(value.weight) && isCallData(value.call)
}

/** What is wrong with a value read as a Score, or undefined when it is one. */
export function scoreProblem(score: unknown): string | undefined {
  if (!isRecord(score)) return 'expected a Score'
  if (score.level !== 'call' && score.level !== 'arg') return "level: expected 'call' or 'arg'"
  if (!hasCounts(score) || !isNumber(score.precision) || !isNumber(score.recall) || !isNumber(score.f1)) {
    return 'tp, fp, fn, precision, recall, f1: expected numbers'
  }
  if (!Array.isArray(score.pairs)) return 'pairs: expected a list'
  for (const [i, pair] of score.pairs.entries()) {
    const problem = pairProblem(pair)
    if (problem !== undefined) return `pairs[${i}]: ${problem}`
  }
  if (!Array.isArray(score.unmatchedPred)) return 'unmatchedPred: expected a list'
  const wrongPred = score.unmatchedPred.findIndex((unmatched) => !isUnmatchedPrediction(unmatched))
  if (wrongPred !== -1) return `unmatchedPred[${wrongPred}]: expected { predIndex, kind, reason, weight, call }`
  if (!Array.isArray(score.unmatchedGold)) return 'unmatchedGold: expected a list'
  const wrongGold = score.unmatchedGold.findIndex((unmatched) => !isUnmatchedGold(unmatched))
  if (wrongGold !== -1) return `unmatchedGold[${wrongGold}]: expected { goldIndex, weight, call }`
  return undefined
}
