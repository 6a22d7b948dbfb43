import { endOfInputKeys } from './terminal-input'

export const MAIN_USAGE = `Usage: toolcalls <command> [options]

Grades an LLM agent's tool calls against gold calls.

Commands:
  score EPISODES          score episodes { "id"?, "pred", "gold" }, one a line
  score PRED GOLD         score a file of predictions against a file of gold calls
  merge REPORT...         add up the --json reports of shards, or of test runs
  bfcl-check [FILE]       check BFCL entries, one a line, as BFCL's AST checker does
  bfcl                    score a BFCL result file of a whole category

Run 'toolcalls <command> --help' for the options of a command.

Options:
  -h, --help              show this help
  --version               show the version

Exit codes:
  0    the files were scored (at or above --min-f1 or --min-accuracy, when given)
  1    the F1 is below --min-f1, or bfcl's accuracy below --min-accuracy (the report
       is printed or written all the same); or an internal error (a bug), its stack
       trace printed
  2    a user error, in one line naming the file and line: a missing or unreadable
       file, a directory given as a file, a gold or episodes line that is not valid
       JSON or holds malformed gold, a prediction line whose wrapper the harness got
       wrong (calls given twice, an id that is neither a string nor a number, or a
       number past 2^53, a batch's request line), an unknown option or a bad option
       value, an invalid grammar file, a --json path that cannot be written (or a
       full disk) or that holds data other than a report of this tool's, input of
       no episodes or entries (an empty corpus has no figure)
  130  interrupted (Ctrl-C): no report file is written (bfcl-check's verdicts stop
       where it was); SIGTERM and SIGHUP stop it alike, with 143 and 129 (128 + the
       signal's number)

Environment:
  NO_COLOR                set, not empty, to print without colours
  FORCE_COLOR             set to print colours where output is no terminal; 0 or
                          false for none (otherwise colours are used on a terminal)
  TERM                    dumb for no colours on a terminal, unless FORCE_COLOR is set
`

export const SCORE_USAGE = `Usage: toolcalls score EPISODES [options]
       toolcalls score PRED GOLD [options]

Scores tool calls against gold calls and prints the worst episodes with their aligned
diffs, the figures per tool, and the micro average: TP, FP and FN summed over every
episode, then precision, recall and F1. Progress shows on standard error when it is a
terminal.

Files hold JSON lines, one episode a line; '-' reads standard input (on a terminal, a
line on standard error says so: end the input with ${endOfInputKeys()}). Blank lines, CRLF line ends
and a byte-order mark are accepted; invalid UTF-8 is read with U+FFFD replacement
characters, and a warning names the first such line. A line over 64 MiB is not read: a
prediction line is graded as an unparseable call, with a warning; a gold or episodes
line is a user error.
  EPISODES   { "id"?, "pred", "gold" }
  PRED       { "id"?, "calls" } (or "pred"), or the calls alone in any format: OpenAI
             Chat messages, Responses items, Anthropic messages, AI SDK steps, Gemini
             contents, LangChain tool_calls, BFCL Python text, [{ "name", "args" }];
             or a batch API's result line, its id its "custom_id" (OpenAI, Mistral,
             Anthropic) or its "key" (Gemini)
  GOLD       { "id"?, "calls" } (or "gold"), or the gold calls alone: [{ "name", "args" }]
Lines of PRED and GOLD pair by id where both give one, else by position (the n-th
non-blank line of each); a line left without a partner is scored against nothing, with
a warning, and files of which no line pairs are a user error. A prediction line that is
not JSON is graded as an unparseable call; one that cannot be read at all keeps the gold
line at its position unless a later prediction line gives that gold line's id.
Gold values are plain values or { "$oneOf": [a, b] }, { "$optional": [v] } (may be left
out) and { "$optional": [] } (may be left out; any value if given).

Options:
  --level call|arg        call: a call is right or wrong as a whole (default);
                          arg: the name and every argument count
  --order any|strict|turns
                          any: the calls are a multiset (default); strict: pairs keep
                          the order; turns: assistant turns keep their order
                          (gold of several turns written as turns, [[...], [...]])
  --canonicalizer default|exact|bfcl|toolName
                          how strings compare (default: case and runs of whitespace
                          ignored, text in Unicode's NFC; bfcl: BFCL's own rule)
  --name exact|default|bfcl|toolName
                          how tool names compare, by the canonicalizers' names
                          (exact when not given; default: case and runs of
                          whitespace ignored; toolName: case ignored, '.' and '-'
                          read as '_')
  --grammar FILE          weights as JSON: { "tools": { "<tool>": { "importance": 5,
                          "args": { "<arg>": { "importance": 3 } } } } }, or a list of
                          tool schemas, which also declare the argument types;
                          '-' reads it from standard input
  --worst N               how many of the worst episodes to show (default 5)
  --json OUT              write the report as JSON too; written whole or not at all,
                          and never over a file of data other than a report;
                          --json /dev/stdout writes the JSON alone to standard
                          output
  --min-f1 F              exit with code 1 when the F1 is below F (0 to 1)
  -h, --help              show this help

Examples:
  toolcalls score episodes.jsonl
  toolcalls score pred.jsonl gold.jsonl --level arg --grammar grammar.json --json report.json
`

export const MERGE_USAGE = `Usage: toolcalls merge REPORT... [options]

Adds up reports written by 'toolcalls score --json' over shards of a corpus: TP, FP and
FN summed overall and per tool, the figures recomputed, the worst episodes of all shards
ranked again. The figures equal those of one run over the shards' files in order (past a
thousand tools the model alone named, which names keep rows of their own may differ).
Whatever order the reports are given in, their episodes are numbered, and rank on ties,
as in one run over the files the shards scored, in name order (shard-2 before shard-10).
Reports merge only when scored with the same --level, --order, --canonicalizer, --name
and --grammar (compared by the file's content). A merged report records the shards'
reports it adds up, by their full paths and their contents' digests; a report given
twice, a copy of it, or either beside a merged report that holds it, is refused: its
counts would add up twice.

Reports of test runs, as the reporters' json option writes them (one per Jest --shard,
say), add up the same way to the figures of one run, their lowest tests ranked again.
The report of a run split with --shard names its shard ("shard": "1/2"), which sets it
apart from any other shard's, and is known by its content as a score report is: a copy
of it, or a merged report beside a copy of one it holds, is refused. A report of an
unsharded run is known by its path alone, so a copy of it merges.

Options:
  --worst N               how many of the worst episodes or lowest tests to keep
                          (default: the most any report was scored to keep; for
                          test runs, 5, as the reporters);
                          ranked from those the reports kept, so a larger N than a
                          report kept may leave out some that one run would list
  --json OUT              write the merged report as JSON; never over a report that
                          merge did not write (a shard's own)
  --min-f1 F              exit with code 1 when the merged F1 is below F (0 to 1), or
                          when test runs' reports graded nothing: the threshold for a
                          sharded run, whose shards' own figures may fall short
  -h, --help              show this help

Example:
  toolcalls merge shard-1.json shard-2.json --json report.json --min-f1 0.8
`

export const BFCL_CHECK_USAGE = `Usage: toolcalls bfcl-check [FILE] [options]

Checks BFCL entries as the leaderboard's AST checker does (with an optimal pairing of
parallel calls). Reads JSON lines from FILE, or standard input when FILE is '-' or
missing (on a terminal, a line on standard error says so: end the input with ${endOfInputKeys()}):
  { "id", "category"?, "model_output", "functions", "ground_truth" }
model_output is the model's Python-syntax text, a function-calling model's calls as
BFCL's result files hold them ([{ "fname": "<JSON arguments>" }]), or decoded calls.
Writes one line for each entry, in order, as it goes:
  { "id", "valid", "error_type", "errors" }
with BFCL's error names (simple_function_checker:missing_required, type_error:simple,
value_error:string, ast_decoder:decoder_failed, ...). A line that is not JSON, an
entry that is malformed, or input of no entries stops the run with exit code 2. BFCL's
own files (questions, possible answers, results) are for 'toolcalls bfcl', which scores
a result file against the other two; a line of one is named as such.
Interrupted (Ctrl-C), it exits with code 130 and says how many entries it checked
(SIGTERM and SIGHUP alike, with 143 and 129).

Options:
  --underscore-to-dot     the model names functions with _ for . (math_factorial for
                          math.factorial), as OpenAI-style function-calling models must
  -h, --help              show this help

Example:
  toolcalls bfcl-check entries.jsonl > verdicts.jsonl
`

export const BFCL_USAGE = `Usage: toolcalls bfcl --category C --results R --data DIR [options]

Scores a result file of a whole BFCL category as the leaderboard's runner does. Reads
the questions from DIR/BFCL_v*_<C>.json and the answers from
DIR/possible_answer/BFCL_v*_<C>.json, joins them with the results by id, and prints the
failing ids with their error types, then the accuracy (correct / total). A question
without a result counts as a failure; a result without a question is listed and not
counted.

Options:
  --category C            the category, e.g. simple_python, multiple, parallel
  --results R             JSON lines { "id", "result" }; result is the model's output:
                          Python-syntax text, a function-calling model's
                          [{ "fname": "<JSON arguments>" }], or decoded calls
  --data DIR              the folder of BFCL's data files: the question files, and
                          possible_answer/ with the answer files
  --json OUT              write { accuracy, correct_count, total_count, failures } as JSON
  --underscore-to-dot     the model names functions with _ for . (math_factorial for
                          math.factorial), as OpenAI-style function-calling models must
  --min-accuracy A        exit with code 1 when the accuracy is below A (0 to 1)
  -h, --help              show this help

Examples:
  toolcalls bfcl --category parallel --results BFCL_v4_parallel_result.json --data bfcl-data
  toolcalls bfcl --category simple_python --results result.json --data bfcl-data --min-accuracy 0.9
`
