// Scores a few agent trajectories, in different SDK formats, against their gold calls.
import { ToolCallMetric, evaluate, oneOf, optional } from 'expect-toolcalls'

const episodes = [
  {
    id: 'weather-openai',
    pred: {
      role: 'assistant',
      tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris", "unit": "C"}' } },
      ],
    },
    gold: [{ name: 'get_weather', args: { city: 'paris', unit: optional(oneOf('c', 'celsius')) } }],
  },
  {
    id: 'search-anthropic',
    pred: {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Searching.' },
        { type: 'tool_use', id: 't1', name: 'search', input: { q: 'cats' } },
        { type: 'tool_use', id: 't2', name: 'delete_all', input: {} },
      ],
    },
    gold: [
      { name: 'search', args: { q: 'cats' } },
      { name: 'answer', args: { a: 'meow' } },
    ],
  },
  {
    id: 'bfcl-python',
    pred: "[calculate_area(base=10, height=5), calculate_area(base=3, height='7')]",
    gold: [
      { name: 'calculate_area', args: { base: 10, height: 5 } },
      { name: 'calculate_area', args: { base: 3, height: 7 } },
    ],
  },
]

for (const level of ['call', 'arg']) {
  const report = evaluate(episodes, new ToolCallMetric({ level }))
  console.log(`${level} level: TP ${report.tp}  FP ${report.fp}  FN ${report.fn}  F1 ${report.f1.toFixed(3)}`)
  for (const { id, score } of report.worst) console.log(`  worst: ${id}  F1 ${score.f1.toFixed(3)}`)
}
