import { spawn, spawnSync } from 'node:child_process'
import { closeSync, lstatSync, openSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { CLI, jsonl, microLine, runCli, tempFolder } from './run-cli'
import { BFCL_DATA_DIR } from './bfcl-entries'

const search = (q: string) => ({ name: 'search', args: { q } })
const answer = (a: string) => ({ name: 'answer', args: { a } })
const deleteAll = { name: 'delete_all', args: {} }

let folder: ReturnType<typeof tempFolder>
beforeEach(() => {
  folder = tempFolder()
})
afterEach(() => folder.remove())

describe('toolcalls score EPISODES', () => {
  test('prints the micro-averaged figures of an episodes file', async () => {
    const episodes = folder.write(
      'episodes.jsonl',
      jsonl({ id: 'right', pred: [search('cats')], gold: [search('cats')] }, { id: 'wrong', pred: [search('dogs')], gold: [search('cats')] }),
    )
    const run = await runCli(['score', episodes])
    expect(run.code).toBe(0)
    expect(microLine(run.stdout)).toBe('Micro average over 2 episodes: TP 1  FP 1  FN 1  precision 0.5  recall 0.5  F1 0.5 (call level)')
  })

  test('reads the episodes from standard input when the file is -', async () => {
    const run = await runCli(['score', '-'], { input: jsonl({ pred: [search('cats')], gold: [search('cats')] }) })
    expect(microLine(run.stdout)).toContain('over 1 episode: TP 1  FP 0  FN 0')
  })

  test('reads gold values in their JSON form, $oneOf and $optional', async () => {
    const gold = [{ name: 'search', args: { q: { $oneOf: ['cats', 'kittens'] }, limit: { $optional: [] } } }]
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('kittens')], gold }))
    const run = await runCli(['score', episodes])
    expect(microLine(run.stdout)).toContain('TP 1  FP 0  FN 0')
  })

  test('reads predictions in any format, here OpenAI Chat and BFCL Python text', async () => {
    const chat = { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"q":"cats"}' } }] }
    const episodes = folder.write(
      'episodes.jsonl',
      jsonl({ pred: chat, gold: [search('cats')] }, { pred: "[search(q='cats')]", gold: [search('cats')] }),
    )
    const run = await runCli(['score', episodes])
    expect(microLine(run.stdout)).toContain('TP 2  FP 0  FN 0')
  })
})

describe('toolcalls score PRED GOLD', () => {
  test('pairs lines by position when they give no ids', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('a')], [search('b')]))
    const gold = folder.write('gold.jsonl', jsonl([search('a')], [search('x')]))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(microLine(run.stdout)).toContain('over 2 episodes: TP 1  FP 1  FN 1')
  })

  test('pairs lines by id when both files give ids, in any order, without warnings', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'b', calls: [search('b')] }, { id: 'c', calls: [search('c')] }, { id: 'a', calls: [search('a')] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', calls: [search('a')] }, { id: 'b', calls: [search('b')] }, { id: 'c', calls: [search('c')] }))
    const run = await runCli(['score', pred, gold])
    expect(microLine(run.stdout)).toContain('over 3 episodes: TP 3  FP 0  FN 0')
    expect(run.stderr).toBe('')
  })

  test('takes an episode\'s keys too: { id, pred } in the prediction file and { id, gold } in the gold file', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'b', pred: [search('b')] }, { id: 'a', pred: [search('wrong')] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', gold: [search('a')] }, { id: 'b', gold: [search('b')] }))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(microLine(run.stdout)).toContain('over 2 episodes: TP 1  FP 1  FN 1')
    expect(run.stderr).toBe('')
  })

  test("warns, once, where a prediction line's id beside its calls is not read, and the line pairs by position", async () => {
    const message = (city: string) => ({ role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'search', arguments: JSON.stringify({ q: city }) } }] })
    // The prediction lines give their id beside messages, not as { id, calls }: the id is not read.
    const pred = folder.write('pred.jsonl', jsonl({ id: 'q2', messages: [message('b')] }, { id: 'q1', messages: [message('a')] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'q1', calls: [search('a')] }, { id: 'q2', calls: [search('b')] }))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(
      `warning: ${pred}:1: its "id" "q2" is not read as the line's, so it pairs by position with ${gold}:1 (id "q1"); a prediction line gives its id as { "id", "calls" }\n` +
        'warning: 1 more prediction line with an id not read as theirs\n',
    )
    // Against gold that gives no ids, pairing by position is what was meant either way: no warning.
    expect((await runCli(['score', pred, folder.write('no-ids.jsonl', jsonl([search('b')], [search('a')]))])).stderr).toBe('')
    // Metadata beside the messages hides nothing.
    const withModel = folder.write('model.jsonl', jsonl({ id: 'q2', model: 'gpt-4o', messages: [message('b')] }))
    expect((await runCli(['score', withModel, gold])).stderr).toContain(`warning: ${withModel}:1: its "id" "q2" is not read as the line's`)
    // An API's own object, whose id is the API's: no warning.
    const anthropic = folder.write('anthropic.jsonl', jsonl({ id: 'msg_01', type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'search', input: { q: 'a' } }] }))
    expect((await runCli(['score', anthropic, folder.write('one.jsonl', jsonl({ id: 'q1', calls: [search('a')] }))])).stderr).toBe('')
  })

  test("pairs an OpenAI batch output file by its lines' custom_id, in any order, a failed request an unparseable call, beside lines of other forms", async () => {
    const chat = (q: string) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'search', arguments: JSON.stringify({ q }) } }] }, finish_reason: 'tool_calls' }],
    })
    const result = (id: string, q: string) => ({ id: `batch_req_${id}`, custom_id: id, response: { status_code: 200, request_id: 'req', body: chat(q) }, error: null })
    const failed = { id: 'batch_req_q2', custom_id: 'q2', response: null, error: { code: 'server_error', message: 'The server had an error' } }
    const pred = folder.write('results.jsonl', jsonl(result('q3', 'c'), failed, { id: 'q4', calls: [search('d')] }, result('q1', 'a')))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'q1', calls: [search('a')] }, { id: 'q2', calls: [search('b')] }, { id: 'q3', calls: [search('c')] }, { id: 'q4', calls: [search('d')] }))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(0)
    expect(microLine(run.stdout)).toBe('Micro average over 4 episodes: TP 3  FP 1  FN 1  precision 0.75  recall 0.75  F1 0.75 (call level)')
    expect(run.stdout).toContain(`✗ q2 (${pred}:2, ${gold}:2)  F1 0`)
    expect(run.stdout).toContain('unparseable: error: the request failed (server_error: The server had an error)')
    // The line's own id, batch_req_…, is the API's: no warning that it is not read.
    expect(run.stderr).toBe('')
  })

  test("pairs Anthropic's batch results by custom_id and Gemini's batch output by key", async () => {
    const anthropic = (id: string, q: string) => ({
      custom_id: id,
      result: { type: 'succeeded', message: { id: 'msg', type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'search', input: { q } }] } },
    })
    const gemini = (key: string, q: string) => ({ key, response: { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'search', args: { q } } }] }, finishReason: 'STOP' }] } })
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', calls: [search('a')] }, { id: 'b', calls: [search('b')] }))
    for (const pred of [folder.write('anthropic.jsonl', jsonl(anthropic('b', 'b'), anthropic('a', 'a'))), folder.write('gemini.jsonl', jsonl(gemini('b', 'b'), gemini('a', 'a')))]) {
      const run = await runCli(['score', pred, gold])
      expect(microLine(run.stdout)).toContain('over 2 episodes: TP 2  FP 0  FN 0')
      expect(run.stderr).toBe('')
    }
  })

  test("a line of the batch's input in its results file is a user error, not a prediction that takes a gold line by position", async () => {
    const result = { id: 'batch_req_1', custom_id: 'q1', response: { status_code: 200, request_id: 'req', body: { id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'search', arguments: '{"q":"a"}' } }] }, finish_reason: 'tool_calls' }] } }, error: null }
    const gold = folder.write('gold.jsonl', jsonl({ id: 'q1', calls: [search('a')] }))
    const inputs = [
      { custom_id: 'q1', method: 'POST', url: '/v1/chat/completions', body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'a' }] } },
      { custom_id: 'q1', params: { model: 'claude', max_tokens: 10, messages: [{ role: 'user', content: 'a' }] } },
      { key: 'q1', request: { contents: [{ role: 'user', parts: [{ text: 'a' }] }] } },
    ]
    for (const input of inputs) {
      const pred = folder.write('mixed.jsonl', jsonl(input, result))
      const run = await runCli(['score', pred, gold])
      expect(run.stderr.startsWith(`${pred}:1: a batch request line (`)).toBe(true)
      expect(run.stderr).toContain("), not a result: the batch's input, where its output was expected\n")
      expect(run.code).toBe(2)
    }
  })

  test('null calls are none, as tool_calls: null is in a message that made none', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'a', calls: null }, { id: 'b', pred: null }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', calls: [search('a')] }, { id: 'b', calls: null }))
    const run = await runCli(['score', pred, gold])
    expect(microLine(run.stdout)).toContain('over 2 episodes: TP 0  FP 0  FN 1')
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: null, gold: [search('a')] }, { pred: [search('b')], gold: null }))
    expect(microLine((await runCli(['score', episodes])).stdout)).toContain('over 2 episodes: TP 0  FP 1  FN 1')
  })

  test('a line that is null alone is no calls too, as jq writes an absent tool_calls', async () => {
    const pred = folder.write('pred.jsonl', 'null\nnull\n')
    const gold = folder.write('gold.jsonl', `${JSON.stringify([search('a')])}\nnull\n`)
    const run = await runCli(['score', pred, gold])
    expect(run.stderr).toBe('')
    expect(microLine(run.stdout)).toBe('Micro average over 2 episodes: TP 0  FP 0  FN 1  precision 0  recall 0  F1 0 (call level)')
  })

  test('scores a gold line without a prediction as nothing predicted, and warns', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'a', calls: [search('a')] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', calls: [search('a')] }, { id: 'b', calls: [search('b')] }))
    const run = await runCli(['score', pred, gold])
    expect(microLine(run.stdout)).toContain('over 2 episodes: TP 1  FP 0  FN 1')
    expect(run.stderr).toContain(`${gold}:2: no prediction line (id "b": no prediction line has it, or it is a duplicate id: another line of ${gold} gives it too, and took the prediction line that has it); scored as no calls`)
  })

  test('scores a prediction without a gold line against no gold calls, and warns', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'a', calls: [search('a')] }, { id: 'z', calls: [search('z')] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', calls: [search('a')] }))
    const run = await runCli(['score', pred, gold])
    expect(microLine(run.stdout)).toContain('TP 1  FP 1  FN 0')
    expect(run.stderr).toContain(`${pred}:2: no gold line (id "z": no gold line has it, or it is a duplicate id: another line of ${pred} gives it too, and took the gold line that has it); scored against no gold calls`)
  })

  test('files of which no line pairs are a user error, not a corpus of every episode wrong', async () => {
    const pred = folder.write('pred.jsonl', jsonl(...['e0', 'e1', 'e2'].map((id) => ({ id, calls: [search(id)] }))))
    const gold = folder.write('gold.jsonl', jsonl(...['g0', 'g1'].map((id) => ({ id, calls: [search(id)] }))))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(
      new RegExp(`${pred}, ${gold}: no prediction line pairs with a gold line by id \\(the first of each: ${pred}:1, id "e0"; ${gold}:1, id "g0"\\); are they of one corpus\\?\\n$`),
    )
    // The lines' warnings come first, as the lines are read; the error is the last word.
    const empty = folder.write('empty.jsonl', '')
    expect((await runCli(['score', empty, gold])).stderr).toMatch(new RegExp(`\\n${empty}: no prediction lines to pair with the gold lines of ${gold}\\n$`))
    expect((await runCli(['score', pred, empty])).stderr).toMatch(new RegExp(`\\n${empty}: no gold lines to pair with the prediction lines of ${pred}\\n$`))
  })

  test('two files of no lines are a user error that says there are no episodes, not that one file lacks lines to pair with the other', async () => {
    const pred = folder.write('pred.jsonl', '')
    const gold = folder.write('gold.jsonl', '\n')
    const run = await runCli(['score', pred, gold])
    expect(run.stderr).toBe(`${pred}, ${gold}: no episodes to score; an empty corpus has no figure\n`)
    expect([run.code, run.stdout]).toEqual([2, ''])
  })

  test('an id given twice in either file is warned about as a possible duplicate id, rather than as one no line has', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'a', calls: [search('a')] }, { id: 'a', calls: [search('a')] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', calls: [search('a')] }))
    const run = await runCli(['score', pred, gold])
    expect(run.stderr).toContain(`${pred}:2: no gold line (id "a": no gold line has it, or it is a duplicate id: another line of ${pred} gives it too, and took the gold line that has it)`)
    const twice = folder.write('twice.jsonl', jsonl({ id: 1, calls: [] }, { id: 1, calls: [] }, { id: 2, calls: [] }))
    const once = folder.write('once.jsonl', jsonl({ id: 1, calls: [] }, { id: 2, calls: [] }))
    const goldTwice = await runCli(['score', once, twice])
    expect(goldTwice.stderr).toBe(
      `warning: ${twice}:2: no prediction line (id 1: no prediction line has it, or it is a duplicate id: another line of ${twice} gives it too, and took the prediction line that has it); scored as no calls\n`,
    )
  })

  test('warnings cut short before a run stops on an error are counted, as at the end of a run', async () => {
    const pred = folder.write('pred.jsonl', jsonl(...[1, 2, 3, 4, 5, 6, 7].map((i) => ({ id: `p${i}`, calls: [] }))))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'g1', calls: [] }))
    const run = await runCli(['score', pred, gold])
    expect(run.code).toBe(2)
    const lines = run.stderr.trimEnd().split('\n')
    expect(lines.slice(-3)).toEqual([
      expect.stringMatching(/^warning: .*:1: no prediction line/),
      `warning: 2 more lines of ${pred} without a gold line`,
      expect.stringMatching(/no prediction line pairs with a gold line by id/),
    ])
  })

  test("a prediction line that cannot be read keeps its gold line by position only while no later line gives that line's id", async () => {
    const truncated = '{"id":"a","calls":[{"name":"search","args":{"q":"a"}}'
    const gold = folder.write('gold.jsonl', jsonl({ id: 'b', calls: [search('b')] }, { id: 'a', calls: [search('a')] }))
    // Gold b stands where the unreadable line does, but a later line gives b: that line takes it.
    const outOfOrder = folder.write('pred.jsonl', `${truncated}\n${jsonl({ id: 'b', calls: [search('b')] })}`)
    const run = await runCli(['score', outOfOrder, gold])
    expect(microLine(run.stdout)).toContain('over 3 episodes: TP 1  FP 1  FN 1')
    expect(run.stderr).toContain(`${outOfOrder}:1: no gold line; scored against no gold calls`)
    // In the gold's order, the unreadable line keeps the gold line at its place.
    const inOrder = folder.write('pred-in-order.jsonl', `${jsonl({ id: 'b', calls: [search('b')] })}${truncated}\n`)
    const ordered = await runCli(['score', inOrder, gold])
    expect(microLine(ordered.stdout)).toContain('over 2 episodes: TP 1  FP 1  FN 1')
    expect(ordered.stderr).toBe('')
  })

  test('numbers an episode by its line, and ranks it so among those of one F1, though an unreadable prediction line waited for its pairing', async () => {
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', calls: [search('a')] }, { id: 'b', calls: [search('b')] }, { id: 'c', calls: [search('c')] }))
    // The first line keeps gold a until the file ends, as a later line might give a; b and c are scored before it.
    const pred = folder.write('pred.jsonl', `not json\n${jsonl({ id: 'b', calls: [] }, { id: 'c', calls: [] })}`)
    const run = await runCli(['score', pred, gold, '--worst', '2', '--json', '/dev/stdout'])
    expect(run.code).toBe(0)
    const worst = (JSON.parse(run.stdout).worst as { id: string; index: number; where: string[] }[]).map(({ id, index, where }) => [id, index, where])
    expect(worst).toEqual([
      ['a', 0, [`${pred}:1`, `${gold}:1`]],
      ['b', 1, [`${pred}:2`, `${gold}:2`]],
    ])
  })

  test('numbers episodes by their gold lines, whatever order the predictions come in, and a prediction line without one after them', async () => {
    const gold = folder.write('gold.jsonl', jsonl({ id: 'a', calls: [search('a')] }, { id: 'b', calls: [search('b')] }, { id: 'c', calls: [search('c')] }))
    // A batch's results in another order, with a result of no episode of the gold.
    const pred = folder.write('pred.jsonl', jsonl({ id: 'c', calls: [] }, { id: 'x', calls: [search('x')] }, { id: 'b', calls: [] }, { id: 'a', calls: [] }))
    const run = await runCli(['score', pred, gold, '--json', '/dev/stdout'])
    expect(run.code).toBe(0)
    const worst = (JSON.parse(run.stdout).worst as { id: string; index: number; where: string[] }[]).map(({ id, index, where }) => [id, index, where.join(' ')])
    expect(worst).toEqual([
      ['a', 0, `${pred}:4 ${gold}:1`],
      ['b', 1, `${pred}:3 ${gold}:2`],
      ['c', 2, `${pred}:1 ${gold}:3`],
      ['x', 3, `${pred}:2`],
    ])
  })

  test('an id past 2^53, which JSON numbers cannot hold exactly, is a user error rather than a silent mismatch', async () => {
    const pred = folder.write('pred.jsonl', '{"id": 9007199254740993, "calls": []}\n')
    const gold = folder.write('gold.jsonl', '{"id": 9007199254740992, "calls": []}\n')
    const run = await runCli(['score', pred, gold])
    expect(run.stderr).toMatch(/:1: id: a number past 2\^53 \(read as 9007199254740992\) is beyond the integers a JSON number holds exactly; write it as a string\n$/)
    expect(run.code).toBe(2)
  })

  test('an id past the doubles, read as Infinity and so equal to any other such id, is a user error too', async () => {
    const pred = folder.write('pred.jsonl', '{"id": 1e400, "calls": []}\n')
    const gold = folder.write('gold.jsonl', '{"id": 2e400, "calls": []}\n')
    const run = await runCli(['score', pred, gold])
    expect(run.stderr).toMatch(/:1: id: a number past 2\^53 \(read as Infinity\) is beyond the integers a JSON number holds exactly; write it as a string\n$/)
    expect(run.code).toBe(2)
    const episodes = folder.write('episodes.jsonl', '{"id": -1e400, "pred": [], "gold": []}\n')
    expect((await runCli(['score', episodes])).stderr).toMatch(/:1: id: a number past 2\^53 \(read as -Infinity\)/)
  })

  test('--json - is a user error, not a file named -', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('a')], gold: [search('a')] }))
    const run = await runCli(['score', episodes, '--json', '-'])
    expect([run.code, run.stderr]).toEqual([2, '--json -: name a file for the JSON, or /dev/stdout for the JSON alone on standard output\n'])
  })

  test('a file of no episodes is a user error, not a perfect score', async () => {
    const empty = folder.write('empty.jsonl', '\n\n')
    const run = await runCli(['score', empty])
    expect(run.stderr).toBe(`${empty}: no episodes to score; an empty corpus has no figure\n`)
    expect([run.code, run.stdout]).toEqual([2, ''])
  })

  test('--level arg counts the name and each argument', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('cats'), deleteAll]))
    const gold = folder.write('gold.jsonl', jsonl([search('cats'), answer('meow')]))
    const run = await runCli(['score', pred, gold, '--level', 'arg'])
    expect(microLine(run.stdout)).toBe('Micro average over 1 episode: TP 2  FP 1  FN 2  precision 0.6667  recall 0.5  F1 0.5714 (arg level)')
  })

  test('--order strict counts calls out of order as wrong', async () => {
    const pred = folder.write('pred.jsonl', jsonl([answer('meow'), search('cats')]))
    const gold = folder.write('gold.jsonl', jsonl([search('cats'), answer('meow')]))
    const any = await runCli(['score', pred, gold])
    const strict = await runCli(['score', pred, gold, '--order', 'strict'])
    expect(microLine(any.stdout)).toContain('F1 1 ')
    expect(microLine(strict.stdout)).toContain('F1 0.5 ')
  })

  test('--order turns warns, once, of gold of several calls written as calls, which is one turn, beside a prediction of several turns', async () => {
    const flat = { pred: [[search('cats')], [answer('meow')]], gold: [search('cats'), answer('meow')] }
    const oneTurnEach = { pred: [[search('cats'), answer('meow')]], gold: [search('cats'), answer('meow')] }
    const episodes = folder.write(
      'episodes.jsonl',
      jsonl(flat, { pred: [[search('a')]], gold: [search('a')] }, oneTurnEach, { pred: [[search('a')], [answer('b')]], gold: [[search('a')], [answer('b')]] }, flat),
    )
    const run = await runCli(['score', episodes, '--order', 'turns'])
    expect(run.stderr).toBe(
      `warning: ${episodes}:1: gold written as a list of calls is one turn under --order turns, so all its calls pair with one of the prediction's 2 turns; ` +
        'write gold of several turns as a list of turns, [[...], [...]]\n' +
        'warning: 1 more gold line of several calls written as calls, not turns, beside predictions of several turns under --order turns\n',
    )
  })

  test('--grammar weighs a tool by its importance', async () => {
    const pred = folder.write('pred.jsonl', jsonl([deleteAll]))
    const gold = folder.write('gold.jsonl', jsonl([]))
    const grammar = folder.write('grammar.json', JSON.stringify({ tools: { delete_all: { importance: 5 } } }))
    const run = await runCli(['score', pred, gold, '--grammar', grammar])
    expect(microLine(run.stdout)).toContain('TP 0  FP 5  FN 0')
  })

  test("--grammar - reads the grammar from standard input, which the episodes then cannot share", async () => {
    const pred = folder.write('pred.jsonl', jsonl([deleteAll]))
    const gold = folder.write('gold.jsonl', jsonl([]))
    const grammar = JSON.stringify({ tools: { delete_all: { importance: 5 } } })
    const out = join(folder.dir, 'report.json')
    const run = await runCli(['score', pred, gold, '--grammar', '-', '--json', out], { input: grammar })
    expect(microLine(run.stdout)).toContain('TP 0  FP 5  FN 0')
    expect(JSON.parse(readFileSync(out, 'utf8')).options).toMatchObject({ grammar: '-', grammarDigest: expect.any(String) })
    const invalid = await runCli(['score', pred, gold, '--grammar', '-'], { input: '{"tools": ' })
    expect(invalid.code).toBe(2)
    expect(invalid.stderr).toMatch(/^stdin: not valid JSON \(.+\)\n$/)
    // Nothing piped in, or a blank file, is said to be empty, not faulted as JSON that ended.
    for (const input of ['', ' \n']) {
      expect(await runCli(['score', pred, gold, '--grammar', '-'], { input })).toMatchObject({ code: 2, stderr: 'stdin: empty, where one JSON document is read\n' })
    }
    expect((await runCli(['merge', folder.write('empty.json', '')])).stderr).toBe(`${join(folder.dir, 'empty.json')}: empty, where one JSON document is read\n`)
    const wrong = await runCli(['score', pred, gold, '--grammar', '-'], { input: '{"tools": {"delete_all": {"importance": -1}}}' })
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toMatch(/^stdin: grammar\.tools\.delete_all\.importance: /)
    const both = await runCli(['score', '-', '--grammar', '-'], { input: grammar })
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('only one of --grammar and EPISODES can be standard input')
    const paired = await runCli(['score', pred, '-', '--grammar', '-'], { input: grammar })
    expect(paired.stderr).toContain('only one of --grammar and GOLD can be standard input')
  })

  test('--canonicalizer exact tells case apart', async () => {
    const pred = folder.write('pred.jsonl', jsonl([search('Cats')]))
    const gold = folder.write('gold.jsonl', jsonl([search('cats')]))
    const run = await runCli(['score', pred, gold, '--canonicalizer', 'exact'])
    expect(microLine(run.stdout)).toContain('TP 0  FP 1  FN 1')
  })

  test('--name toolName folds the case and separators of tool names, which compare exactly otherwise, and the report says how they compared', async () => {
    const pred = folder.write('pred.jsonl', jsonl([{ name: 'Get-Weather', args: { city: 'Lisbon' } }]))
    const gold = folder.write('gold.jsonl', jsonl([{ name: 'get_weather', args: { city: 'Lisbon' } }]))
    expect(microLine((await runCli(['score', pred, gold])).stdout)).toContain('TP 0  FP 1  FN 1')
    const out = join(folder.dir, 'report.json')
    const run = await runCli(['score', pred, gold, '--name', 'toolName', '--json', out])
    expect(run.code).toBe(0)
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ tp: 1, fp: 0, fn: 0, options: { name: 'toolName', canonicalizer: 'default' } })
    const misspelt = await runCli(['score', pred, gold, '--name', 'toolname'])
    expect(misspelt.code).toBe(2)
    expect(misspelt.stderr).toContain("--name: expected one of 'default', 'exact', 'bfcl', 'toolName', received 'toolname' (did you mean 'toolName'?)")
  })
})

describe('the report', () => {
  test('shows each worst episode with its id, its lines and its aligned diff', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'ok', calls: [search('a')] }, { id: 'bad', calls: [search('b')] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'ok', calls: [search('a')] }, { id: 'bad', calls: [search('x')] }))
    const run = await runCli(['score', pred, gold])
    expect(run.stdout).toContain(`✗ bad (${pred}:2, ${gold}:2)  F1 0\n`)
    expect(run.stdout).toContain('- q: "x"')
    expect(run.stdout).toContain('+ q: "b"')
    expect(run.stdout).not.toContain('✗ ok')
  })

  test("marks in a worst episode's nested diff only what the score found wrong, as the matchers do, and so does merge", async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [{ name: 'hotel', args: { place: { city: 'paris', zip: 1 } } }], gold: [{ name: 'hotel', args: { place: { city: 'Paris', zip: 2 } } }] }))
    const report = join(folder.dir, 'report.json')
    const diff = ['~ place:  ← place.zip: expected 2, received 1', '      Object {', '        "city": "paris",', '    -   "zip": 2,', '    +   "zip": 1,', '      }'].map((line) => `        ${line}`).join('\n')
    const scored = await runCli(['score', episodes, '--json', report])
    expect(scored.stdout).toContain(diff)
    const merged = await runCli(['merge', report])
    expect(merged.stdout).toContain(diff)
    // With strings compared exactly, the case is a difference.
    expect((await runCli(['score', episodes, '--canonicalizer', 'exact'])).stdout).toContain('            -   "city": "Paris",\n')
  })

  test('names a gold call of gold written as turns by its turn and place, as the matchers do', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [[search('a')], [answer('x')]], gold: [[search('a')], [answer('b'), search('c')]] }))
    const run = await runCli(['score', episodes, '--order', 'turns'])
    expect(run.stdout).toContain('✗ gold[1][0] ↔ pred[1]  answer\n')
    expect(run.stdout).toContain('- gold[1][1] search(q: "c")\n')
  })

  test('--worst limits how many episodes are shown', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl(...['a', 'b', 'c'].map((id) => ({ id, pred: [], gold: [search(id)] }))))
    const run = await runCli(['score', episodes, '--worst', '2'])
    expect(run.stdout).toContain('Worst episodes (2):')
    expect(run.stdout).not.toContain('✗ c ')
  })

  test('prints the per-tool table in aligned columns', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('a'), deleteAll], gold: [search('a'), answer('b')] }))
    const run = await runCli(['score', episodes])
    const lines = run.stdout.split('\n')
    const start = lines.indexOf('Per tool:')
    const table = lines.slice(start + 1, start + 5)
    expect(table[0]!.trim().split(/\s+/)).toEqual(['tool', 'TP', 'FP', 'FN', 'precision', 'recall', 'F1'])
    expect(table.map((line) => line.trim().split(/\s+/)[0])).toEqual(['tool', 'answer', 'delete_all', 'search'])
    expect(new Set(table.map((line) => line.length)).size).toBe(1)
  })

  test('is not coloured when standard output is not a terminal', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('b')], gold: [search('a')] }))
    const run = await runCli(['score', episodes])
    expect(run.stdout).not.toContain('\x1b[')
  })

  test.each([
    [{ FORCE_COLOR: '1' }, true],
    [{ FORCE_COLOR: '' }, true],
    [{ FORCE_COLOR: '0' }, false],
    [{ FORCE_COLOR: 'false' }, false],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false],
  ])('takes colours from the environment, as Node reads it: %o', async (env, coloured) => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('b')], gold: [search('a')] }))
    const run = await runCli(['score', episodes], { env })
    expect(run.code).toBe(0)
    expect(run.stdout.includes('\x1b[31m')).toBe(coloured)
  })

  test.skipIf(spawnSync('script', ['--version']).status !== 0).each([
    [{ TERM: 'xterm-256color' }, true],
    [{ TERM: 'dumb' }, false],
    [{ TERM: 'dumb', FORCE_COLOR: '1' }, true],
  ])('on a terminal, takes colours from TERM as Node does, a dumb one getting none unless forced: %o', async (env, coloured) => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('b')], gold: [search('a')] }))
    const log = join(folder.dir, 'terminal.log')
    const { FORCE_COLOR: _forced, NO_COLOR: _none, ...inherited } = process.env
    // `script` runs the command on a terminal of its own and keeps what it shows.
    const child = spawn('script', ['-qfc', `${process.execPath} ${CLI} score ${episodes}`, log], { stdio: 'ignore', env: { ...inherited, ...env } })
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0)
    const shown = readFileSync(log, 'utf8')
    expect(shown).toContain('Micro average over 1 episode')
    expect(shown.includes('\x1b[31m')).toBe(coloured)
  })

  describe('--min-f1', () => {
    const episodes = () =>
      folder.write('episodes.jsonl', jsonl({ pred: [search('cats')], gold: [search('cats')] }, { pred: [search('dogs')], gold: [search('cats')] }))

    test('exits 1 below the threshold, the report printed whole first, and says why on standard error', async () => {
      const below = await runCli(['score', episodes(), '--min-f1', '0.6'])
      expect(below.code).toBe(1)
      expect(microLine(below.stdout)).toContain('F1 0.5 (call level)')
      expect(below.stderr).toBe('toolcalls score: the F1 0.5 is below --min-f1 0.6\n')
    })

    test('exits 0 at or above it, and writes the JSON report either way', async () => {
      expect((await runCli(['score', episodes(), '--min-f1=0.5'])).code).toBe(0)
      const out = join(folder.dir, 'report.json')
      const below = await runCli(['score', episodes(), '--min-f1', '1', '--json', out])
      expect(below.code).toBe(1)
      expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ f1: 0.5 })
    })

    test('prints the threshold as given, never rounded to the figure it is judged against', async () => {
      const run = await runCli(['score', episodes(), '--min-f1', '0.500001'])
      expect(run.stderr).toBe('toolcalls score: the F1 0.5 is below --min-f1 0.500001\n')
      const fifth = await runCli(['score', episodes(), '--min-f1', '0.54321'])
      expect(fifth.stderr).toBe('toolcalls score: the F1 0.5 is below --min-f1 0.54321\n')
    })

    test.each(['1.5', '-0.1', 'high', '80%', '0x1', ''])('refuses %o, naming the range', async (value) => {
      const run = await runCli(['score', episodes(), `--min-f1=${value}`])
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(/^toolcalls score: --min-f1: expected /)
      expect(run.stdout).toBe('')
    })
  })

  test('goes on quietly when the reader of standard error goes away', async () => {
    // Every line is a warning (no gold line has its id), so standard error is written to throughout.
    const pred = folder.write('pred.jsonl', jsonl(...Array.from({ length: 20_000 }, (_, i) => ({ id: `p${i}`, calls: [search('a')] }))))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'p0', calls: [search('a')] }))
    const child = spawn(process.execPath, [CLI, 'score', pred, gold], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.once('data', () => child.stderr.destroy())
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    expect(microLine(stdout)).toContain('over 20000 episodes')
  })

  test('--json writes the corpus report with the command, the files and the options', async () => {
    const pred = folder.write('pred.jsonl', jsonl({ id: 'e1', calls: [search('b')] }))
    const gold = folder.write('gold.jsonl', jsonl({ id: 'e1', calls: [search('a')] }))
    const out = `${folder.dir}/report.json`
    const run = await runCli(['score', pred, gold, '--level', 'arg', '--json', out])
    expect(run.code).toBe(0)
    const report = JSON.parse(readFileSync(out, 'utf8'))
    expect(report).toMatchObject({
      command: 'score',
      files: [pred, gold],
      options: { level: 'arg', order: 'any', canonicalizer: 'default', grammar: null, worst: 5 },
      tp: 1,
      fp: 1,
      fn: 1,
      episodes: 1,
      perTool: { search: { tp: 1, fp: 1, fn: 1, precision: 0.5, recall: 0.5, f1: 0.5 } },
    })
    expect(report.worst).toHaveLength(1)
    expect(report.worst[0]).toMatchObject({ id: 'e1', index: 0, where: [`${pred}:1`, `${gold}:1`], score: { f1: 0.5 } })
  })

  test('--json refuses to write over a file that holds no report, as a data file taken for its value would be', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('cats')], gold: [search('cats')] }))
    const data = jsonl({ id: 'e1', calls: [search('cats')] })
    const pred = folder.write('pred.jsonl', data)
    const run = await runCli(['score', '--json', pred, episodes])
    expect(run.stderr).toBe(
      `--json ${pred}: ${pred} holds data, not a report of 'toolcalls score', 'merge' or 'bfcl', a test run or evaluate, and the report would write over it; --json takes the file to write the report to (--json report.json)\n`,
    )
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(readFileSync(pred, 'utf8')).toBe(data)
    // As merge and bfcl, which check the path alike.
    expect((await runCli(['merge', '--json', pred, episodes])).stderr).toContain(`--json ${pred}: ${pred} holds data, not a report`)
    // A JSON document that is no report, an episodes file written with an indent, is none either.
    const document = folder.write('document.json', `${JSON.stringify({ pred: [search('cats')], gold: [search('cats')] }, null, 2)}\n`)
    expect((await runCli(['score', episodes, '--json', document])).code).toBe(2)
    // Nor is a file of one JSON line that is no report, nor a report followed by more lines.
    const oneEpisode = folder.write('one.jsonl', jsonl({ pred: [search('cats')], gold: [search('cats')] }))
    expect((await runCli(['score', episodes, '--json', oneEpisode])).code).toBe(2)
    const placeholderThenData = folder.write('then-data.jsonl', `{}\n${data}`)
    expect((await runCli(['score', episodes, '--json', placeholderThenData])).code).toBe(2)
    // `[]` is a prediction line, one that made no call.
    const noCall = folder.write('no-call.jsonl', '[]\n')
    expect((await runCli(['score', episodes, '--json', noCall])).code).toBe(2)
  })

  test('--json writes over an earlier report of score, merge, bfcl or a test run, and over an empty file', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('cats')], gold: [search('cats')] }))
    const report = join(folder.dir, 'report.json')
    expect((await runCli(['score', episodes, '--json', report])).code).toBe(0)
    expect((await runCli(['score', episodes, '--json', report])).code).toBe(0)
    const merged = join(folder.dir, 'merged.json')
    expect((await runCli(['merge', report, '--json', merged])).code).toBe(0)
    expect((await runCli(['score', episodes, '--json', merged])).code).toBe(0)
    const results = folder.write('results.jsonl', `${JSON.stringify({ id: 'parallel_0', result: '[]' })}\n`)
    const bfcl = join(folder.dir, 'bfcl.json')
    expect((await runCli(['bfcl', '--category', 'parallel', '--results', results, '--data', BFCL_DATA_DIR, '--json', bfcl])).code).toBe(0)
    expect((await runCli(['score', episodes, '--json', bfcl])).code).toBe(0)
    const testRun = { tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1, tests: 1, assertions: 1, perTool: {}, by: 'f1', worst: [] }
    const testReport = folder.write('tests.json', `${JSON.stringify(testRun, null, 2)}\n`)
    expect((await runCli(['score', episodes, '--json', testReport])).code).toBe(0)
    const empty = folder.write('empty.json', '')
    expect((await runCli(['score', episodes, '--json', empty])).code).toBe(0)
    // A report on one line (jq -c), evaluate's report saved with an indent, and a placeholder of no data.
    const compact = folder.write('compact.json', `${JSON.stringify(JSON.parse(readFileSync(report, 'utf8')))}\n`)
    const corpus = { tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1, episodes: 1, perTool: { search: { tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1 } }, worst: [] }
    const evaluated = folder.write('evaluated.json', JSON.stringify(corpus, null, 2))
    const placeholder = folder.write('placeholder.json', '{}\n')
    for (const file of [compact, evaluated, placeholder]) expect((await runCli(['score', episodes, '--json', file])).stderr).toBe('')
    for (const file of [report, merged, bfcl, testReport, empty, compact, evaluated, placeholder]) {
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ command: 'score', tp: 1 })
    }
  })

  test('--json through symbolic links replaces the file they name and keeps the links', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('cats')], gold: [search('cats')] }))
    folder.write('real.json', '')
    symlinkSync('real.json', join(folder.dir, 'middle.json'))
    symlinkSync(join(folder.dir, 'middle.json'), join(folder.dir, 'link.json'))
    const run = await runCli(['score', episodes, '--json', join(folder.dir, 'link.json')])
    expect(run.code).toBe(0)
    expect(lstatSync(join(folder.dir, 'link.json')).isSymbolicLink()).toBe(true)
    expect(lstatSync(join(folder.dir, 'middle.json')).isSymbolicLink()).toBe(true)
    expect(JSON.parse(readFileSync(join(folder.dir, 'real.json'), 'utf8'))).toMatchObject({ command: 'score', tp: 1 })
    expect(readdirSync(folder.dir).sort()).toEqual(['episodes.jsonl', 'link.json', 'middle.json', 'real.json'])
  })

  test('--json through a link into /proc, as /dev/stdout is, writes to the open file and leaves the link be', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('cats')], gold: [search('cats')] }))
    const link = join(folder.dir, 'stdout.json')
    symlinkSync('/proc/self/fd/1', link)
    // Standard output a regular file, as with `--json /dev/stdout > out.txt`: the link names that file.
    const out = openSync(join(folder.dir, 'out.txt'), 'w')
    const child = spawn(process.execPath, [CLI, 'score', episodes, '--json', link], { stdio: ['ignore', out, 'pipe'] })
    const code = await new Promise((resolve) => child.on('close', resolve))
    closeSync(out)
    expect(code).toBe(0)
    expect(readlinkSync(link)).toBe('/proc/self/fd/1')
    // The JSON alone, without the text report after it, so that it parses.
    expect(JSON.parse(readFileSync(join(folder.dir, 'out.txt'), 'utf8'))).toMatchObject({ command: 'score', tp: 1 })
    expect(readdirSync(folder.dir).sort()).toEqual(['episodes.jsonl', 'out.txt', 'stdout.json'])
  })

  test('--json /dev/stderr on a terminal keeps the text report on standard output, though both are that terminal', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('cats')], gold: [search('cats')] }))
    const log = join(folder.dir, 'terminal.log')
    // `script` runs the command on a terminal of its own and keeps what it shows.
    const child = spawn('script', ['-qfc', `${process.execPath} ${CLI} score ${episodes} --json /dev/stderr`, log], { stdio: 'ignore' })
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0)
    const shown = readFileSync(log, 'utf8')
    expect(shown).toContain('"command": "score"')
    expect(shown).toContain('Micro average over 1 episode')
  })

  test('--json /dev/stdout puts the JSON alone on standard output, to be piped on, for score, merge and bfcl', async () => {
    const episodes = folder.write('episodes.jsonl', jsonl({ pred: [search('cats')], gold: [search('cats')] }, { pred: [], gold: [search('dogs')] }))
    const piped = await runCli(['score', episodes, '--json', '/dev/stdout'])
    expect(piped.code).toBe(0)
    const report = JSON.parse(piped.stdout)
    expect(report).toMatchObject({ command: 'score', tp: 1, fn: 1, episodes: 2 })
    const file = join(folder.dir, 'report.json')
    const written = await runCli(['score', episodes, '--json', file])
    expect(written.stdout).toContain('Micro average over 2 episodes')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(report)
    const merged = await runCli(['merge', file, '--json', '/dev/stdout'])
    expect(JSON.parse(merged.stdout)).toMatchObject({ command: 'merge', tp: 1, fn: 1 })
    const results = folder.write('results.jsonl', `${JSON.stringify({ id: 'parallel_0', result: '[]' })}\n`)
    const bfcl = await runCli(['bfcl', '--category', 'parallel', '--results', results, '--data', BFCL_DATA_DIR, '--json', '/dev/stdout'])
    expect(JSON.parse(bfcl.stdout)).toMatchObject({ accuracy: 0, correct_count: 0, total_count: 200 })
  })
})
