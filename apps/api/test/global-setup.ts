import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase, pgliteTemplate } from '../src/db/client'

/**
 * Migrates one empty database per test run, which every test app then starts as a copy of: on PostgreSQL a template
 * database (`CREATE DATABASE … TEMPLATE`), on PGlite a dump file. Each test still gets a database of its own; the
 * migrations run once instead of once per test app (or per test file).
 */
export default async function setup(project: TestProject) {
  const serverUrl = project.getProvidedContext().databaseUrl
  if (!serverUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'pglite-template-'))
    const file = join(folder, 'migrated.tar')
    writeFileSync(file, Buffer.from(await (await pgliteTemplate()).arrayBuffer()))
    project.provide('pgliteTemplateFile', file)
    return () => rmSync(folder, { recursive: true, force: true })
  }
  const name = `test_template_${randomBytes(6).toString('hex')}`
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
  await handle.close()
  project.provide('databaseTemplate', name)
  return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

async function adminQuery(serverUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}
