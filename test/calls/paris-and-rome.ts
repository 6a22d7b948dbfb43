/** The calls every vendor fixture of these tests makes: the weather in Paris, then in Rome, as read. */
export const parisAndRome = [
  { name: 'get_weather', args: { city: 'Paris' } },
  { name: 'get_weather', args: { city: 'Rome' } },
]

/** An Anthropic tool_use block asking for the weather in `city`. */
export const anthropicToolUse = (id: string, city: string) => ({ type: 'tool_use', id, name: 'get_weather', input: { city } })

/** An Anthropic message, as the API returns it, that makes those calls. */
export const anthropicMessage = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-test',
  content: [{ type: 'text', text: 'Let me check.' }, anthropicToolUse('toolu_1', 'Paris'), anthropicToolUse('toolu_2', 'Rome')],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
}
