import { atPath } from '../../path'
import { unparseableCall, type ToolCall } from '../../tool-call'
import { peek } from '../reader'

/** An AI SDK call whose input a stream began to give. */
interface OpenInput {
  name: unknown
  path: string
}

/**
 * The calls an AI SDK stream (its `fullStream` parts, a UI message stream's chunks) began
 * (`tool-input-start`) and never gave whole (`tool-call`, `tool-input-available`,
 * `tool-input-error`): the stream ended inside their input, at a token limit or an abort, and
 * the SDK drops them. The model made them, so they are read as cut short.
 */
export class AiSdkOpenInputs {
  private open: Map<unknown, OpenInput> | undefined = undefined

  /** Takes note of a list item: a call's input begun or given whole. */
  note(item: object, path: string): void {
    const type = peek(item, 'type')
    if (type === 'tool-input-start') {
      // A call the provider runs is no call of the agent's.
      if (peek(item, 'providerExecuted') === true) return
      // A start without an id is a call of its own all the same, which nothing can close.
      ;(this.open ??= new Map()).set(peek(item, 'toolCallId') ?? peek(item, 'id') ?? Symbol('no id'), { name: peek(item, 'toolName'), path })
    } else if (this.open !== undefined && (type === 'tool-call' || type === 'tool-input-available' || type === 'tool-input-error')) {
      this.open.delete(peek(item, 'toolCallId'))
    }
  }

  /**
   * The calls begun and never given whole, in the order they began: after the calls given whole,
   * as the SDK lists calls in the order they end, and these end where the stream does.
   */
  cutShort(): ToolCall[] {
    if (this.open === undefined) return []
    const calls: ToolCall[] = []
    for (const { name, path } of this.open.values()) {
      calls.push(unparseableCall(atPath(path, "the stream ended before this call's input was whole"), typeof name === 'string' ? name : ''))
    }
    this.open = undefined
    return calls
  }
}
