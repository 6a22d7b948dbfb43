import { describe, expect, test } from 'vitest'
import { progressText, StatusLine } from '../../src/cli/progress'

function terminal(isTTY: boolean) {
  const written: string[] = []
  return { isTTY, written, write: (text: string) => written.push(text) > 0 }
}

describe('progressText', () => {
  test('gives the count, the rate and the percent of bytes read', () => {
    expect(progressText('scored', 12_345, ['episode', 'episodes'], 2000, 41, 100)).toBe('scored 12,345 episodes (6,173/s, 41%)')
  })

  test('leaves out the percent when the size is unknown', () => {
    expect(progressText('scored', 1, ['episode', 'episodes'], 1000, 41, undefined)).toBe('scored 1 episode (1/s)')
  })
})

describe('StatusLine', () => {
  test('writes nothing when the stream is not a terminal', () => {
    const stream = terminal(false)
    const status = new StatusLine(stream)
    status.update(() => 'scored 1 episode')
    status.clear()
    expect(stream.written).toEqual([])
  })

  test('erases itself before a line of its own', async () => {
    const stream = terminal(true)
    const status = new StatusLine(stream)
    await new Promise((resolve) => setTimeout(resolve, 300))
    status.update(() => 'scored 1 episode')
    status.print('warning: x')
    expect(stream.written).toEqual(['\r\x1b[Kscored 1 episode', '\r\x1b[K', 'warning: x\n'])
  })

  test('updates at most a few times a second', async () => {
    const stream = terminal(true)
    const status = new StatusLine(stream)
    await new Promise((resolve) => setTimeout(resolve, 300))
    for (let i = 0; i < 100; i++) status.update(() => `scored ${i}`)
    expect(stream.written).toEqual(['\r\x1b[Kscored 0'])
  })
})
