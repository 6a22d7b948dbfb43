import { readdir, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { categoryOf } from '../bfcl'
import { bfclFileOf } from './bfcl-file-line'
import { fileHead, firstLine } from './file-head'
import { didYouMean } from '../compare/nearest'
import { UserError } from './user-error'

const DATA_FILE = /^BFCL_v(\d+)_(.+)\.json$/

/** The data files of a folder by category; where several versions exist, the newest. */
async function filesByCategory(dir: string): Promise<Map<string, string>> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT') throw new UserError(`${dir}: no such directory`)
    if (code === 'ENOTDIR') throw new UserError(`--data ${dir}: a file, not a directory; ${DATA_FOLDER}${DATA_FILE.test(basename(dir)) ? ` (here, ${folderOfDataFile(dir)})` : ''}`)
    throw new UserError(`${dir}: cannot read (${error instanceof Error ? error.message : String(error)})`)
  }
  const newest = new Map<string, { file: string; version: number }>()
  for (const name of names) {
    const match = DATA_FILE.exec(name)
    if (match === null) continue
    const version = Number(match[1])
    const category = match[2]!
    if ((newest.get(category)?.version ?? -1) < version) newest.set(category, { file: join(dir, name), version })
  }
  return new Map([...newest].map(([category, { file }]) => [category, file]))
}

async function categoryFile(dir: string, category: string): Promise<string> {
  const files = await filesByCategory(dir)
  // By its name, else by another of its names: `simple` is `simple_python` in BFCL's fourth version, and the reverse in older data.
  const file = files.get(category) ?? [...files].find(([name]) => sameCategory(name, category))?.[1]
  if (file !== undefined) return file
  const known = [...files.keys()].sort()
  const listed = known.length === 0 ? 'no BFCL_v*_<category>.json files here' : `categories here: ${known.join(', ')}`
  throw new UserError(`${dir}: no BFCL_v*_${category}.json${didYouMean(category, known)}; ${listed}`)
}

function sameCategory(a: string, b: string): boolean {
  const named = categoryOf(`${a}_0`)
  return named !== undefined && named === categoryOf(`${b}_0`)
}

/** The question file and the possible-answer file of a BFCL category in `dir`. */
export async function findCategoryFiles(dir: string, category: string): Promise<{ questions: string; answers: string }> {
  const questions = await categoryFile(dir, category)
  const answersDir = join(dir, 'possible_answer')
  if (!(await isDirectory(answersDir))) throw new UserError(await noAnswersFolder(dir, questions))
  const answers = await categoryFile(answersDir, category)
  return { questions, answers }
}

const DATA_FOLDER = "--data is the folder that holds BFCL's question files and possible_answer/"

/** Why `dir` has no possible_answer/ folder, where that tells more: it is that folder itself, or it holds the answer files as that folder would. */
async function noAnswersFolder(dir: string, questions: string): Promise<string> {
  const absolute = resolve(dir)
  if (basename(absolute) === 'possible_answer') return `--data ${dir}: the possible_answer folder itself; ${DATA_FOLDER} (here, ${dirname(absolute)})`
  if (firstLineFile(questions) === 'answer') return `--data ${dir}: holds possible-answer files (${basename(questions)}) where question files were expected; ${DATA_FOLDER}`
  return `${join(dir, 'possible_answer')}: no such directory; ${DATA_FOLDER}`
}

/** The folder --data should name, given one of its data files: an answer file's is the folder above possible_answer/. */
function folderOfDataFile(file: string): string {
  const folder = dirname(resolve(file))
  return basename(folder) === 'possible_answer' ? dirname(folder) : folder
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true
}

/** Bytes read for a data file's first line: a question's docs make it a few kilobytes at most. */
const FIRST_LINE_BYTES = 1 << 16

/** Which of BFCL's files a data file is, told by its first line; undefined where that cannot be read or tells none. */
function firstLineFile(path: string): ReturnType<typeof bfclFileOf> {
  const head = fileHead(path, FIRST_LINE_BYTES)
  const line = head === undefined ? undefined : firstLine(head)
  if (line === undefined) return undefined
  try {
    return bfclFileOf(JSON.parse(line))
  } catch {
    return undefined
  }
}
