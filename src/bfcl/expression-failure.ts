/** Why an argument's expression has no value in BFCL mode, and where in the text. */
export class ExpressionFailure {
  constructor(
    readonly position: number,
    readonly problem: string,
  ) {}
}
