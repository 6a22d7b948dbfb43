import type { InputFile } from './input-file'
import type { Notices } from './notices'
import type { Line } from './read-lines'

/** The lines of an input; a line with invalid UTF-8 is read with U+FFFD and noted. */
export async function* linesOf(input: InputFile, notices: Notices): AsyncGenerator<Line> {
  for await (const line of input.lines()) {
    if (line.invalidUtf8) notices.invalidUtf8(input.name, line.number)
    yield line
  }
}

/** The lines of an input in batches (see `readLineBatches`); a line with invalid UTF-8 is noted as it is read. */
export async function* lineBatchesOf(input: InputFile, notices: Notices): AsyncGenerator<Iterable<Line>> {
  for await (const lines of input.lineBatches()) yield noted(lines, input.name, notices)
}

function* noted(lines: Iterable<Line>, name: string, notices: Notices): Generator<Line> {
  for (const line of lines) {
    if (line.invalidUtf8) notices.invalidUtf8(name, line.number)
    yield line
  }
}
