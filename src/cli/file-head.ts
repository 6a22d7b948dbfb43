import { closeSync, openSync, readSync } from 'node:fs'

/** The start of a file: its first `bytes` at most, as text, a byte-order mark left out, and whether that is the whole file. */
export interface FileHead {
  text: string
  whole: boolean
}

/** A regular file's first bytes, for a hint or a check that a whole read would cost too much for; undefined where it cannot be read. */
export function fileHead(path: string, bytes: number): FileHead | undefined {
  try {
    const fd = openSync(path, 'r')
    try {
      const buffer = Buffer.alloc(bytes)
      const read = readSync(fd, buffer, 0, bytes, 0)
      return { text: buffer.toString('utf8', 0, read).replace(/^\ufeff/, ''), whole: read < bytes }
    } finally {
      closeSync(fd)
    }
  } catch {
    return undefined
  }
}

/** The first line of a file's head: undefined where the head ends before the line does. */
export function firstLine(head: FileHead): string | undefined {
  const end = head.text.indexOf('\n')
  return end === -1 ? (head.whole ? head.text : undefined) : head.text.slice(0, end).replace(/\r$/, '')
}
