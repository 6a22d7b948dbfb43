/** A tool call: the tool's name and its arguments by name. */
export interface ToolCall {
  name: string
  args: Record<string, unknown>
  /**
   * Why this prediction could not be read, when it could not. Such a call matches nothing
   * and is reported with this reason; its `name` is the best guess or `''`.
   */
  unparseable?: string
  /** Arguments given by position (Python call text); only keyword arguments can match. */
  positional?: unknown[]
}

/** A trajectory read into assistant turns: each turn holds the calls made in parallel. */
export type Turns = ToolCall[][]

export function unparseableCall(reason: string, name = ''): ToolCall {
  return { name, args: {}, unparseable: reason }
}

export function isUnparseable(call: ToolCall): boolean {
  return call.unparseable !== undefined
}
