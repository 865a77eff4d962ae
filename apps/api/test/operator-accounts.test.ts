import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  OPERATOR_ROLES,
  type OperatorRole,
  operatorActions,
  operatorAccounts,
  operatorSessions,
} from '../src/db/tables/modules/operator'
import { OPERATOR_ACTIONS, type OperatorAction } from '../src/modules/operator/operator-roles'
import { runOperatorCommand } from '../src/operator-cli'
import { type TestApp, buildTestApp, operatorSession, registeredRoutes } from './support'
import { codeOf, createTestOperator, keyOnPage, postCode, signInWithPassword } from './support/operators'

/**
 * The operators' own accounts (decision 127): the first admin from the command line, the sign-in with a mandatory
 * second factor, sessions that end when idle, a sign-in limited without a lockout by name, and every operator route
 * open to its roles alone.
 */

const MINUTE = 60_000
const lines: string[] = []
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logLines: lines })
})
afterAll(() => t.close())

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } })
const cookieHeader = (cookie: string) => ({ cookie: `operatorSession=${cookie}` })

describe('the first admin, from the command line', () => {
  it('is made with a password printed once, enrols an authenticator app at the first sign-in, and then signs in with its code', async () => {
    const lines: string[] = []
    const problems: string[] = []
    const io = { out: (line: string) => lines.push(line), err: (line: string) => problems.push(line) }
    // The tool reads the configuration the app does: on PostgreSQL the test app's database, on PGlite a data folder.
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'operator-cli-')),
      ...(t.databaseUrl && {
        DATABASE_URL: t.databaseUrl,
        JWT_SECRET: 'an-operator-tool-test-signing-key-of-48-characters',
        DOCUMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      }),
    }
    expect(await runOperatorCommand(['create-admin', '--name', 'Bad Name'], io, env)).toBe(1)
    expect(problems).toEqual([
      'loginName: 2 to 64 lower-case letters, digits, dots, dashes or underscores, a letter first',
    ])
    expect(await runOperatorCommand(['create-admin', '--name', 'root', '--role', 'compliance'], io, env)).toBe(0)
    const password = lines.map((line) => /^password: (\S+)$/.exec(line)?.[1]).find(Boolean)!
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(lines.join('\n')).toContain('This password is shown only once')
    expect(await runOperatorCommand(['create-admin', '--name', 'root'], io, env)).toBe(1)
    expect(problems.at(-1)).toBe('loginName: This login name is taken')
    expect(await runOperatorCommand(['list'], io, env)).toBe(0)
    expect(lines.at(-1)).toBe('root\tadmin,compliance\tno second factor yet')
    expect(await runOperatorCommand(['nonsense'], io, env)).toBe(2)
    if (!t.databaseUrl) return // On PGlite the tool had a database of its own; the sign-in below needs the app's.

    const [stored] = await t.db.select().from(operatorAccounts).where(eq(operatorAccounts.loginName, 'root'))
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(stored?.roles).toEqual(['admin', 'compliance'])
    const { response, cookie } = await signInWithPassword(t, 'ROOT', password)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/operator/login/enrol')
    const cookieSet = response.cookies.find((one) => one.name === 'operatorSession')!
    expect(cookieSet).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    const enrol = await page('/operator/login/enrol', cookieHeader(cookie!))
    expect(enrol.statusCode).toBe(200)
    expect(enrol.headers['cache-control']).toBe('no-store')
    expect(enrol.body).toContain('<img src="data:image/svg+xml;base64,')
    const key = keyOnPage(enrol.body)
    // The page again shows the same key: the one waiting for its first code.
    expect(keyOnPage((await page('/operator/login/enrol', cookieHeader(cookie!))).body)).toBe(key)
    const signedIn = await postCode(t, 'enrol', cookie!, codeOf(t, key))
    expect(signedIn.headers.location).toBe('/operator')
    const session = signedIn.cookies.find((one) => one.name === 'operatorSession')!.value
    expect((await page('/operator', cookieHeader(session))).body).toContain('signed in as root (admin, compliance)')

    // The password and a reset: a new password, the app set up again, every session ended.
    expect(await runOperatorCommand(['reset', '--name', 'root'], io, env)).toBe(0)
    expect((await page('/operator', cookieHeader(session))).headers.location).toBe('/operator/login')
    const newPassword = lines
      .map((line) => /^password: (\S+)$/.exec(line)?.[1])
      .filter(Boolean)
      .at(-1)!
    expect(newPassword).not.toBe(password)
    expect((await signInWithPassword(t, 'root', password)).response.statusCode).toBe(401)
    expect((await signInWithPassword(t, 'root', newPassword)).response.headers.location).toBe('/operator/login/enrol')
    expect(lines.join('\n') + problems.join('\n')).not.toContain(stored!.passwordHash)
  })
})

describe('the second factor', () => {
  it('is asked before anything: the step after the password opens no page and no action', async () => {
    const { loginName, password } = await createTestOperator(t, [...OPERATOR_ROLES])
    const { cookie } = await signInWithPassword(t, loginName, password)
    const halfway = cookieHeader(cookie!)
    for (const url of [
      '/operator',
      '/operator/tickets',
      '/operator/operators',
      '/operator/partners',
      '/operator/errors',
    ]) {
      const refused = await page(url, halfway)
      expect(refused.statusCode, url).toBe(303)
      expect(refused.headers.location, url).toBe('/operator/login')
      expect((await t.app.inject({ method: 'GET', url, headers: halfway })).statusCode, url).toBe(401)
    }
    const action = await t.app.inject({
      method: 'POST',
      url: '/operator/operators',
      headers: { ...halfway, 'content-type': 'application/json' },
      payload: { loginName: 'intruder', roles: ['admin'] },
    })
    expect(action.statusCode).toBe(401)
    expect(await t.db.select().from(operatorAccounts).where(eq(operatorAccounts.loginName, 'intruder'))).toEqual([])
    // Without an app set up, the code step leads to setting one up; a wrong code is refused and shows the same key.
    expect((await page('/operator/login/code', halfway)).headers.location).toBe('/operator/login/enrol')
    const key = keyOnPage((await page('/operator/login/enrol', halfway)).body)
    const wrong = await postCode(t, 'enrol', cookie!, codeOf(t, key) === '000000' ? '000001' : '000000')
    expect(wrong.statusCode).toBe(401)
    expect(keyOnPage(wrong.body)).toBe(key)
    expect((await page('/operator', halfway)).statusCode).toBe(303)
  })

  it('once set up, is asked at every sign-in; a code is taken once, and the password step lasts ten minutes', async () => {
    const ops = await operatorSession(t, ['support'])
    const first = await signInWithPassword(t, ops.name, ops.password)
    expect(first.response.headers.location).toBe('/operator/login/code')
    expect((await page('/operator/login/code', cookieHeader(first.cookie!))).body).toContain('6-digit code')
    // The code the enrolment used, in the same 30 seconds: taken already.
    expect((await postCode(t, 'code', first.cookie!, codeOf(t, ops.secret))).statusCode).toBe(401)
    t.clock.advance(30_000)
    const signedIn = await postCode(t, 'code', first.cookie!, codeOf(t, ops.secret))
    expect(signedIn.headers.location).toBe('/operator')
    // The password step's cookie opens nothing afterwards.
    expect((await postCode(t, 'code', first.cookie!, codeOf(t, ops.secret))).statusCode).toBe(401)

    const late = await signInWithPassword(t, ops.name, ops.password)
    t.clock.advance(11 * MINUTE)
    const expired = await postCode(t, 'code', late.cookie!, codeOf(t, ops.secret))
    expect(expired.statusCode).toBe(401)
    expect(expired.body).toContain('No sign-in in progress')
  })

  it('five wrong codes end the sign-in; the password is asked again', async () => {
    const ops = await operatorSession(t, ['support'])
    t.clock.advance(30_000)
    const { cookie } = await signInWithPassword(t, ops.name, ops.password)
    const wrong = codeOf(t, ops.secret) === '123456' ? '654321' : '123456'
    for (let i = 0; i < 5; i++) expect((await postCode(t, 'code', cookie!, wrong)).statusCode).toBe(401)
    expect((await postCode(t, 'code', cookie!, codeOf(t, ops.secret))).statusCode).toBe(429)
    expect((await postCode(t, 'code', cookie!, codeOf(t, ops.secret))).statusCode).toBe(401)
    const again = await signInWithPassword(t, ops.name, ops.password)
    expect((await postCode(t, 'code', again.cookie!, codeOf(t, ops.secret))).headers.location).toBe('/operator')
  })
})

describe('the sign-in limits', () => {
  it("never let strangers guessing an operator's name from other addresses lock the operator out", async () => {
    t.clock.advance(20 * MINUTE)
    const anna = await operatorSession(t, ['finance'], { name: 'ops.anna' })
    t.clock.advance(30_000)
    for (let i = 0; i < 60; i++) {
      const guess = await signInWithPassword(t, 'ops.anna', `guess-number-${i}`, `192.0.2.${i + 1}`)
      expect(guess.response.statusCode).toBe(401)
      expect(guess.response.body).toContain('do not match an operator')
    }
    // The same stranger at one address: refused past five guesses of the name, then past ten of any name.
    for (let i = 0; i < 5; i++) await signInWithPassword(t, 'ops.anna', `again-${i}`, '203.0.113.7')
    const limited = await signInWithPassword(t, 'ops.anna', anna.password, '203.0.113.7')
    expect(limited.response.statusCode).toBe(429)
    expect(limited.response.headers['retry-after']).toBe('900')
    for (let i = 0; i < 5; i++) await signInWithPassword(t, `ops.other${i}`, 'guessing-more', '203.0.113.7')
    expect((await signInWithPassword(t, 'ops.zed', 'guessing-more', '203.0.113.7')).response.statusCode).toBe(429)

    // Anna, at her own address, signs in as ever.
    const own = await signInWithPassword(t, 'ops.anna', anna.password, '198.51.100.20')
    expect(own.response.headers.location).toBe('/operator/login/code')
    expect((await postCode(t, 'code', own.cookie!, codeOf(t, anna.secret), '198.51.100.20')).headers.location).toBe(
      '/operator',
    )
    const failures = lines.filter((line) => line.includes('operator login failed') && line.includes('ops.anna'))
    expect(failures.length).toBe(65)
    expect(JSON.parse(failures[0]!)).toMatchObject({ operator: 'ops.anna', ip: '192.0.2.1' })
    expect(lines.join('')).not.toContain('guess-number')
    expect(lines.join('')).not.toContain(anna.password)

    t.clock.advance(15 * MINUTE)
    const later = await signInWithPassword(t, 'ops.anna', anna.password, '203.0.113.7')
    expect(later.response.headers.location).toBe('/operator/login/code')
  })

  it('answers an unknown name as a wrong password, and refuses a sign-in another site posts', async () => {
    const unknown = await signInWithPassword(t, 'ops.nobody', 'some-password', '198.51.100.30')
    expect(unknown.response.statusCode).toBe(401)
    expect(unknown.cookie).toBeUndefined()
    const forged = await t.app.inject({
      method: 'POST',
      url: '/operator/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'name=ops.anna&password=x',
    })
    expect(forged.statusCode).toBe(403)
  })
})

describe('the session', () => {
  it('ends after 30 minutes without a request, and lives on while used', async () => {
    const ops = await operatorSession(t, ['support'])
    for (let i = 0; i < 4; i++) {
      t.clock.advance(29 * MINUTE)
      expect((await page('/operator/tickets', ops.headers)).statusCode).toBe(200)
    }
    t.clock.advance(31 * MINUTE)
    const ended = await page('/operator/tickets', ops.headers)
    expect(ended.statusCode).toBe(303)
    expect(ended.headers.location).toBe('/operator/login')
  })

  it('ends after 12 hours however busy, and at logout', async () => {
    const ops = await operatorSession(t, ['support'])
    for (let i = 0; i < 25; i++) {
      t.clock.advance(29 * MINUTE)
      const answer = await page('/operator', ops.headers)
      expect(answer.statusCode, `after ${(i + 1) * 29} minutes`).toBe((i + 1) * 29 < 12 * 60 ? 200 : 303)
    }
    const other = await operatorSession(t, ['support'])
    const out = await t.app.inject({
      method: 'POST',
      url: '/operator/logout',
      headers: { ...other.headers, 'sec-fetch-site': 'same-origin' },
    })
    expect(out.headers.location).toBe('/operator/login')
    expect(out.cookies.find((one) => one.name === 'operatorSession')).toMatchObject({ value: '', maxAge: 0 })
    expect((await page('/operator', other.headers)).statusCode).toBe(303)
    const [row] = await t.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, other.id))
      .orderBy(desc(operatorSessions.createdAt))
    expect(row?.endedAt).not.toBeNull()
  })
})

/** A route's path with its parameters filled: ids that exist nowhere, so that an allowed action changes nothing. */
const pathOf = (url: string) =>
  url.replace(/:number/g, 'HX-0000000').replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000')

describe('roles', () => {
  const sessions = new Map<OperatorRole, Record<string, string>>()
  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) sessions.set(role, (await operatorSession(t, [role])).headers)
  })

  it('name every operator route, and nothing else', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.url.startsWith('/operator') && route.method !== 'HEAD')
      .filter((route) => !route.url.startsWith('/operator/login'))
      .map((route) => `${route.method} ${route.url}`)
    expect(new Set(routes)).toEqual(new Set(Object.keys(OPERATOR_ACTIONS)))
  })

  it('open each action to its roles and refuse it to every other role with 403, before anything is read', async () => {
    const table: string[] = []
    for (const [action] of Object.entries(OPERATOR_ACTIONS) as [OperatorAction, readonly OperatorRole[]][]) {
      if (action === 'POST /operator/logout') continue
      const [method, url] = action.split(' ') as ['GET' | 'POST', string]
      for (const role of OPERATOR_ROLES) {
        const answer = await t.app.inject({
          method,
          url: pathOf(url),
          headers: { ...sessions.get(role), 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
          ...(method === 'POST' && { payload: {} }),
        })
        const open = answer.statusCode !== 403
        table.push(`${action} ${role}: ${open ? 'open' : 'refused'}`)
        if (!open) expect(answer.json()).toEqual({ result: false, error: 'forbidden' })
        else expect(answer.statusCode, `${action} as ${role}`).not.toBe(401)
      }
    }
    const expected = (Object.entries(OPERATOR_ACTIONS) as [string, readonly OperatorRole[]][])
      .filter(([action]) => action !== 'POST /operator/logout')
      .flatMap(([action, allowed]) =>
        OPERATOR_ROLES.map((role) => `${action} ${role}: ${allowed.includes(role) ? 'open' : 'refused'}`),
      )
    expect(table).toEqual(expected)
    // The table as the brief has it: a support operator cannot refund, nor a finance one review an identity.
    expect(table).toContain('POST /operator/actions/refund-order support: refused')
    expect(table).toContain('POST /operator/actions/refund-order finance: open')
    expect(table).toContain('POST /operator/actions/approve-identity finance: refused')
    expect(table).toContain('POST /operator/actions/approve-identity compliance: open')
    expect(table).toContain('GET /operator/tickets compliance: refused')
    expect(table).toContain('POST /operator/operators finance: refused')
  })

  it('show each operator the lists and links of their roles only', async () => {
    const support = (await page('/operator', sessions.get('support'))).body
    expect(support).toContain('Support tickets')
    expect(support).not.toContain('Customers under review')
    expect(support).not.toContain('/operator/actions/refund-order')
    expect(support).not.toContain('/operator/operators')
    const compliance = (await page('/operator', sessions.get('compliance'))).body
    expect(compliance).toContain('Customers under review')
    expect(compliance).not.toContain('Refunds to send')
    expect(compliance).not.toContain('href="/operator/tickets"')
  })

  it('let an admin make an operator, change their roles and disable them; never themselves', async () => {
    const admin = await operatorSession(t, ['admin'], { name: 'ops.admin' })
    const form = (url: string, fields: [string, string][]) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          ...admin.headers,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        payload: new URLSearchParams(fields).toString(),
      })
    const made = await form('/operator/operators', [
      ['loginName', 'ops.new'],
      ['roles', 'support'],
      ['roles', 'finance'],
    ])
    expect(made.statusCode).toBe(200)
    expect(made.headers['cache-control']).toBe('no-store')
    const password = /Password: <code>([^<]+)<\/code>/.exec(made.body)![1]!
    const [row] = await t.db.select().from(operatorAccounts).where(eq(operatorAccounts.loginName, 'ops.new'))
    expect(row).toMatchObject({ roles: ['support', 'finance'], createdBy: admin.id, disabledAt: null })
    const [logged] = await t.db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(1)
    expect(logged).toMatchObject({ operator: 'ops.admin', operatorId: admin.id, action: 'operator_created' })
    expect(JSON.stringify(logged)).not.toContain(password)

    const taken = await form('/operator/operators', [
      ['loginName', 'ops.new'],
      ['roles', 'support'],
    ])
    expect(taken.statusCode).toBe(400)
    expect(taken.body).toContain('This login name is taken')

    expect((await form(`/operator/operators/${row!.id}/roles`, [['roles', 'compliance']])).statusCode).toBe(303)
    expect((await t.db.select().from(operatorAccounts).where(eq(operatorAccounts.id, row!.id)))[0]?.roles).toEqual([
      'compliance',
    ])
    expect((await form(`/operator/operators/${row!.id}/roles`, [['roles', 'owner']])).statusCode).toBe(400)

    expect((await signInWithPassword(t, 'ops.new', password)).response.statusCode).toBe(303)
    expect((await form(`/operator/operators/${row!.id}/disable`, [])).statusCode).toBe(303)
    expect((await signInWithPassword(t, 'ops.new', password)).response.statusCode).toBe(401)
    // An admin cannot disable themselves.
    expect((await form(`/operator/operators/${admin.id}/disable`, [])).statusCode).toBe(409)
  })
})

describe('the cookie over https', () => {
  it('is Secure when the app is reached over https (PUBLIC_URL)', async () => {
    const https = await buildTestApp({ env: { PUBLIC_URL: 'https://ops.helvex.example' } })
    try {
      const { loginName, password } = await createTestOperator(https, ['support'])
      const { response } = await signInWithPassword(https, loginName, password)
      expect(response.cookies.find((one) => one.name === 'operatorSession')).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
      })
    } finally {
      await https.close()
    }
  })
})

describe('the last admin', () => {
  it('keeps the admin role and cannot be disabled: the back office always has someone who makes operators', async () => {
    const fresh = await buildTestApp()
    try {
      const other = await createTestOperator(fresh, ['admin'], 'ops.other')
      const boss = await operatorSession(fresh, ['admin', 'support'], { name: 'ops.boss' })
      const form = (url: string, fields: [string, string][]) =>
        fresh.app.inject({
          method: 'POST',
          url,
          headers: { ...boss.headers, 'content-type': 'application/json' },
          payload: { roles: fields.map(([, value]) => value) },
        })
      expect((await form(`/operator/operators/${other.id}/disable`, [])).statusCode).toBe(303)
      const refused = await form(`/operator/operators/${boss.id}/roles`, [['roles', 'support']])
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({ result: false, error: 'transition_not_allowed' })
      const [row] = await fresh.db.select().from(operatorAccounts).where(eq(operatorAccounts.id, boss.id))
      expect(row?.roles).toEqual(['admin', 'support'])
    } finally {
      await fresh.close()
    }
  })
})
