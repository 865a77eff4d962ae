// `npm run health`: how easy the code is to find one's way in, measured by maintained tools (dependency-cruiser
// for cycles, ESLint for layers and sizes, jscpd for duplication, knip for unused code) and compared with
// `health.json`. Each measure has a target (where the house should be) and an allowance (where it is today, never
// to grow): the run fails when a measure is over its allowance, and asks for the allowance to come down when a
// change has brought the measure under it. Decision 100. `npm run health -- --json` prints the numbers only.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cruise } from 'dependency-cruiser'
import { ESLint } from 'eslint'
import ts from 'typescript'

const ROOT = new URL('..', import.meta.url).pathname
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/shared/src']
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**']
const MAX_FILE_LINES = 400
const MAX_FUNCTION_LINES = 80
/** Type names whose values must come from a schema or a typed column, never from a cast. */
const STATUS_OR_CURRENCY = /(Status|Currency|Fiat|Crypto|Coin)\b/

/** Import cycles between files and between folders; `dependency-cruiser` reads .dependency-cruiser.cjs. */
async function importCycles() {
  const { default: config } = await import(join(ROOT, '.dependency-cruiser.cjs'))
  const result = await cruise(SOURCES, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } })
  // A cycle is reported once for each of its members: counted once.
  const cycles = new Map()
  for (const violation of result.output.summary.violations) {
    const members = [violation.from, ...(violation.cycle ?? []).map((step) => step.name)]
    cycles.set([...new Set(members)].sort().join(' '), `${violation.rule.name}: ${members.join(' → ')}`)
  }
  const found = [...cycles.values()]
  return { count: found.length, found }
}

/** Imports against the layers (ESLint's `no-restricted-imports`), files and functions over their length. */
async function eslintMeasures() {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx'],
        ignores: TESTS,
        rules: {
          'max-lines': ['error', { max: MAX_FILE_LINES }],
          'max-lines-per-function': ['error', { max: MAX_FUNCTION_LINES }],
        },
      },
    ],
  })
  const results = await eslint.lintFiles(SOURCES)
  const of = (ruleId) =>
    results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === ruleId)
        .map((message) => `${result.filePath.slice(ROOT.length)}:${message.line} ${message.message}`),
    )
  const layers = of('no-restricted-imports')
  const longFiles = of('max-lines')
  const longFunctions = of('max-lines-per-function')
  return {
    layers: { count: layers.length, found: layers },
    longFiles: { count: longFiles.length, found: longFiles },
    longFunctions: { count: longFunctions.length, found: longFunctions },
  }
}

/** Duplicated runs of six lines or more, tests included, as a share of all lines (jscpd). */
function duplication() {
  const output = mkdtempSync(join(tmpdir(), 'jscpd-'))
  try {
    execFileSync(
      join(ROOT, 'node_modules/.bin/jscpd'),
      [
        ...SOURCES,
        'apps/api/test',
        'apps/api/test-postgres',
        'apps/api/test-redis',
        'e2e',
        '--min-lines',
        '6',
        '--format',
        'typescript,tsx',
        '--ignore',
        '**/node_modules/**,**/dist/**,**/artifacts/**',
        '--reporters',
        'json',
        '--output',
        output,
        '--silent',
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    const report = JSON.parse(readFileSync(join(output, 'jscpd-report.json'), 'utf8'))
    const { percentage, clones, duplicatedLines, lines } = report.statistics.total
    return { percent: Math.round(percentage * 100) / 100, clones, duplicatedLines, lines }
  } finally {
    rmSync(output, { recursive: true, force: true })
  }
}

/** Files nothing imports and exports nothing uses (knip, knip.json). */
function unused() {
  let stdout
  try {
    stdout = execFileSync(join(ROOT, 'node_modules/.bin/knip'), ['--reporter', 'json', '--no-progress'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    // knip exits 1 when it finds something; its report is still on stdout.
    if (typeof error.stdout !== 'string' || !error.stdout.trim().startsWith('{')) throw error
    stdout = error.stdout
  }
  const report = JSON.parse(stdout)
  const files = report.issues.filter((issue) => issue.files?.length).map((issue) => issue.file)
  const exports = report.issues.flatMap((issue) =>
    [...(issue.exports ?? []), ...(issue.types ?? [])].map((entry) => `${issue.file}: ${entry.name}`),
  )
  const dependencies = report.issues.flatMap((issue) =>
    [...(issue.dependencies ?? []), ...(issue.devDependencies ?? [])].map((entry) => `${issue.file}: ${entry.name}`),
  )
  return {
    files: { count: files.length, found: files },
    exports: { count: exports.length, found: exports },
    dependencies: { count: dependencies.length, found: dependencies },
  }
}

/** Tables the ownership rule misses: declared outside apps/api/src/db/tables (eslint.config.js, `TABLE_OWNERS`). */
async function tablesWithoutOwner() {
  const { TABLE_OWNERS } = await import(join(ROOT, 'eslint.config.js'))
  const owned = new Set(Object.values(TABLE_OWNERS).flat())
  const tables = []
  for (const file of sourceFiles()) {
    const text = readFileSync(join(ROOT, file), 'utf8')
    if (!text.includes('pgTable(')) continue
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer
        if (init && ts.isCallExpression(init) && init.expression.getText(source) === 'pgTable')
          tables.push(declaration.name.getText(source))
      }
    }
  }
  const found = tables.filter((table) => !owned.has(table))
  return { count: found.length, found, tables: tables.length }
}

/** The source files of SOURCES that git knows, tests left out. */
function sourceFiles() {
  return execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', ...SOURCES.map((folder) => `${folder}/*.ts*`)],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => file && !/\.test\.tsx?$|\/test\//.test(file))
}

/** `value as OrderStatus` and the like: a status or currency that a cast, not a schema, vouches for. */
function statusOrCurrencyCasts() {
  const files = sourceFiles()
  const found = []
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
    const visit = (node) => {
      if (
        (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
        STATUS_OR_CURRENCY.test(node.type.getText())
      )
        found.push(
          `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} as ${node.type.getText()}`,
        )
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return { count: found.length, found }
}

const measured = async () => {
  const lint = await eslintMeasures()
  const knip = unused()
  const cycles = await importCycles()
  const owners = await tablesWithoutOwner()
  const casts = statusOrCurrencyCasts()
  const dup = duplication()
  return {
    importCycles: { value: cycles.count, found: cycles.found },
    layerViolations: { value: lint.layers.count, found: lint.layers.found },
    filesOver400Lines: { value: lint.longFiles.count, found: lint.longFiles.found },
    functionsOver80Lines: { value: lint.longFunctions.count, found: lint.longFunctions.found },
    duplicationPercent: {
      value: dup.percent,
      found: [`${dup.clones} clones, ${dup.duplicatedLines} of ${dup.lines} lines`],
    },
    unusedFiles: { value: knip.files.count, found: knip.files.found },
    unusedExports: { value: knip.exports.count, found: knip.exports.found },
    unusedDependencies: { value: knip.dependencies.count, found: knip.dependencies.found },
    tablesWithoutOwner: { value: owners.count, found: owners.found },
    statusOrCurrencyCasts: { value: casts.count, found: casts.found },
    readmeBytes: { value: statSync(join(ROOT, 'README.md')).size, found: [] },
  }
}

const main = async () => {
  const results = await measured()
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.value]))))
    return
  }
  const limits = JSON.parse(readFileSync(join(ROOT, 'health.json'), 'utf8'))
  const verbose = process.argv.includes('--verbose')
  let failed = false
  const rows = []
  for (const [name, result] of Object.entries(results)) {
    const limit = limits[name]
    if (!limit) throw new Error(`health.json has no entry for ${name}`)
    const over = result.value > limit.allowed
    failed ||= over
    const verdict = over
      ? 'OVER its allowance: see the lines below'
      : result.value <= limit.target
        ? limit.allowed > limit.target
          ? `ok: lower "allowed" to ${limit.target} in health.json`
          : 'ok'
        : result.value < limit.allowed
          ? `better: lower "allowed" to ${result.value} in health.json`
          : 'held, not yet at its target'
    rows.push([name, String(result.value), String(limit.allowed), String(limit.target), verdict])
    if ((over || verbose) && result.found.length)
      for (const line of result.found) rows.push(['', `  ${line}`, '', '', ''])
  }
  const widths = [0, 1, 2, 3].map((column) =>
    Math.max(...rows.filter((row) => row[0] || column === 0).map((row) => row[column].length)),
  )
  console.log(['measure', 'now', 'allowed', 'target', ''].map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '))
  for (const row of rows) console.log(row[0] ? row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ') : row[1])
  if (failed) {
    console.error('\nhealth: a measure is over its allowance (health.json); see the lines under it.')
    process.exitCode = 1
  }
}

await main()
