/** A malformed BFCL entry (not a bad model output, which is a verdict): the message names the path. */
export class BfclInputError extends TypeError {
  constructor(path: string, problem: string) {
    super(`${path}: ${problem}`)
    this.name = 'BfclInputError'
  }
}
