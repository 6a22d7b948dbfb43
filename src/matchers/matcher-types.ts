import type { ArgsInput, Gold } from '../compare/gold-calls'
import type { AsymmetricMatcher } from '../compare/gold-values'
import type { MatchOptions } from '../match/options'

export type { Gold, GoldCallInput } from '../compare/gold-calls'

export interface ToMatchToolCallsOptions extends MatchOptions {
  /** Predictions may be left unpaired: the gold is a subset of the calls made. */
  allowExtra?: boolean
  /** Gold calls may be left unpaired: the calls made are a subset of the gold. */
  allowMissing?: boolean
}

export type ScoreFigure = 'f1' | 'precision' | 'recall'

export interface ToScoreAtLeastOptions extends MatchOptions {
  /** Which figure must reach the threshold (default 'f1'). */
  by?: ScoreFigure
}

/** The matchers' signatures, shared by the type augmentation of each runner. `R` is what the runner's matchers return. */
export interface ToolCallMatchers<R = unknown> {
  /** Every gold call is paired with a prediction that matches it exactly, and no prediction is left over. */
  toMatchToolCalls(gold: Gold, options?: ToMatchToolCallsOptions): R
  /** The F1 (or `by`) of the calls against the gold reaches the threshold, from 0 to 1. */
  toScoreAtLeast(threshold: number, gold: Gold, options?: ToScoreAtLeastOptions): R
  /** On a `Score` or a corpus report from `evaluate`, which already hold their figures. */
  toScoreAtLeast(threshold: number, options?: { by?: ScoreFigure }): R
  /** Either form: the signature kept where a runner maps the matchers' types (Vitest's `.resolves` keeps an overloaded method's last). */
  toScoreAtLeast(threshold: number, goldOrOptions?: Gold | { by?: ScoreFigure }, options?: ToScoreAtLeastOptions): R
  /**
   * At least one call has this name and, when given, exactly these arguments (as a gold call
   * would match), or arguments that an asymmetric matcher such as `expect.objectContaining` accepts.
   */
  toHaveCalledTool(name: string, args?: ArgsInput | AsymmetricMatcher): R
}
