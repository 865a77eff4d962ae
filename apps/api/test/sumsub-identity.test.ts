import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { identityChecks, identityEvents } from '../src/db/tables/modules/identity'
import { createSumsubIdentityProvider } from '../src/providers/identity/sumsub-identity.provider'
import { type TestApp, buildTestApp, callUser, signUpVerified } from './support'

const WEBHOOK_SECRET = 'whsec-sumsub-test'
const fixture = (name: string) =>
  readFileSync(new URL(`../src/providers/identity/__fixtures__/${name}`, import.meta.url), 'utf8')

let t: TestApp
afterEach(async () => {
  await t?.close()
})

/** The Sumsub adapter in the app, on recorded answers; `null` in the list stands for a connection that drops. */
async function appWithSumsub(answers: ({ status: number; body: string } | null)[]) {
  const fetchImpl = async () => {
    const answer = answers.shift()
    if (!answer) throw new TypeError('fetch failed')
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } })
  }
  t = await buildTestApp({
    identityProvider: createSumsubIdentityProvider({
      appToken: 'sbx:app-token',
      secretKey: 'secret-key',
      webhookSecret: WEBHOOK_SECRET,
      levelName: 'basic-kyc-level',
      baseUrl: 'https://api.sumsub.com',
      publicUrl: 'https://exchange.example',
      fetch: fetchImpl as unknown as typeof fetch,
    }),
  })
  return signUpVerified(t)
}

async function deliver(rawBody: string, digest = createHmac('sha256', WEBHOOK_SECRET).update(rawBody).digest('hex')) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/identity',
    headers: {
      'content-type': 'application/json',
      'x-payload-digest': digest,
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    },
    payload: rawBody,
  })
  return { status: response.statusCode, body: response.json() }
}

describe('identity verification with Sumsub (recorded answers)', () => {
  it("answers Sumsub's WebSDK link, then applies its signed review once; a forged one changes nothing", async () => {
    const customer = await appWithSumsub([
      { status: 201, body: fixture('sumsub-applicant-created.json') },
      { status: 200, body: fixture('sumsub-websdk-link.json') },
      // An approval asks for the name read from the document (decision 090), once per delivery of the notice.
      { status: 200, body: fixture('sumsub-applicant-data.json') },
      { status: 200, body: fixture('sumsub-applicant-data.json') },
    ])
    const started = await callUser(t.app, 'identityStart', customer.token)
    expect(started.body).toEqual({
      result: true,
      data: {
        verificationUrl: 'https://in.sumsub.com/websdk/p/sbx_uni_hCNmAFmPs7vNjbuX',
        status: 'started',
        sandbox: false,
      },
    })
    const [check] = await t.db.select().from(identityChecks)
    expect(check).toMatchObject({ provider: 'sumsub', applicantId: '5b594ade0a975a36c9349e66', status: 'started' })

    const retry = fixture('sumsub-applicant-reviewed-red-retry.json')
    expect(await deliver(retry, '00'.repeat(32))).toEqual({
      status: 401,
      body: { result: false, error: 'unauthorized' },
    })
    expect((await callUser(t.app, 'identityStatus', customer.token)).body.data.status).toBe('started')

    expect((await deliver(retry)).body.outcome).toBe('applied')
    expect((await callUser(t.app, 'identityStatus', customer.token)).body.data).toMatchObject({
      status: 'resubmission_requested',
      message: 'The photo of your document is blurred. Please upload a sharp photo of the whole document.',
    })
    const green = fixture('sumsub-applicant-reviewed-green.json')
    expect((await deliver(green)).body.outcome).toBe('applied')
    expect((await deliver(green)).body).toEqual({ result: true, outcome: 'duplicate', duplicate: true })
    expect((await deliver(retry)).body.outcome).toBe('duplicate')
    expect((await callUser(t.app, 'identityStatus', customer.token)).body.data).toMatchObject({
      status: 'approved',
      message: null,
    })
    // The name payments will be compared with is the one Sumsub read from the document, not the declared one.
    expect((await t.db.select().from(identityChecks))[0]).toMatchObject({
      verifiedFirstName: 'Zoe Augusta',
      verifiedLastName: "O'Brien-Lovelace",
    })
    const applied = (await t.db.select().from(identityEvents)).filter((event) => event.type === 'notice_applied')
    expect(applied.map((event) => event.toStatus)).toEqual(['resubmission_requested', 'approved'])
  })

  it('answers provider_unavailable when the answer is lost after Sumsub made the applicant, and its notice still finds the check', async () => {
    const customer = await appWithSumsub([
      { status: 201, body: fixture('sumsub-applicant-created.json') },
      null,
      { status: 200, body: fixture('sumsub-applicant-data.json') },
    ])
    const failed = await callUser(t.app, 'identityStart', customer.token)
    expect(failed).toEqual({
      status: 503,
      body: { result: false, error: 'provider_unavailable', retryAfterSeconds: 30 },
    })
    const [check] = await t.db.select().from(identityChecks)
    expect(check).toMatchObject({ applicantId: null, status: 'started' })

    // Sumsub knows the applicant by our check's id, so its review reaches the right customer all the same.
    const review = JSON.parse(fixture('sumsub-applicant-reviewed-green.json')) as Record<string, unknown>
    const body = JSON.stringify({ ...review, applicantId: '65a1f0c2e4b0a1b2c3d4e5f6', externalUserId: check!.id })
    expect((await deliver(body)).body.outcome).toBe('applied')
    expect((await t.db.select().from(identityChecks))[0]).toMatchObject({
      status: 'approved',
      applicantId: '65a1f0c2e4b0a1b2c3d4e5f6',
    })
    expect((await callUser(t.app, 'identityStart', customer.token)).body.error).toBe('identity_verified')
  })
})
