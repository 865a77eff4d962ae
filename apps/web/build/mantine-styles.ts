// Which of Mantine's per-component stylesheets the signed-in screens need (decision 066): the components the app
// imports from '@mantine/core' (and those @mantine/notifications imports), followed through Mantine's own modules to
// every component they render, each of which reads its class names from `<Name>.module.mjs`, whose rules are
// `@mantine/core/styles/<Name>.css`. Ordered as in Mantine's full `styles.css`, shared components first.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const WEB_ROOT = resolve(import.meta.dirname, '..')
const CORE = resolve(WEB_ROOT, 'node_modules/@mantine/core')
const NOTIFICATIONS_ESM = resolve(WEB_ROOT, 'node_modules/@mantine/notifications/esm')
/** The operators' app (decision 134): a build of its own with Mantine's whole stylesheet, none of the customer's. */
const BACK_OFFICE = resolve(WEB_ROOT, 'src/back-office')
/** What every page of Mantine needs before any component: its reset, its CSS variables, its global rules. */
const ALWAYS = ['baseline', 'default-css-variables', 'global']

/** The names a source imports from '@mantine/core' (types left out). */
export function coreImports(source: string): string[] {
  const names: string[] = []
  for (const [, list] of source.matchAll(/import\s*{([^}]*)}\s*from\s*["']@mantine\/core["']/g)) {
    for (const part of list!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim()
      if (name && !name.startsWith('type ')) names.push(name)
    }
  }
  return names
}

function filesUnder(folder: string, ending: RegExp): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return filesUnder(path, ending)
    return ending.test(entry.name) ? [path] : []
  })
}

/** Every name the customer app's own sources (tests and the back office left out) and @mantine/notifications import from '@mantine/core'. */
export function namesInUse(): Set<string> {
  const sources = [
    ...filesUnder(join(WEB_ROOT, 'src'), /\.tsx?$/).filter(
      (file) => !/\.test\.tsx?$/.test(file) && !file.startsWith(BACK_OFFICE),
    ),
    ...filesUnder(NOTIFICATIONS_ESM, /\.mjs$/),
  ]
  return new Set(sources.flatMap((file) => coreImports(readFileSync(file, 'utf8'))))
}

/** The stylesheets (names under `@mantine/core/styles/`, without `.css`) the given components need, in order. */
export function stylesheetsFor(names: Iterable<string>): string[] {
  const esm = join(CORE, 'esm')
  const index = readFileSync(join(esm, 'index.mjs'), 'utf8')
  // Mantine's own modules by the names index.mjs takes from them; a name it takes from another package has no styles.
  const fileOf = new Map<string, string | undefined>()
  for (const [, list, from] of index.matchAll(/import\s*{([^}]*)}\s*from\s*"([^"]+)"/g)) {
    for (const part of list!.split(',')) {
      fileOf.set(part.trim().split(/\s+as\s+/)[0]!, from!.startsWith('.') ? join(esm, from!) : undefined)
    }
  }
  const seen = new Set<string>()
  const pending = [...names].flatMap((name) => {
    if (!fileOf.has(name)) throw new Error(`'${name}' is not exported by @mantine/core's index.mjs`)
    const file = fileOf.get(name)
    return file ? [file] : []
  })
  const components = new Set<string>()
  while (pending.length > 0) {
    const file = pending.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const module = /([A-Za-z]+)\.module\.mjs$/.exec(file)
    if (module) components.add(module[1]!)
    for (const [, from] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) {
      pending.push(resolve(dirname(file), from!))
    }
  }
  const full = readFileSync(join(CORE, 'styles.css'), 'utf8')
  const sheets = [...ALWAYS, ...components].filter((name) => existsSync(join(CORE, 'styles', `${name}.css`)))
  const position = (name: string) => full.indexOf(readFileSync(join(CORE, 'styles', `${name}.css`), 'utf8').trim())
  return sheets.sort((a, b) => position(a) - position(b))
}

/** The stylesheets a module imports, in order (`import '@mantine/core/styles/<Name>.css'`). */
export function stylesheetsImported(source: string): string[] {
  return [...source.matchAll(/^import\s+'@mantine\/core\/styles\/([\w-]+)\.css'/gm)].map(([, name]) => name!)
}
