import { jestDiff } from '../compare/printers'
import type { ArgVerdict } from '../compare/compare-call'
import { figuresLine } from './figures-line'
import type { PairDetail, Score, UnmatchedGold, UnmatchedPrediction } from '../metric/score'
import { type Colors, NO_COLORS } from './colors'
import { hasGoldMarker, printCall, printInline, printInlineApart } from './print-data'

export interface FormatOptions {
  colors?: Colors
  /** How many exactly matched pairs are listed, one line each, before the rest are counted (default 50). */
  exactLines?: number
}

const INDENT = '    '

const SMALL_VALUE = 400

function isSmall(value: unknown): boolean {
  try {
    return (JSON.stringify(value)?.length ?? 0) <= SMALL_VALUE
  } catch {
    return false
  }
}

function isNested(value: unknown): boolean {
  return typeof value === 'object' && value !== null
}

export function formatVerdict(pair: PairDetail, verdict: ArgVerdict, colors: Colors): string[] {
  const { arg } = verdict
  const gold = pair.gold.args[arg]
  const positional = arg.startsWith('#') ? pair.pred.positional?.[Number(arg.slice(1)) - 1] : undefined
  const pred = arg.startsWith('#') ? positional : pair.pred.args[arg]
  const why = (text: string) => colors.dim(`  ← ${text}`)
  switch (verdict.verdict) {
    case 'match':
      return [colors.dim(`${INDENT}  ${arg}: ${printInline(pred)}`)]
    case 'omitted':
      return Object.hasOwn(pair.pred.args, arg)
        ? [colors.dim(`${INDENT}  ${arg}: ${printInline(pred)}  (${verdict.reason ?? 'left out'})`)]
        : [colors.dim(`${INDENT}  ${arg}: (left out; optional)`)]
    case 'missing':
      return [colors.expected(`${INDENT}- ${arg}: ${printInline(gold)}`) + why('missing')]
    case 'unexpected':
      return [colors.received(`${INDENT}+ ${arg}: ${printInline(pred)}`) + why(`unexpected: ${verdict.reason ?? ''}`)]
    case 'mismatch': {
      if (isNested(gold) && isNested(pred) && !hasGoldMarker(gold)) {
        const nested = jestDiff().diff(gold, pred, {
          aAnnotation: 'Expected',
          bAnnotation: 'Received',
          omitAnnotationLines: true,
          // A small value is shown whole; a large one only around its differences.
          expand: isSmall(gold) && isSmall(pred),
          contextLines: 2,
          aColor: colors.expected,
          bColor: colors.received,
          changeColor: (s) => s,
          commonColor: colors.dim,
          patchColor: colors.dim,
        })
        const lines = (nested ?? '').split('\n').map((line) => `${INDENT}    ${line}`)
        return [`${INDENT}~ ${arg}:` + why(verdict.reason ?? 'differs'), ...lines]
      }
      const [printedGold, printedPred] =
        typeof gold === 'string' && typeof pred === 'string' ? printInlineApart(gold, pred) : [printInline(gold), printInline(pred)]
      return [
        colors.expected(`${INDENT}- ${arg}: ${printedGold}`),
        colors.received(`${INDENT}+ ${arg}: ${printedPred}`) + why(verdict.reason ?? 'differs'),
      ]
    }
  }
}

function pairHeader(pair: PairDetail): string {
  return `gold[${pair.goldIndex}] ↔ pred[${pair.predIndex}]`
}

function formatPairs(pairs: readonly PairDetail[], colors: Colors, exactLines: number): string[] {
  const lines: string[] = []
  let exactShown = 0
  let exactHidden = 0
  for (const pair of pairs) {
    if (pair.exact) {
      if (exactShown < exactLines) {
        lines.push(colors.dim(`  ✓ ${pairHeader(pair)}  ${printCall(pair.gold.name, pair.pred.args, pair.pred.positional)}`))
        exactShown++
      } else {
        exactHidden++
      }
      continue
    }
    const sameName = pair.pred.name === pair.gold.name
    const name = sameName ? pair.gold.name : `${pair.gold.name} (predicted as ${pair.pred.name})`
    lines.push(`  ${colors.bold('✗')} ${pairHeader(pair)}  ${colors.bold(name)}`)
    for (const verdict of pair.args) lines.push(...formatVerdict(pair, verdict, colors))
  }
  if (exactHidden > 0) lines.push(colors.dim(`  ✓ … and ${exactHidden} more pairs that match exactly`))
  return lines
}

function formatUnmatchedPred(unmatched: UnmatchedPrediction, colors: Colors): string {
  const call =
    unmatched.kind === 'unparseable'
      ? unmatched.call.name === ''
        ? '(unparseable)'
        : `${unmatched.call.name} (unparseable)`
      : printCall(unmatched.call.name, unmatched.call.args, unmatched.call.positional)
  return colors.received(`  + pred[${unmatched.predIndex}] ${call}`) + colors.dim(`  ← ${unmatched.kind}: ${unmatched.reason}`)
}

function formatUnmatchedGold(unmatched: UnmatchedGold, colors: Colors): string {
  return colors.expected(`  - gold[${unmatched.goldIndex}] ${printCall(unmatched.call.name, unmatched.call.args)}`)
}

/**
 * A Score as an aligned diff: each pair with its gold and predicted arguments side by side
 * (`-` gold, `+` prediction), the predictions that matched nothing and why, the gold calls
 * nothing matched, then the figures.
 */
export function formatScore(score: Score, options: FormatOptions = {}): string {
  const colors = options.colors ?? NO_COLORS
  const sections: string[][] = []
  if (score.pairs.length > 0) {
    sections.push([
      `Pairs (${colors.expected('- gold')}, ${colors.received('+ prediction')}):`,
      ...formatPairs(score.pairs, colors, options.exactLines ?? 50),
    ])
  }
  if (score.unmatchedPred.length > 0) {
    sections.push(['Predictions that matched nothing:', ...score.unmatchedPred.map((u) => formatUnmatchedPred(u, colors))])
  }
  if (score.unmatchedGold.length > 0) {
    sections.push(['Gold calls that nothing matched:', ...score.unmatchedGold.map((u) => formatUnmatchedGold(u, colors))])
  }
  sections.push([figuresLine(score)])
  return sections.map((lines) => lines.join('\n')).join('\n\n')
}
