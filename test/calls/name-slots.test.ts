import { describe, expect, it } from 'vitest'
import { NAME_SLOT_COUNT, type NameSlots, releaseNameSlots, takeNameSlots } from '../../src/calls/name-slots'
import { parsePythonCalls } from '../../src/bfcl/python-calls'

const namesHeld = (slots: unknown[]) => slots.filter((entry, i) => i % 2 === 0 && entry !== undefined)

describe("the Python reader's shared name slots", () => {
  it('are handed back emptied, so they keep no text alive', () => {
    expect(parsePythonCalls("[get_weather(city='Paris', unit='celsius'), get_time(city='Paris')]").ok).toBe(true)
    const slots = takeNameSlots()
    expect(slots).toHaveLength(2 * NAME_SLOT_COUNT)
    expect(namesHeld(slots)).toEqual([])
    releaseNameSlots(slots)
  })

  it('are handed back when a parse fails', () => {
    expect(parsePythonCalls('f(alpha=1, alpha=2)')).toMatchObject({ ok: false })
    const slots = takeNameSlots()
    expect(namesHeld(slots)).toEqual([])
    releaseNameSlots(slots)
    expect(takeNameSlots()).toBe(slots)
    releaseNameSlots(slots)
  })

  it('serve one parse at a time: a parse inside readExpression gets slots of its own', () => {
    let innerSlots: NameSlots | undefined
    const result = parsePythonCalls('outer(city=1, b=g.h, city_code=3)', {
      readExpression: () => {
        // The outer parse holds the shared slots here, with `city` in them.
        innerSlots = takeNameSlots()
        releaseNameSlots(innerSlots)
        const nested = parsePythonCalls("inner(city='x', city_code='y', cite=1)")
        expect(nested).toEqual({ ok: true, calls: [{ name: 'inner', args: { city: 'x', city_code: 'y', cite: 1 } }] })
        return { ok: true, value: 'read' }
      },
    })
    expect(result).toEqual({ ok: true, calls: [{ name: 'outer', args: { city: 1, b: 'read', city_code: 3 } }] })
    const outerSlots = takeNameSlots()
    releaseNameSlots(outerSlots)
    expect(innerSlots).not.toBe(outerSlots)
    expect(namesHeld(innerSlots!)).toEqual([])
  })
})
