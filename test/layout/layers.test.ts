import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const src = join(root, 'src')

/** The src folders in the order of the README's layout block, lowest step first. */
function layersOfReadme(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const block = /## How the code is laid out\n[\s\S]*?```\n([\s\S]*?)```/.exec(readme)
  if (block === null) throw new Error("README.md: no code block under '## How the code is laid out'")
  return [...block[1]!.matchAll(/^src\/(\S+)/gm)].map((line) => line[1]!)
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** tsconfig.json's `paths` that lead into src (`#printers`): imported by name, yet a file of a folder all the same. */
function pathAliases(): Map<string, string> {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile) as { config: { compilerOptions?: { paths?: Record<string, string[]> } } }
  const paths = config.compilerOptions?.paths ?? {}
  return new Map(Object.entries(paths).map(([name, [target]]) => [name, resolve(root, target!)]))
}

/** The src folder a path lies in (its first segment under src), or undefined for src's own files and paths outside it. */
function folderOf(path: string): string | undefined {
  const segments = relative(src, path).split(sep)
  return segments.length > 1 && segments[0] !== '..' ? segments[0] : undefined
}

/** Every import of a file that leads into src: relative ones and tsconfig's aliases, static, dynamic and type-only alike. */
function importsOf(file: string, aliases: ReadonlyMap<string, string>): { specifier: string; target: string }[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  return importedFiles.flatMap(({ fileName: specifier }) => {
    const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : aliases.get(specifier)
    return target === undefined ? [] : [{ specifier, target }]
  })
}

/** Each import of a folder listed later than the importing file's own, as `file imports 'specifier' (src/x, after src/y)`. */
function upwardImports(layers: readonly string[], srcFolder = src): string[] {
  const aliases = pathAliases()
  const found: string[] = []
  for (const file of sourceFiles(srcFolder)) {
    const own = folderOf(file)
    // src's own files (the package's entry, index.ts) gather every step.
    if (own === undefined) continue
    for (const { specifier, target } of importsOf(file, aliases)) {
      const imported = folderOf(target)
      if (imported === undefined || layers.indexOf(imported) <= layers.indexOf(own)) continue
      found.push(`${relative(root, file).split(sep).join('/')} imports '${specifier}' (src/${imported}, listed after src/${own})`)
    }
  }
  return found
}

describe("the README's layout of src", () => {
  const layers = layersOfReadme()

  test('lists every folder of src, each once', () => {
    const folders = readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    expect(new Set(layers).size).toBe(layers.length)
    expect([...layers].sort()).toEqual(folders.sort())
  })

  test('holds: no file imports a folder listed after its own', () => {
    expect(upwardImports(layers)).toEqual([])
  })

  test('is checked against the imports that break it', () => {
    // The same files read against the order reversed: every import between folders breaks it.
    const broken = upwardImports([...layers].reverse())
    expect(broken).toContain("src/match/options.ts imports '../compare/nearest' (src/compare, listed after src/match)")
    // A type-only import counts, and so does an alias of tsconfig's paths.
    expect(broken).toContain("src/matchers/record-score.ts imports '../match/options' (src/match, listed after src/matchers)")
    expect(broken).toContain("src/report/format-score.ts imports '#printers' (src/compare, listed after src/report)")
  })
})
