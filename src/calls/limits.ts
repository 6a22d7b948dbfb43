/** Deepest nesting of a predicted value that is read; deeper values make the call unparseable. */
export const MAX_DEPTH = 256
