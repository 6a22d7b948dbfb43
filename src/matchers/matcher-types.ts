import type { ArgsInput, Gold } from '../compare/gold-calls'
import type { AsymmetricMatcher } from '../compare/gold-values'
import type { MatchOptions } from '../match/options'
import type { CorpusReport } from '../metric/evaluate'
import type { Figures } from '../metric/figures'
import type { Score } from '../metric/score'

export type { Gold, GoldCallInput } from '../compare/gold-calls'

export interface ToMatchToolCallsOptions extends MatchOptions {
  /** Predictions may be left unpaired: the gold is a subset of the calls made. */
  allowExtra?: boolean | undefined
  /** Gold calls may be left unpaired: the calls made are a subset of the gold. */
  allowMissing?: boolean | undefined
}

export type ScoreFigure = 'f1' | 'precision' | 'recall'

export interface ToScoreAtLeastOptions extends MatchOptions {
  /** Which figure must reach the threshold (default 'f1'). */
  by?: ScoreFigure | undefined
}

interface ScoreCallsAtLeast<R, Receiving> {
  /** The F1 (or `by`) of the calls against the gold reaches the threshold, from 0 to 1. */
  (this: Receiving, threshold: number, gold: Gold, options?: ToScoreAtLeastOptions): R
}

interface ScoreScoredAtLeast<R, Receiving> {
  /** On a `Score` or a corpus report from `evaluate`, which already hold their figures. */
  (this: Receiving, threshold: number, options?: { by?: ScoreFigure | undefined }): R
}

/** A value that may be calls or already scored: either form, the calls' first. */
interface ScoreEitherAtLeast<R, Receiving> {
  (this: Receiving, threshold: number, gold: Gold, options?: ToScoreAtLeastOptions): R
  (this: Receiving, threshold: number, options?: { by?: ScoreFigure | undefined }): R
  /** Either form: the signature kept where a runner maps the matchers' types (Vitest's `.resolves` keeps an overloaded method's last). */
  (this: Receiving, threshold: number, goldOrOptions?: Gold | { by?: ScoreFigure | undefined }, options?: ToScoreAtLeastOptions): R
}

/**
 * toScoreAtLeast's forms for what its received value's type `T` says it is: calls take a gold;
 * what holds its figures already (a Score, a corpus report, one typed as read back from JSON)
 * none; a value that may be either (`any`, `unknown`, `Record<string, unknown>`, a union with a Score or report) takes both.
 * Under `.resolves` the runners keep the promise's type, hence Awaited.
 */
type ToScoreAtLeast<R, T, Receiving> = FormsFor<R, Awaited<T>, Receiving>

type FormsFor<R, V, Receiving> = 0 extends 1 & V
  ? ScoreEitherAtLeast<R, Receiving>
  : [V] extends [Figures]
    ? ScoreScoredAtLeast<R, Receiving>
    : Score extends V
      ? ScoreEitherAtLeast<R, Receiving>
      : CorpusReport extends V
        ? ScoreEitherAtLeast<R, Receiving>
        : FigureFields extends V
          ? ScoreEitherAtLeast<R, Receiving>
          : ScoreCallsAtLeast<R, Receiving>

/** The figures as an object type, which a type with an index signature (`Record<string, unknown>`) takes, as it takes no interface. */
type FigureFields = { [K in keyof Figures]: Figures[K] }

declare const likeToEqual: unique symbol

/**
 * Given as `R`, a matcher returns what the runner's own `toEqual` returns on the same assertion:
 * `void`, or `Promise<void>` under `.resolves`, `.rejects` and `expect.poll`. Vitest 5 names that
 * type `R` in its `Matchers<R, T>`; Vitest 3.2 and 4's `Matchers<T>` have no name for it, and one
 * declaration must fit both.
 */
export interface LikeToEqual {
  readonly [likeToEqual]: never
}

/** `R`, or with `LikeToEqual` what `toEqual` returns on `This`; `any` where `This` is no assertion (`expect.toMatchToolCalls(...)`). */
type Returns<R, This> = 0 extends 1 & R ? R : [R] extends [LikeToEqual] ? ToEqualReturns<This> : R

type ToEqualReturns<This> = This extends { toEqual: (...args: never) => infer Returned } ? Returned : any

/**
 * The `this` a matcher takes on an assertion of `T`: none of a promise where the assertion is synchronous (`Sync` is
 * void), as a promise holds no calls yet. Under `.resolves` and `.rejects` Vitest drops a matcher's `this` and Jest
 * names `Sync` a promise.
 */
type Received<T, Sync> = [Sync] extends [void] ? (T extends PromiseLike<unknown> ? (T extends { runUntilDone(): unknown } ? ToolRunner : UnawaitedPromise) : unknown) : unknown

interface UnawaitedPromise {
  readonly 'received a Promise, which holds no calls yet: await it, or use expect(...).resolves': never
}

/** Anthropic's tool runner is a promise too, but of its last message alone. */
interface ToolRunner {
  readonly "received Anthropic's tool runner, whose awaited value is its last message alone: collect the messages it yields, and pass them": never
}

/**
 * The matchers' signatures, shared by the type augmentation of each runner. `R` is what the
 * runner's matchers return, `T` the type of the received value, where the runner gives it, and
 * `Sync` what a matcher returns on an assertion the runner does not await (see Received).
 */
export interface ToolCallMatchers<R = unknown, T = unknown, Sync = R> {
  /** Every gold call is paired with a prediction that matches it exactly, and no prediction is left over. */
  toMatchToolCalls(this: Received<T, Sync>, gold: Gold, options?: ToMatchToolCallsOptions): Returns<R, this>
  /**
   * The F1 (or `by`) of the calls against the gold reaches the threshold, from 0 to 1; on a
   * `Score` or a corpus report from `evaluate`, which already hold their figures, the gold is left out.
   */
  toScoreAtLeast: ToScoreAtLeast<Returns<R, this>, T, Received<T, Sync>>
  /**
   * At least one call has this name and, when given, exactly these arguments (as a gold call
   * would match), or arguments that an asymmetric matcher such as `expect.objectContaining` accepts.
   */
  toHaveCalledTool(this: Received<T, Sync>, name: string, args?: ArgsInput | AsymmetricMatcher): Returns<R, this>
}
