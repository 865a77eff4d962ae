import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/** One chunk of Vite's `build.manifest` (dist/.vite/manifest.json), keyed by its source. */
export interface ManifestChunk {
  file: string
  /** The chunk's name: a module shared by several others is found by it (its key is the file's, with a hash). */
  name?: string
  /** The module the chunk starts from, for a chunk that has one (an entry, a screen loaded on demand). */
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

/** A page: the manifest keys it starts from, and the most JavaScript and CSS (gzip bytes) it may load up front. */
export interface PageBudget {
  page: string
  entries: string[]
  /**
   * The folders whose catalog (`<folder>/locales/<language>.json`) the page shows before it is usable (decision 129):
   * counted in each language. Every route says the catalogs it loads (onDemand); these are the first page's.
   */
  catalogs?: string[]
  maxJsGzip: number
  maxCssGzip: number
}

export interface PageSizes {
  /** The page, with the language of its texts when it has catalogs: "/login (de)". */
  page: string
  js: { file: string; gzip: number }[]
  css: { file: string; gzip: number }[]
  jsGzip: number
  cssGzip: number
  overBudget: string[]
}

const KB = 1000

/**
 * The pages of issue 13 and what each may load before it is usable (decision 051). /login is the account screens'
 * shell (/, /signup, /code and /resetpass load the same files); /dashboard adds the signed-in layout and the
 * calculator, which bring Mantine, react-query and zod.
 */
export const BUDGETS: PageBudget[] = [
  { page: '/login', entries: ['index.html'], catalogs: ['src/lib'], maxJsGzip: 100 * KB, maxCssGzip: 6 * KB },
  {
    page: '/dashboard',
    entries: [
      'index.html',
      'src/app/dashboard-libraries.ts',
      // The signed-in screens' table, asked for as the page opens signed in (decision 129): a chunk shared with the
      // partner mode's, named.
      'signed-in-screens',
      'src/app/routes/dashboard-layout-route.tsx',
      'src/app/routes/calculator-route.tsx',
    ],
    // The frame's and the calculator's (as signed-in-screens.ts loads them with it, decision 129).
    catalogs: [
      'src/lib',
      'src/app',
      'src/features/buy',
      'src/features/dashboard',
      'src/features/journey',
      'src/lib/error-copy',
      'src/lib/order-copy',
      'src/components',
    ],
    // 280 KB until decision 093 made room for the retry keys of decision 092; 281 KB until the texts of the frame and the
    // calculator came in four languages with the code that picks them (decision 129: 288.7 KB in French).
    maxJsGzip: 291 * KB,
    // Mantine's stylesheets of the components in use (decision 066): 23.8 KB; all of them (styles.css) was 39 KB.
    maxCssGzip: 26 * KB,
  },
]

/** A catalog module of the build (decision 129): `…/locales/<language>.json.compiled.js`. */
const CATALOG_MODULE = /[\\/]locales[\\/]([a-z]{2})\.json\.compiled\.js$/

/**
 * Every file the entries load before the page runs: the entries and their static imports, followed to the end, each
 * once; dynamic imports (screens loaded later) are not followed. An unknown key is an error, not a silent zero.
 */
export function staticFiles(manifest: Manifest, entries: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>()
  const css = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key] ?? Object.values(manifest).find((candidate) => candidate.name === key)
    if (!chunk) throw new Error(`The manifest has no chunk "${key}"`)
    js.add(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const entry of entries) visit(entry)
  return { js: [...js], css: [...css] }
}

/** The operators' app (decision 134): its own entry, built apart from the customer's. */
export const BACK_OFFICE_ENTRY = 'back-office.html'
/** The libraries' chunks (vite.back-office.config.ts names them as the customer's build does): not the back office's code. */
const LIBRARY_CHUNKS = new Set(['react', 'mantine', 'vendor', 'rolldown-runtime'])

/** Every chunk an entry loads at once or later (its dynamic imports followed too), by manifest key. */
function everyChunkOf(manifest: Manifest, entry: string): string[] {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(next)
  }
  visit(entry)
  return [...seen]
}

/**
 * What keeps the back office out of the customer's way (decision 134): the manifest has its entry, and no page of the
 * budget loads up front a file of the back office's own code (any chunk it loads, its libraries' aside) or a module of
 * `src/back-office/`. Answers the problems, none when all is well.
 */
export function backOfficeApart(manifest: Manifest, budgets: PageBudget[]): string[] {
  const entry = manifest[BACK_OFFICE_ENTRY]
  if (!entry?.isEntry) return [`The manifest has no entry "${BACK_OFFICE_ENTRY}"`]
  const ownCode = new Set<string>()
  for (const key of everyChunkOf(manifest, BACK_OFFICE_ENTRY)) {
    const chunk = manifest[key]!
    if (chunk.name && LIBRARY_CHUNKS.has(chunk.name)) continue
    ownCode.add(chunk.file)
    for (const file of chunk.css ?? []) ownCode.add(file)
  }
  const moduleFiles = new Set(
    Object.entries(manifest)
      .filter(([key, chunk]) => key.startsWith('src/back-office/') || chunk.src?.startsWith('src/back-office/'))
      .map(([, chunk]) => chunk.file),
  )
  return budgets.flatMap((budget) => {
    const files = staticFiles(manifest, budget.entries)
    return [...files.js, ...files.css]
      .filter((file) => ownCode.has(file) || moduleFiles.has(file))
      .map((file) => `${budget.page} loads the back office's ${file}`)
  })
}

/** The languages of the catalogs the build has, e.g. ["de", "en", "fr", "it"]. */
export function catalogLanguages(manifest: Manifest): string[] {
  const found = Object.keys(manifest).flatMap((key) => CATALOG_MODULE.exec(key)?.[1] ?? [])
  return [...new Set(found)].sort()
}

/** The sizes of one page against its budget; `gzipSize` is given the file name and answers its gzip bytes. */
export function measurePage(
  manifest: Manifest,
  budget: PageBudget,
  gzipSize: (file: string) => number,
  language?: string,
): PageSizes {
  const catalogs = language
    ? (budget.catalogs ?? []).map((folder) => `${folder}/locales/${language}.json.compiled.js`)
    : []
  const files = staticFiles(manifest, [...budget.entries, ...catalogs])
  const sized = (list: string[]) => list.map((file) => ({ file, gzip: gzipSize(file) }))
  const js = sized(files.js)
  const css = sized(files.css)
  const jsGzip = js.reduce((sum, file) => sum + file.gzip, 0)
  const cssGzip = css.reduce((sum, file) => sum + file.gzip, 0)
  const overBudget: string[] = []
  if (jsGzip > budget.maxJsGzip) overBudget.push(`JavaScript ${kb(jsGzip)} > ${kb(budget.maxJsGzip)}`)
  if (cssGzip > budget.maxCssGzip) overBudget.push(`CSS ${kb(cssGzip)} > ${kb(budget.maxCssGzip)}`)
  return { page: language ? `${budget.page} (${language})` : budget.page, js, css, jsGzip, cssGzip, overBudget }
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

export function report(sizes: PageSizes[]): string {
  const lines: string[] = []
  for (const page of sizes) {
    lines.push(`${page.page}: JavaScript ${kb(page.jsGzip)} gzip, CSS ${kb(page.cssGzip)} gzip`)
    for (const file of [...page.js, ...page.css].sort((a, b) => b.gzip - a.gzip)) {
      lines.push(`  ${kb(file.gzip).padStart(9)}  ${file.file}`)
    }
    for (const problem of page.overBudget) lines.push(`  OVER BUDGET: ${problem}`)
  }
  return lines.join('\n')
}

/** Gzip at the highest level, as the build's precompressed copies are made. */
export function gzipBytes(content: Buffer): number {
  return gzipSync(content, { level: 9 }).length
}

function main() {
  const dist = fileURLToPath(new URL('../dist', import.meta.url))
  let manifest: Manifest
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest
  } catch {
    console.error('No build manifest: run `npm run build -w @exchange/web` first.')
    process.exit(1)
  }
  const gzipSize = (file: string) => gzipBytes(readFileSync(join(dist, file)))
  const languages = catalogLanguages(manifest)
  // Each page in each language: its texts are part of what it loads (decision 129).
  const sizes = BUDGETS.flatMap((budget) =>
    languages.length === 0
      ? [measurePage(manifest, budget, gzipSize)]
      : languages.map((language) => measurePage(manifest, budget, gzipSize, language)),
  )
  console.log(report(sizes))
  const mixed = backOfficeApart(manifest, BUDGETS)
  for (const problem of mixed) console.log(`BACK OFFICE IN THE FIRST LOAD: ${problem}`)
  if (sizes.some((page) => page.overBudget.length > 0) || mixed.length > 0) process.exit(1)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main()
