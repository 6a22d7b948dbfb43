import { setOwnEntry } from '../compare/gold-node'
import { type Counts, type Figures, figures } from './figures'
import { forEachToolShare, type ScoreEntries } from './per-tool'

/**
 * A running total with Neumaier's compensation: a million weights such as 0.1 add up to the
 * correctly rounded sum, so no reported figure drifts with the size or order of a corpus.
 * (Integer weights are exact either way, up to 2^53.)
 */
class CompensatedSum {
  private sum = 0
  private compensation = 0

  add(value: number): void {
    const next = this.sum + value
    this.compensation += Math.abs(this.sum) >= Math.abs(value) ? this.sum - next + value : value - next + this.sum
    this.sum = next
  }

  get value(): number {
    return this.sum + this.compensation
  }
}

class CountsSum {
  private readonly tp = new CompensatedSum()
  private readonly fp = new CompensatedSum()
  private readonly fn = new CompensatedSum()

  add(counts: Counts): void {
    this.addEach(counts.tp, counts.fp, counts.fn)
  }

  addEach(tp: number, fp: number, fn: number): void {
    this.tp.add(tp)
    this.fp.add(fp)
    this.fn.add(fn)
  }

  counts(): Counts {
    return { tp: this.tp.value, fp: this.fp.value, fn: this.fn.value }
  }
}

/** TP, FP and FN summed over a corpus, overall and per tool: the micro average's numerators and denominators. */
export class CorpusCounts {
  private readonly total = new CountsSum()
  private readonly tools = new Map<string, CountsSum>()

  add(counts: Counts, perTool: Readonly<Record<string, Counts>> = {}): void {
    this.total.add(counts)
    for (const tool of Object.keys(perTool)) this.toolSum(tool).add(perTool[tool]!)
  }

  /** A score's counts, and each of its pairs and unmatched calls under its tool. */
  addScore(score: Counts & ScoreEntries): void {
    this.total.add(score)
    forEachToolShare(score, this.addShare)
  }

  private readonly addShare = (tool: string, tp: number, fp: number, fn: number): void => this.toolSum(tool).addEach(tp, fp, fn)

  private toolSum(tool: string): CountsSum {
    let sum = this.tools.get(tool)
    if (sum === undefined) this.tools.set(tool, (sum = new CountsSum()))
    return sum
  }

  figures(): Figures {
    return figures(this.total.counts())
  }

  /** Per-tool figures, tools in name order. */
  perTool(): Record<string, Figures> {
    const perTool: Record<string, Figures> = {}
    for (const tool of [...this.tools.keys()].sort()) setOwnEntry(perTool, tool, figures(this.tools.get(tool)!.counts()))
    return perTool
  }
}
