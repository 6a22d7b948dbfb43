// Compiled by test/types/types.test.ts, which reads tsc's messages: each call is wrong, and its message must name the mistake.
import 'expect-toolcalls/vitest'
import { expect } from 'vitest'

expect([]).toMatchToolCalls([{ nam: 'search' }])
expect([]).toMatchToolCalls([{ name: 'search', args: { q: 'cats' } }, { name: 'search', arg: { q: 'dogs' } }])
expect([]).toMatchToolCalls([{ args: { q: 'cats' } }])
expect([]).toScoreAtLeast(0.9, [{ name: 'search', args: { q: 'cats' } }, { nam: 'search' }])

// Not gold but the received value: Anthropic's tool runner, a promise of its last message alone.
declare const runner: PromiseLike<object> & AsyncIterable<object> & { runUntilDone(): Promise<object> }
expect(runner).toMatchToolCalls([{ name: 'search' }])
