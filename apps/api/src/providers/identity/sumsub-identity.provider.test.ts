import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { createSumsubIdentityProvider, signSumsubRequest, verifySumsubDigest } from './sumsub-identity.provider'

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')

/** The example secret key of Sumsub's own code examples; the digests below were computed with openssl. */
const SECRET_KEY = 'Hej2ch71kG2kTd1iIUDZFNsO5C1lh5Gq'
const WEBHOOK_SECRET = 'whsec-sumsub-test'
const EXTERNAL_USER_ID = '7f0c2a7e-3b1d-4c55-9a61-2f1d1c0b9e11'

/** A fetch that answers recorded Sumsub answers in turn, keeping what it was asked. */
function recordedSumsub(answers: { status: number; body: string }[]) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: string }[] = []
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: String(init?.body ?? ''),
    })
    const answer = answers.shift()
    if (!answer) throw new Error('no recorded answer left')
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } })
  })
  const provider = createSumsubIdentityProvider({
    appToken: 'sbx:uY0CgwELmgUAEyl4hNWxLngb.0WSeQeiYny4WEqmAALEAiK2qTC96fBad',
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    levelName: 'basic-kyc-level',
    baseUrl: 'https://api.sumsub.com',
    publicUrl: 'https://exchange.example',
    fetch: fetchImpl as unknown as typeof fetch,
    nowSeconds: () => 1_700_000_000,
  })
  return { provider, calls }
}

function notice(name: string, digest?: string, algorithm?: string) {
  const rawBody = fixture(name)
  return {
    rawBody,
    headers: {
      ...(digest && { 'x-payload-digest': digest }),
      ...(algorithm && { 'x-payload-digest-alg': algorithm }),
    },
    path: '/v1/webhooks/identity',
    nowSeconds: 1_700_000_000,
  }
}

describe('Sumsub request signing', () => {
  it('signs timestamp, method, path with query and body, as computed independently with openssl', () => {
    const body = `{"externalUserId":"${EXTERNAL_USER_ID}","email":"ada@example.com"}`
    expect(
      signSumsubRequest(SECRET_KEY, 1_700_000_000, 'post', '/resources/applicants?levelName=basic-kyc-level', body),
    ).toBe('d67995783be5c0cdfb4b362a1e3ee3fdc8dc7c7699454b2474874bfcfdead8d4')
    expect(
      signSumsubRequest(
        SECRET_KEY,
        1_700_000_000,
        'GET',
        `/resources/applicants/-;externalUserId=${EXTERNAL_USER_ID}/one`,
      ),
    ).toBe('44d149745041fda94378f4ec98993158ef531e35d0a48cceacc2fc2d9569a8ef')
  })
})

describe('Sumsub adapter (recorded answers)', () => {
  it('creates the applicant, then a WebSDK link that comes back to the return page, with signed requests', async () => {
    const { provider, calls } = recordedSumsub([
      { status: 201, body: fixture('sumsub-applicant-created.json') },
      { status: 200, body: fixture('sumsub-websdk-link.json') },
    ])
    const link = await provider.startVerification({
      externalUserId: EXTERNAL_USER_ID,
      email: 'ada@example.com',
      returnPath: '/dashboard-returnauth',
      declaredName: { firstName: 'Ada', lastName: 'Lovelace' },
    })
    expect(link).toEqual({
      applicantId: '5b594ade0a975a36c9349e66',
      verificationUrl: 'https://in.sumsub.com/websdk/p/sbx_uni_hCNmAFmPs7vNjbuX',
    })
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST https://api.sumsub.com/resources/applicants?levelName=basic-kyc-level',
      'POST https://api.sumsub.com/resources/sdkIntegrations/levels/-/websdkLink',
    ])
    const [create, websdk] = calls
    expect(create!.headers).toMatchObject({
      'x-app-token': expect.stringMatching(/^sbx:/),
      'x-app-access-ts': '1700000000',
      'x-app-access-sig': 'd67995783be5c0cdfb4b362a1e3ee3fdc8dc7c7699454b2474874bfcfdead8d4',
      'content-type': 'application/json',
    })
    expect(JSON.parse(websdk!.body)).toEqual({
      levelName: 'basic-kyc-level',
      userId: EXTERNAL_USER_ID,
      applicantIdentifiers: { email: 'ada@example.com' },
      ttlInSecs: 1800,
      redirect: {
        successUrl: 'https://exchange.example/dashboard-returnauth',
        rejectUrl: 'https://exchange.example/dashboard-returnauth',
      },
    })
    expect(websdk!.headers['x-app-access-sig']).toBe(
      signSumsubRequest(
        SECRET_KEY,
        1_700_000_000,
        'POST',
        '/resources/sdkIntegrations/levels/-/websdkLink',
        websdk!.body,
      ),
    )
  })

  it('finds the existing applicant when Sumsub answers 409 for the external user id', async () => {
    const { provider, calls } = recordedSumsub([
      { status: 409, body: fixture('sumsub-applicant-exists.json') },
      { status: 200, body: fixture('sumsub-applicant-created.json') },
      { status: 200, body: fixture('sumsub-websdk-link.json') },
    ])
    const link = await provider.startVerification({
      externalUserId: EXTERNAL_USER_ID,
      email: 'ada@example.com',
      returnPath: '/dashboard-returnauth',
      declaredName: { firstName: 'Ada', lastName: 'Lovelace' },
    })
    expect(link.applicantId).toBe('5b594ade0a975a36c9349e66')
    expect(calls[1]).toMatchObject({
      method: 'GET',
      url: `https://api.sumsub.com/resources/applicants/-;externalUserId=${EXTERNAL_USER_ID}/one`,
      headers: { 'x-app-access-sig': '44d149745041fda94378f4ec98993158ef531e35d0a48cceacc2fc2d9569a8ef' },
    })
  })

  it('reads the name Sumsub recognised on the document (its Latin spelling, middle name with the first), never the one we declared', async () => {
    const { provider, calls } = recordedSumsub([{ status: 200, body: fixture('sumsub-applicant-data.json') }])
    expect(await provider.documentNameOf('5b594ade0a975a36c9349e66')).toEqual({
      firstName: 'Zoe Augusta',
      lastName: "O'Brien-Lovelace",
    })
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: 'https://api.sumsub.com/resources/applicants/5b594ade0a975a36c9349e66/one',
    })
    expect(calls[0]!.headers['x-app-access-sig']).toBe(
      signSumsubRequest(SECRET_KEY, 1_700_000_000, 'GET', '/resources/applicants/5b594ade0a975a36c9349e66/one'),
    )
  })

  it('answers no name when Sumsub recognised none on the document (only the declared "fixedInfo")', async () => {
    const data = JSON.parse(fixture('sumsub-applicant-data.json')) as Record<string, unknown>
    delete data.info
    const { provider } = recordedSumsub([{ status: 200, body: JSON.stringify(data) }])
    expect(await provider.documentNameOf('5b594ade0a975a36c9349e66')).toBeNull()
  })

  it('fails, for the caller to answer provider_unavailable, when Sumsub refuses or errs', async () => {
    const { provider } = recordedSumsub([
      { status: 401, body: '{"description":"Request signature mismatch","code":401}' },
    ])
    await expect(
      provider.startVerification({
        externalUserId: EXTERNAL_USER_ID,
        email: 'ada@example.com',
        returnPath: '/x',
        declaredName: null,
      }),
    ).rejects.toThrow(/Sumsub answered 401/)
  })
})

describe('Sumsub notices', () => {
  const GREEN_SHA256 = '820808823d23562b81ef234dbaddd2d2c9ce0eba591a1b02d93c5a5db6fa77c1'
  const GREEN_SHA512 =
    '503236bb12ca013010030595339bd6299740a564d15fa471956e5982929335dc62ce4a0db3b93f2a2a412e673a56a38e3bbacba22626eac969ddc50654475493'

  it('checks X-Payload-Digest over the raw body with the webhook secret (SHA-256 default, SHA-512 when named)', () => {
    const raw = fixture('sumsub-applicant-reviewed-green.json')
    expect(verifySumsubDigest(WEBHOOK_SECRET, raw, { 'x-payload-digest': GREEN_SHA256 })).toBe(true)
    expect(
      verifySumsubDigest(WEBHOOK_SECRET, raw, {
        'x-payload-digest': GREEN_SHA256,
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      }),
    ).toBe(true)
    expect(
      verifySumsubDigest(WEBHOOK_SECRET, raw, {
        'x-payload-digest': GREEN_SHA512,
        'x-payload-digest-alg': 'HMAC_SHA512_HEX',
      }),
    ).toBe(true)
  })

  it('refuses a wrong secret, an altered body, a missing digest and the legacy SHA-1', () => {
    const raw = fixture('sumsub-applicant-reviewed-green.json')
    expect(verifySumsubDigest('another-secret', raw, { 'x-payload-digest': GREEN_SHA256 })).toBe(false)
    expect(
      verifySumsubDigest(WEBHOOK_SECRET, raw.replace('GREEN', 'GREEN '), { 'x-payload-digest': GREEN_SHA256 }),
    ).toBe(false)
    expect(verifySumsubDigest(WEBHOOK_SECRET, raw, {})).toBe(false)
    expect(
      verifySumsubDigest(WEBHOOK_SECRET, raw, {
        'x-payload-digest': GREEN_SHA256,
        'x-payload-digest-alg': 'HMAC_SHA1_HEX',
      }),
    ).toBe(false)
  })

  it('maps GREEN to approved, with the time Sumsub gives', async () => {
    const { provider } = recordedSumsub([])
    const event = await provider.verifyNotification(notice('sumsub-applicant-reviewed-green.json', GREEN_SHA256))
    expect(event).toEqual({
      noticeKey: expect.stringMatching(/^sumsub:[0-9a-f]{64}$/),
      applicantId: '5b594ade0a975a36c9349e66',
      externalUserId: EXTERNAL_USER_ID,
      outcome: 'approved',
      reasons: [],
      customerMessage: undefined,
      occurredAt: new Date('2026-11-22T09:05:12.417Z'),
    })
    expect(
      await provider.verifyNotification(notice('sumsub-applicant-reviewed-green.json', '00'.repeat(32))),
    ).toBeUndefined()
  })

  it('tells a resubmission (RED, RETRY) from a final rejection (RED, FINAL), and never passes the private comment on', async () => {
    const { provider } = recordedSumsub([])
    const retry = await provider.verifyNotification(
      notice('sumsub-applicant-reviewed-red-retry.json', digestOf('sumsub-applicant-reviewed-red-retry.json')),
    )
    expect(retry).toMatchObject({
      outcome: 'resubmission_requested',
      reasons: ['UNSATISFACTORY_PHOTOS'],
      customerMessage: 'The photo of your document is blurred. Please upload a sharp photo of the whole document.',
    })
    const final = await provider.verifyNotification(
      notice('sumsub-applicant-reviewed-red-final.json', digestOf('sumsub-applicant-reviewed-red-final.json')),
    )
    expect(final).toMatchObject({
      outcome: 'rejected',
      reasons: ['FORGERY', 'BLACKLIST'],
      customerMessage: 'We could not verify your identity.',
    })
    expect(JSON.stringify(final)).not.toContain('stolen')
  })

  it('reads pending and on-hold notices as checking and manual review, and acknowledges the rest', async () => {
    const { provider } = recordedSumsub([])
    const pending = await provider.verifyNotification(
      notice('sumsub-applicant-pending.json', digestOf('sumsub-applicant-pending.json')),
    )
    expect(pending).toMatchObject({ outcome: 'pending', occurredAt: new Date('2026-11-22T09:03:02.250Z') })
    const onHold = await provider.verifyNotification(
      notice('sumsub-applicant-on-hold.json', digestOf('sumsub-applicant-on-hold.json')),
    )
    expect(onHold).toMatchObject({ outcome: 'review' })
    const created = JSON.stringify({
      applicantId: '5b594ade0a975a36c9349e66',
      type: 'applicantCreated',
      reviewStatus: 'init',
    })
    const digest = createHmac('sha256', WEBHOOK_SECRET).update(created).digest('hex')
    expect(
      await provider.verifyNotification({
        rawBody: created,
        headers: { 'x-payload-digest': digest },
        path: '/',
        nowSeconds: 0,
      }),
    ).toBeNull()
  })
})

/** Digest of a recorded notice under the test webhook secret, as Sumsub would send it. */
function digestOf(name: string): string {
  return createHmac('sha256', WEBHOOK_SECRET).update(fixture(name)).digest('hex')
}
