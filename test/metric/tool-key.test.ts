import { fc, test } from '@fast-check/vitest'
import { afterEach, describe, expect } from 'vitest'
import { ToolCallMetric } from '../../src'
import { toolKey } from '../../src/metric/tool-key'

describe('toolKey', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).pollutedKey
  })

  test.prop([fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', '0', '42', '-1', '1e3', ''))])(
    'gives back the name itself',
    (name) => {
      expect(toolKey(name)).toBe(name)
      expect(toolKey(name)).toBe(name)
    },
  )

  test('ignores enumerable keys added to Object.prototype', () => {
    Object.defineProperty(Object.prototype, 'pollutedKey', { value: 1, enumerable: true, writable: true, configurable: true })
    expect(toolKey('a_tool_named_after_pollution')).toBe('a_tool_named_after_pollution')
  })

  test('stays right once it has seen more names than it remembers', () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `tool_${i}`)
    for (const name of names) expect(toolKey(name)).toBe(name)
    for (const name of names.slice(0, 100)) expect(toolKey(name)).toBe(name)
  })

  test('keys per-tool counts by the gold names, over many distinct tools', () => {
    const metric = new ToolCallMetric()
    for (let i = 0; i < 5000; i += 97) {
      const name = `get_weather_${i}`
      const score = metric.score([{ name, args: { city: 'Paris' } }], [{ name, args: { city: 'Paris' } }])
      expect(score.perTool).toEqual({ [name]: { tp: 1, fp: 0, fn: 0 } })
    }
  })
})
