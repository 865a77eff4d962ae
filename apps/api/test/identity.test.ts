import { eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { identityChecks, identityEvents } from '../src/db/tables/modules/identity'
import { sandboxIdvApplicants } from '../src/db/tables/providers/identity'
import {
  SANDBOX_IDV_SIGNATURE_HEADER,
  type SandboxIdvNotice,
} from '../src/providers/identity/sandbox-identity.provider'
import { signNotice } from '../src/providers/signed-notice'
import { type TestApp, buildTestApp, callUser, signUpVerified } from './support'
import { DOCUMENT_NAME } from './support/customer-fixtures'

const IDV_SECRET = 'idv-test-secret-0123456789'

let t: TestApp
afterEach(async () => {
  await t?.close()
})

async function start() {
  t = await buildTestApp({ env: { IDV_WEBHOOK_SECRET: IDV_SECRET } })
  const customer = await signUpVerified(t)
  const started = await callUser(t.app, 'identityStart', customer.token)
  const url = started.body.data.verificationUrl as string
  const applicantId = new URL(url, 'http://x').searchParams.get('applicant')!
  const [check] = await t.db.select().from(identityChecks)
  // The applicant's document, as the provider would have read it before any notice says how the check went.
  await t.db
    .update(sandboxIdvApplicants)
    .set({ documentFirstName: DOCUMENT_NAME.firstName, documentLastName: DOCUMENT_NAME.lastName })
    .where(eq(sandboxIdvApplicants.id, applicantId))
  return { customer, started, url, applicantId, check: check! }
}

function notice(
  applicantId: string,
  externalUserId: string,
  outcome: SandboxIdvNotice['data']['outcome'],
  at: Date,
  extra: Partial<SandboxIdvNotice['data']> = {},
): string {
  const body: SandboxIdvNotice = {
    id: `evt_idv_${randomBytes(6).toString('hex')}`,
    type: 'applicant.reviewed',
    createdAt: at.toISOString(),
    data: { applicantId, externalUserId, outcome, reasons: [], ...extra },
  }
  return JSON.stringify(body)
}

async function post(body: string, secret = IDV_SECRET) {
  const signature = signNotice(Buffer.from(secret), body, Math.floor(t.clock.now().getTime() / 1000))
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/identity',
    headers: { 'content-type': 'application/json', [SANDBOX_IDV_SIGNATURE_HEADER]: signature },
    payload: body,
  })
  return { status: response.statusCode, body: response.json() }
}

async function status(token: string) {
  return (await callUser(t.app, 'identityStatus', token)).body.data as {
    status: string
    message: string | null
  }
}

async function trail(checkId: string) {
  return t.db.select().from(identityEvents).where(eq(identityEvents.checkId, checkId)).orderBy(identityEvents.id)
}

describe('identity verification with the sandbox provider', () => {
  it('starts a check at the hosted sandbox page and keeps one applicant however often it is started', async () => {
    const { customer, started, url, check } = await start()
    expect(started.body).toEqual({
      result: true,
      data: {
        verificationUrl: expect.stringMatching(/^\/sandbox\/idv\/verify\?applicant=sbx_applicant_/),
        status: 'started',
        sandbox: true,
      },
    })
    expect(check).toMatchObject({ status: 'started', provider: 'sandbox', applicantId: expect.stringMatching(/^sbx_/) })
    expect(await status(customer.token)).toEqual({ status: 'started', message: null, updatedAt: expect.any(String) })

    const again = await callUser(t.app, 'identityStart', customer.token)
    expect(again.body.data.verificationUrl).toBe(url)
    expect(await t.db.select().from(identityChecks)).toHaveLength(1)
    expect((await trail(check.id)).map((event) => event.type)).toEqual(['link_issued', 'link_issued'])
  })

  it('says on its page that it is a test environment, and the picked approval reaches the api as a signed notice', async () => {
    const { customer, url, applicantId } = await start()
    const page = await t.app.inject({ method: 'GET', url })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('test environment')
    expect(page.body).toContain('Reject (final)')
    expect(page.body).toContain('Ask to send again')
    expect(page.body).toContain('Leave for manual review')

    const picked = await t.app.inject({
      method: 'POST',
      url: '/sandbox/idv/verify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ applicant: applicantId, outcome: 'approved', ...DOCUMENT_NAME }).toString(),
    })
    expect(picked.statusCode).toBe(303)
    // The browser goes back with nothing in the address that says how it went: the page reads the stored status.
    expect(picked.headers.location).toBe('/dashboard-returnauth')
    expect(await status(customer.token)).toMatchObject({ status: 'approved', message: null })
    expect((await callUser(t.app, 'identityStart', customer.token)).body).toEqual({
      result: false,
      error: 'identity_verified',
    })
  })

  it('asks for a resubmission with the reason in plain words, then gives a new link to the same applicant', async () => {
    const { customer, url, applicantId } = await start()
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/idv/verify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        applicant: applicantId,
        outcome: 'resubmission_requested',
        reason: 'BAD_PROOF_OF_IDENTITY',
      }).toString(),
    })
    expect(await status(customer.token)).toMatchObject({
      status: 'resubmission_requested',
      message: 'The document photo is blurred. Please take a sharp photo in good light.',
    })
    const again = await callUser(t.app, 'identityStart', customer.token)
    expect(again.body).toMatchObject({ result: true, data: { verificationUrl: url, status: 'resubmission_requested' } })
  })

  it('holds a check in manual review, and a final rejection cannot be restarted by the customer', async () => {
    const { customer, applicantId, check } = await start()
    expect((await post(notice(applicantId, check.id, 'review', t.clock.now()))).body.outcome).toBe('applied')
    expect(await status(customer.token)).toMatchObject({ status: 'review' })
    expect((await callUser(t.app, 'identityStart', customer.token)).body.error).toBe('identity_in_review')

    t.clock.advance(60_000)
    await post(
      notice(applicantId, check.id, 'rejected', t.clock.now(), {
        reasons: ['SELFIE_MISMATCH'],
        message: 'The selfie does not match the photo on the document.',
      }),
    )
    expect(await status(customer.token)).toEqual({
      status: 'rejected',
      message: 'The selfie does not match the photo on the document.',
      updatedAt: expect.any(String),
    })
    expect((await callUser(t.app, 'identityStart', customer.token)).body.error).toBe('identity_rejected')
    const [stored] = await t.db.select().from(identityChecks)
    expect(stored).toMatchObject({ status: 'rejected', reasons: ['SELFIE_MISMATCH'], decidedAt: expect.any(Date) })
  })

  it('refuses a forged notice and changes nothing', async () => {
    const { customer, applicantId, check } = await start()
    const forged = await post(notice(applicantId, check.id, 'approved', t.clock.now()), 'not-the-providers-secret')
    expect(forged).toEqual({ status: 401, body: { result: false, error: 'unauthorized' } })
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/identity',
      headers: { 'content-type': 'application/json' },
      payload: notice(applicantId, check.id, 'approved', t.clock.now()),
    })
    expect(unsigned.statusCode).toBe(401)
    expect(await status(customer.token)).toMatchObject({ status: 'started' })
    expect((await trail(check.id)).map((event) => event.type)).toEqual(['link_issued'])
  })

  it('acts on a replayed notice once, even after a newer one changed the status', async () => {
    const { customer, applicantId, check } = await start()
    const approval = notice(applicantId, check.id, 'approved', t.clock.now())
    expect((await post(approval)).body).toEqual({ result: true, outcome: 'applied', duplicate: false })
    t.clock.advance(60_000)
    await post(notice(applicantId, check.id, 'rejected', t.clock.now(), { reasons: ['FORGERY'] }))

    const replay = await post(approval)
    expect(replay).toEqual({ status: 200, body: { result: true, outcome: 'duplicate', duplicate: true } })
    expect(await status(customer.token)).toMatchObject({ status: 'rejected' })
    expect((await trail(check.id)).map((event) => event.type)).toEqual([
      'link_issued',
      'notice_applied',
      'notice_applied',
    ])
  })

  it('records an older notice that arrives late without letting it overwrite the newer result', async () => {
    const { customer, applicantId, check } = await start()
    const earlier = new Date(t.clock.now().getTime() - 120_000)
    await post(notice(applicantId, check.id, 'approved', t.clock.now()))
    const late = await post(notice(applicantId, check.id, 'review', earlier))
    expect(late.body.outcome).toBe('stale')
    expect(await status(customer.token)).toMatchObject({ status: 'approved' })
    expect((await trail(check.id)).at(-1)).toMatchObject({
      type: 'notice_stale',
      fromStatus: 'approved',
      toStatus: 'approved',
    })
  })

  it('applies one notice delivered many times at once exactly once', async () => {
    const { applicantId, check } = await start()
    const approval = notice(applicantId, check.id, 'approved', t.clock.now())
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(approval)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(answers.filter((answer) => answer.body.outcome === 'applied')).toHaveLength(1)
    expect((await trail(check.id)).filter((event) => event.type === 'notice_applied')).toHaveLength(1)
  })

  it('acknowledges a genuine notice about an applicant it does not know, and stores nothing', async () => {
    await start()
    const answer = await post(
      notice('sbx_applicant_unknown', randomBytes(4).toString('hex'), 'approved', t.clock.now()),
    )
    expect(answer.body).toMatchObject({ result: true, outcome: 'unknown_applicant' })
    expect(await t.db.select().from(identityEvents)).toHaveLength(1)
  })

  it('keeps one check and one applicant when the customer starts twice at once', async () => {
    t = await buildTestApp({ env: { IDV_WEBHOOK_SECRET: IDV_SECRET } })
    const customer = await signUpVerified(t)
    const answers = await Promise.all([1, 2, 3].map(() => callUser(t.app, 'identityStart', customer.token)))
    expect(answers.map((answer) => answer.body.result)).toEqual([true, true, true])
    expect(new Set(answers.map((answer) => answer.body.data.verificationUrl)).size).toBe(1)
    expect(await t.db.select().from(identityChecks)).toHaveLength(1)
  })

  it('starts nothing without a session', async () => {
    t = await buildTestApp()
    const answer = await callUser(t.app, 'identityStart', undefined)
    expect(answer).toEqual({ status: 401, body: { result: false, error: 'unauthorized' } })
    expect(await t.db.select().from(identityChecks)).toHaveLength(0)
  })
})
