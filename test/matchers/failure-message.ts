import { stripVTControlCharacters } from 'node:util'

/** The message of the assertion that `assertion` fails, without colour. */
export function failureMessage(assertion: () => void): string {
  try {
    assertion()
  } catch (error) {
    return stripVTControlCharacters((error as Error).message)
  }
  throw new Error('the assertion passed')
}
