import { setOwnEntry } from '../compare/gold-node'
import { ExactSum } from './exact-sum'
import { COUNT_KEYS, type Counts, type Figures, figures } from './figures'
import { forEachToolShare, OTHER_TOOLS, type ScoreEntries, standsForNoTool } from './per-tool'

/** The partial sums of TP, FP and FN where a sum is not one double (see ExactSum). */
export type CountParts = Partial<Record<keyof Counts, number[]>>

/** A corpus's sums that are not one double each: what merging its report with others needs besides its counts. */
export interface ExactSums {
  total?: CountParts
  perTool?: Record<string, CountParts>
}

function isParts(value: unknown): value is CountParts {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.entries(value).every(([key, parts]) => COUNT_KEYS.includes(key as keyof Counts) && Array.isArray(parts) && parts.every(Number.isFinite))
}

/** ExactSums by their shape, as read back from a file or from another process. */
export function isExactSums(value: unknown): value is ExactSums {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const { total, perTool } = value as Record<string, unknown>
  if (total !== undefined && !isParts(total)) return false
  if (perTool === undefined) return true
  return typeof perTool === 'object' && perTool !== null && !Array.isArray(perTool) && Object.values(perTool).every(isParts)
}

/** What in `parts` does not add up to `counts` (`.tp: adds up to 5, not 0.6`), or undefined. */
function partsProblem(counts: Counts, parts: CountParts): string | undefined {
  for (const key of COUNT_KEYS) {
    const keyParts = parts[key]
    if (keyParts === undefined) continue
    const sum = new ExactSum()
    sum.addPartials(keyParts)
    if (sum.value !== counts[key]) return `.${key}: adds up to ${sum.value}, not ${key} ${counts[key]}`
  }
  return undefined
}

/**
 * What in a report's `exactSums` does not add up to its counts, overall or per tool, or
 * undefined. The partials are what a merge adds, so partials edited apart from the counts
 * would put figures in the merged report that neither report shows.
 */
export function exactSumsProblem(counts: Counts & { perTool: Readonly<Record<string, Counts>> }, exact: ExactSums): string | undefined {
  const totalProblem = exact.total === undefined ? undefined : partsProblem(counts, exact.total)
  if (totalProblem !== undefined) return `exactSums.total${totalProblem}`
  for (const [tool, parts] of Object.entries(exact.perTool ?? {})) {
    if (!Object.hasOwn(counts.perTool, tool)) return `exactSums.perTool[${JSON.stringify(tool)}]: no such tool in perTool`
    const problem = partsProblem(counts.perTool[tool]!, parts)
    if (problem !== undefined) return `exactSums.perTool[${JSON.stringify(tool)}]${problem}`
  }
  return undefined
}

/**
 * What is wrong with a report whose tools' counts do not add up to its own (a report edited by
 * hand), or undefined. Each count is a sum of the same weights as the tools' counts, in another
 * order, so they agree to rounding.
 */
export function perToolSumsProblem(counts: Counts & { perTool: Readonly<Record<string, Counts>> }): string | undefined {
  for (const key of COUNT_KEYS) {
    const sum = new ExactSum()
    for (const tool of Object.values(counts.perTool)) sum.add(tool[key])
    if (Math.abs(sum.value - counts[key]) > 1e-9 * Math.max(1, Math.abs(counts[key]))) {
      return `perTool: its ${key} adds up to ${sum.value}, not ${key} ${counts[key]}`
    }
  }
  return undefined
}

/** Whether a row of a report counts only calls that the model alone named (no TP, no FN): a tool no gold call gave, unless the tool weighs 0 (see `goldRows`). */
export function isModelsRow(row: Counts): boolean {
  return row.tp === 0 && row.fn === 0
}

/** Whether a row of a report is one a gold call named: its counts tell, or, for a tool that weighs 0, its report's `goldRows` lists it. */
export function isGoldRow(row: Counts, tool: string, goldRows: readonly string[] | undefined): boolean {
  return !isModelsRow(row) || (goldRows?.includes(tool) ?? false)
}

/**
 * Whether `name` (a gold call's spelling where `gold`) rather than `shownBy` (a gold call's where `shownGold`) is to show
 * a row whose tool both spell: the gold's spellings before the model's, and of either the least in code-unit order, so
 * that the name is the same whatever order the calls, tests or reports come in, and reports merge to one run's names.
 */
export function showsRowBefore(name: string, gold: boolean, shownBy: string, shownGold: boolean): boolean {
  return gold === shownGold ? name < shownBy : gold
}

/** The name a row's tool compares by: its entry in `foldedNames` (the option `name` folded it), else itself. */
export function foldedNameOf(foldedNames: Readonly<Record<string, string>> | undefined, tool: string): string {
  return foldedNames !== undefined && Object.hasOwn(foldedNames, tool) ? foldedNames[tool]! : tool
}

/**
 * Adds `add` into counts that are themselves sums, exactly: `parts` holds the partials of those
 * sums that are not one double (see ExactSum), `addParts` those of `add`'s, and the partials after the addition are returned.
 * What a test's assertions add up to is kept this way, as plain data a worker can hand on.
 */
export function addCountsExactly(into: Counts, parts: CountParts | undefined, add: Counts, addParts?: CountParts): CountParts | undefined {
  let after: CountParts | undefined
  for (const key of COUNT_KEYS) {
    const sum = new ExactSum()
    sum.addPartials(parts?.[key] ?? [into[key]])
    const adding = addParts?.[key]
    if (adding === undefined) sum.add(add[key])
    else sum.addPartials(adding)
    into[key] = sum.value
    const kept = sum.inexactParts()
    if (kept !== undefined) (after ??= {})[key] = kept
  }
  return after
}

class CountsSum {
  /** Whether a gold call named the row's tool, which its counts do not tell where the tool weighs 0. */
  gold = false
  private readonly tp = new ExactSum()
  private readonly fp = new ExactSum()
  private readonly fn = new ExactSum()

  /** Counts read back from a report: each sum its partials where given, its value otherwise. */
  add(counts: Counts, parts?: CountParts): void {
    for (const key of COUNT_KEYS) {
      const given = parts?.[key]
      if (given === undefined) this[key].add(counts[key])
      else this[key].addPartials(given)
    }
  }

  addEach(tp: number, fp: number, fn: number): void {
    this.tp.add(tp)
    this.fp.add(fp)
    this.fn.add(fn)
  }

  counts(): Counts {
    return { tp: this.tp.value, fp: this.fp.value, fn: this.fn.value }
  }

  inexactParts(): CountParts | undefined {
    let parts: CountParts | undefined
    for (const key of COUNT_KEYS) {
      const kept = this[key].inexactParts()
      if (kept !== undefined) (parts ??= {})[key] = kept
    }
    return parts
  }
}

/** How many tools the model alone may name before the rest count as OTHER_TOOLS. */
export const PREDICTED_TOOL_ROWS = 1000
/** The longest tool name of the model's own that gets a row (providers allow 64 characters). */
export const PREDICTED_TOOL_NAME_LENGTH = 256

/** TP, FP and FN summed over a corpus, overall and per tool: the micro average's numerators and denominators. */
export class CorpusCounts {
  private readonly total = new CountsSum()
  private readonly tools = new Map<string, CountsSum>()
  private predictedRows = 0
  /** Whether some score's share was not a whole number, so that its rounded totals would round a second time. */
  private fractionalShare = false

  /**
   * Where tool names compare folded, the name each row is shown by, by its folded name: the least in
   * code-unit order of the spellings the gold gave, else of those the model gave (see showsRowBefore).
   */
  private readonly shown = new Map<string, string>()
  /** The folded name of each row by the name it is shown by, so that no two rows are shown by one name. */
  private readonly shownRows = new Map<string, string>()

  /**
   * `declared` tells the tools a grammar names, which keep rows of their own however many the model
   * made up; `foldName`, where names compare folded (the option `name`), folds one, and rows are
   * then kept by the folded name, as the pairing tells tools apart.
   */
  constructor(
    private readonly declared: (tool: string) => boolean = () => false,
    private readonly foldName?: (tool: string) => string,
  ) {}

  /** The row a name counts under: itself, or folded where names fold (but the rows that stand for no tool). */
  private keyOf(tool: string): string {
    return this.foldName === undefined || standsForNoTool(tool) ? tool : this.foldName(tool)
  }

  /**
   * A report's counts, overall and per tool, with the partials of its sums that are not one double.
   * A row of the model's tools alone (no TP, no FN) is held to the same bounds as in one run.
   * `foldedNames` gives the folded name of a row shown by another spelling, as a test run's report
   * does where names fold; a name some row is shown by already counts in that row, as where
   * assertions fold names differently one spelling may come with two folded names. `goldRows` lists the
   * rows a gold call named whose counts do not tell it (tools that weigh 0).
   */
  add(
    counts: Counts,
    perTool: Readonly<Record<string, Counts>> = {},
    exact: ExactSums = {},
    foldedNames?: Readonly<Record<string, string>>,
    goldRows?: readonly string[],
  ): void {
    this.total.add(counts, exact.total)
    for (const tool of Object.keys(perTool)) {
      const row = perTool[tool]!
      const key = this.shownRows.get(tool) ?? (foldedNames === undefined ? this.keyOf(tool) : foldedNameOf(foldedNames, tool))
      // Rows are added one per report, not one per share: each is shown by name, whatever the folding.
      const sum = isGoldRow(row, tool, goldRows) ? this.toolSum(tool, key, true) : this.predictedToolSum(tool, key, true)
      sum.add(row, exact.perTool?.[tool])
    }
  }

  /**
   * A score's counts, and each of its pairs and unmatched calls under its tool. With whole
   * weights the score's totals are its shares' exact sums; with fractional ones they are
   * rounded, so the shares themselves are added, to be rounded once for the corpus.
   */
  addScore(score: Counts & ScoreEntries): void {
    this.fractionalShare = false
    forEachToolShare(score, this.addShare)
    if (!this.fractionalShare) this.total.add(score)
    else forEachToolShare(score, this.addToTotal)
  }

  private readonly addShare = (tool: string, tp: number, fp: number, fn: number, predicted: boolean): void => {
    if (!(Number.isInteger(tp) && Number.isInteger(fp) && Number.isInteger(fn))) this.fractionalShare = true
    const key = this.keyOf(tool)
    const folds = this.foldName !== undefined
    ;(predicted ? this.predictedToolSum(tool, key, folds) : this.toolSum(tool, key, folds)).addEach(tp, fp, fn)
  }

  private readonly addToTotal = (_tool: string, tp: number, fp: number, fn: number): void => this.total.addEach(tp, fp, fn)

  /** The row of a tool a gold call names (or a report's row that has calls of the gold's), by its folded name `key`; `named` offers `tool` as the name it is shown by. */
  private toolSum(tool: string, key: string, named: boolean): CountsSum {
    let sum = this.tools.get(key)
    if (sum === undefined) this.tools.set(key, (sum = new CountsSum()))
    if (named) this.offerName(key, sum, tool, true)
    sum.gold = true
    return sum
  }

  /** The row of a tool that a model named: its tool's where the gold or the model named it before; a new one while within the bounds above or where a grammar declares it; OTHER_TOOLS past them. */
  private predictedToolSum(tool: string, key: string, named: boolean): CountsSum {
    let sum = this.tools.get(key)
    if (sum === undefined) {
      if ((this.predictedRows >= PREDICTED_TOOL_ROWS || tool.length > PREDICTED_TOOL_NAME_LENGTH) && !this.declared(tool)) return this.otherToolsSum()
      this.predictedRows++
      this.tools.set(key, (sum = new CountsSum()))
    }
    if (named) this.offerName(key, sum, tool, false)
    return sum
  }

  private otherToolsSum(): CountsSum {
    let sum = this.tools.get(OTHER_TOOLS)
    if (sum === undefined) this.tools.set(OTHER_TOOLS, (sum = new CountsSum()))
    return sum
  }

  /** Shows the row `key` by `name`, a gold call's spelling where `gold`, where it comes before the name the row is shown by (see showsRowBefore). */
  private offerName(key: string, row: CountsSum, name: string, gold: boolean): void {
    const before = this.shown.get(key)
    if (before !== undefined) {
      if (!showsRowBefore(name, gold, before, row.gold)) return
      this.shownRows.delete(before)
    }
    this.shown.set(key, name)
    this.shownRows.set(name, key)
  }

  /** The name a row is shown by. */
  private nameOf(key: string): string {
    return this.shown.get(key) ?? key
  }

  figures(): Figures {
    return figures(this.total.counts())
  }

  /** The partials of the sums that are not one double, for a report that is to be merged exactly with others. */
  exactSums(): ExactSums {
    const sums: ExactSums = {}
    const total = this.total.inexactParts()
    if (total !== undefined) sums.total = total
    for (const [key, sum] of this.tools) {
      const parts = sum.inexactParts()
      if (parts !== undefined) setOwnEntry((sums.perTool ??= {}), this.nameOf(key), parts)
    }
    return sums
  }

  /** The folded name of each row shown by another spelling, for a report that is to be merged with others; undefined where there is none. */
  foldedNames(): Record<string, string> | undefined {
    let folded: Record<string, string> | undefined
    for (const key of this.tools.keys()) {
      const name = this.nameOf(key)
      if (name !== key) setOwnEntry((folded ??= {}), name, key)
    }
    return folded
  }

  /**
   * The rows a gold call named whose counts do not tell it, by the names they are shown by, in code-unit order:
   * a tool that weighs 0 counts nothing, so that its row would read as the model's alone where reports merge.
   * Undefined where there is none.
   */
  goldRows(): string[] | undefined {
    const rows = [...this.tools].filter(([, sum]) => sum.gold && isModelsRow(sum.counts())).map(([key]) => this.nameOf(key))
    return rows.length === 0 ? undefined : rows.sort(byCodeUnit)
  }

  /** Per-tool figures, tools in name order. */
  perTool(): Record<string, Figures> {
    const perTool: Record<string, Figures> = {}
    const rows = [...this.tools].map(([key, sum]) => [this.nameOf(key), sum] as const)
    for (const [tool, sum] of rows.sort(([a], [b]) => byCodeUnit(a, b))) setOwnEntry(perTool, tool, figures(sum.counts()))
    return perTool
  }
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
