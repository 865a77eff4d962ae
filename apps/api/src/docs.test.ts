import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The map and the index of decisions are read by people who cannot tell a stale line from a true one; they are kept
// true here, from the files themselves, without building an app.

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url))
const DOCS = join(REPOSITORY, 'docs')
const DECISIONS = join(DOCS, 'decisions')

const RECORD_FILE = /^(\d{3})-.+\.md$/

interface DecisionRecord {
  file: string
  text: string
}

/** "Superseded by N" or "Superseded in part by N, M", as the line under a record's title says (the numbers before ':'). */
function supersessionOf(text: string): { inPart: boolean; by: string[] } | null {
  const firstParagraph =
    text
      .split('\n')
      .slice(1)
      .find((line) => line.trim() !== '') ?? ''
  const line = /^(Superseded in part by|Superseded by) (.*)$/.exec(firstParagraph)
  if (!line) return null
  const numbers = (line[2] ?? '').split(/[:(]|, which/)[0] ?? ''
  return { inPart: line[1] === 'Superseded in part by', by: numbers.match(/\d{3}/g) ?? [] }
}

/** The status a record gives itself: current or superseded, then its "Refined by N" and "Extended by N" notes. */
function statusOf(text: string): string {
  const supersession = supersessionOf(text)
  const base = supersession
    ? `superseded ${supersession.inPart ? 'in part ' : ''}by ${supersession.by.join(', ')}`
    : 'current'
  const notes = [...text.matchAll(/\*\*(Refined|Extended) by (\d{3})/g)].map(
    ([, kind, number]) => `${kind!.toLowerCase()} by ${number}`,
  )
  return notes.length > 0 ? `${base}; ${notes.join(', ')}` : base
}

/** What is wrong between the records and their index (`docs/decisions/README.md`); empty when they agree. */
function indexProblems(records: readonly DecisionRecord[], index: string): string[] {
  const problems: string[] = []
  const byFile = new Map(records.map((record) => [record.file, record]))
  const numbers = new Set(records.map((record) => record.file.slice(0, 3)))
  const listed = new Map<string, number>()

  for (const row of index.split('\n').filter((line) => /^\|\s*\[\d{3}\]/.test(line))) {
    const [, link = '', subject = '', status = ''] = row.split(/(?<!\\)\|/).map((cell) => cell.trim())
    const [, label, file = ''] = /^\[(\d{3})\]\(([^)]+)\)$/.exec(link) ?? []
    listed.set(file, (listed.get(file) ?? 0) + 1)
    const record = byFile.get(file)
    if (!record) {
      problems.push(`${file || row}: listed in the index, but there is no such record`)
      continue
    }
    if (label !== file.slice(0, 3)) problems.push(`${file}: listed as ${label}`)
    const title = /^# \d{3} (.*)$/.exec(record.text.split('\n')[0] ?? '')?.[1]
    if (subject.replaceAll('\\|', '|') !== title)
      problems.push(`${file}: the index says "${subject}", its title "${title}"`)
    const own = statusOf(record.text)
    if (status !== own) problems.push(`${file}: the index says "${status}", the record says "${own}"`)
  }

  for (const record of records) {
    const count = listed.get(record.file) ?? 0
    if (count !== 1) problems.push(`${record.file}: listed ${count} times in the index`)
    const title = /^# (\d{3}) /.exec(record.text)
    if (title?.[1] !== record.file.slice(0, 3))
      problems.push(`${record.file}: its title does not start with its number`)
    const supersession = supersessionOf(record.text)
    if (!supersession && /superseded/i.test(record.text))
      problems.push(`${record.file}: speaks of being superseded, but the line under its title does not say by which`)
    for (const number of supersession?.by ?? [])
      if (!numbers.has(number)) problems.push(`${record.file}: superseded by ${number}, which is no record`)
    if (supersession?.by.length === 0) problems.push(`${record.file}: "Superseded" names no record`)
  }
  return problems
}

/** Relative links of a markdown file that name no file or folder (web addresses and anchors aside). */
function brokenLinks(markdown: string, folder: string, exists: (path: string) => boolean): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .filter((target) => !exists(resolve(folder, target.split('#')[0]!)))
}

function readRecords(): DecisionRecord[] {
  return readdirSync(DECISIONS)
    .filter((file) => RECORD_FILE.test(file))
    .map((file) => ({ file, text: readFileSync(join(DECISIONS, file), 'utf8') }))
}

describe('the decision records and their index', () => {
  it('lists every record once, with its title and the status the record gives itself', () => {
    const records = readRecords()
    expect(records.length).toBeGreaterThan(60)
    expect(indexProblems(records, readFileSync(join(DECISIONS, 'README.md'), 'utf8'))).toEqual([])
  })

  it('holds nothing in the folder but numbered records and the index', () => {
    const others = readdirSync(DECISIONS).filter((file) => !RECORD_FILE.test(file) && file !== 'README.md')
    expect(others).toEqual([])
  })

  const record = (file: string, body: string) => ({ file, text: `# ${file.slice(0, 3)} A subject\n\n${body}\n` })
  const row = (file: string, status: string, subject = 'A subject') =>
    `| [${file.slice(0, 3)}](${file}) | ${subject} | ${status} |`
  const two = [record('001-a.md', 'Superseded in part by 002: one rule changed.'), record('002-b.md', 'Text.')]

  it('finds a record missing from the index, one listed twice, and one listed that does not exist', () => {
    expect(indexProblems(two, [row('001-a.md', 'superseded in part by 002')].join('\n'))).toEqual([
      '002-b.md: listed 0 times in the index',
    ])
    const twice = [row('001-a.md', 'superseded in part by 002'), row('002-b.md', 'current'), row('002-b.md', 'current')]
    expect(indexProblems(two, twice.join('\n'))).toEqual(['002-b.md: listed 2 times in the index'])
    const ghost = [row('001-a.md', 'superseded in part by 002'), row('002-b.md', 'current'), row('003-c.md', 'current')]
    expect(indexProblems(two, ghost.join('\n'))).toEqual(['003-c.md: listed in the index, but there is no such record'])
  })

  it('finds a status or a subject that disagrees with the record', () => {
    const index = [row('001-a.md', 'current'), row('002-b.md', 'current', 'Another subject')].join('\n')
    expect(indexProblems(two, index)).toEqual([
      '001-a.md: the index says "current", the record says "superseded in part by 002"',
      '002-b.md: the index says "Another subject", its title "A subject"',
    ])
  })

  it('finds a record superseded by no record, or speaking of being superseded only below its first line', () => {
    const records = [
      record('001-a.md', 'Superseded by 009 (a later record).'),
      record('002-b.md', 'Text.\n\n_Partly superseded by 001: a detail._'),
    ]
    const index = [row('001-a.md', 'superseded by 009'), row('002-b.md', 'current')].join('\n')
    expect(indexProblems(records, index)).toEqual([
      '001-a.md: superseded by 009, which is no record',
      '002-b.md: speaks of being superseded, but the line under its title does not say by which',
    ])
  })

  it('reads a whole supersession, several numbers, and the notes of later records', () => {
    expect(statusOf('# 012 Jobs\n\nSuperseded by 024 (one queue).\n')).toBe('superseded by 024')
    expect(statusOf('# 020 Safe\n\nSuperseded in part by 043 and 070: the conveniences.\n')).toBe(
      'superseded in part by 043, 070',
    )
    expect(statusOf('# 003 Codes\n\nText.\n\n**Refined by 022**: tries.\n**Extended by 042:** more.\n')).toBe(
      'current; refined by 022, extended by 042',
    )
  })
})

describe('the map of the code', () => {
  it('links only to files that exist', () => {
    const map = readFileSync(join(DOCS, 'architecture.md'), 'utf8')
    expect([...map.matchAll(/\]\(\.\.\//g)].length).toBeGreaterThan(40)
    expect(brokenLinks(map, DOCS, existsSync)).toEqual([])
    expect(brokenLinks(readFileSync(join(DECISIONS, 'README.md'), 'utf8'), DECISIONS, existsSync)).toEqual([])
  })

  it('finds a link to a file that is gone, and leaves web addresses and anchors alone', () => {
    const markdown =
      '[a](../apps/api/src/app.ts) [b](../apps/api/src/gone.ts#top) [c](https://db-ip.com) [d](#where-is)'
    expect(brokenLinks(markdown, DOCS, existsSync)).toEqual(['../apps/api/src/gone.ts#top'])
  })
})

describe('the README', () => {
  const readme = () => readFileSync(join(REPOSITORY, 'README.md'))

  // What the product is, the two commands and a first purchase, in a page: details belong in docs/ (issue 27).
  it('stays within 8 KB', () => {
    expect(readme().byteLength).toBeLessThanOrEqual(8192)
  })

  it('links only to files that exist, among them the configuration reference, the map and the decisions', () => {
    const text = readme().toString('utf8')
    expect(brokenLinks(text, REPOSITORY, existsSync)).toEqual([])
    for (const target of ['docs/configuration.md', 'docs/architecture.md', 'docs/decisions/README.md'])
      expect(text).toContain(`](${target})`)
  })
})
