import { generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Readable } from 'node:stream'
import type { AxiosAdapter, AxiosStatic, InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  DATE_SIGNED_ANCHOR,
  SIGN_HERE_ANCHOR,
  createDocusignEsignProvider,
  verifyConnectHmac,
} from './docusign-esign.provider'

/** The axios instance the package itself requires (CommonJS), whose adapter the recorded answers replace. */
const requireHere = createRequire(import.meta.url)
const axios = createRequire(requireHere.resolve('docusign-esign'))('axios') as AxiosStatic

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')

/** The Connect HMAC key of these examples; the signatures below were computed independently with openssl. */
const HMAC_SECRET = 'connect-hmac-example-secret-2026'
const COMPLETED_SIGNATURE = '7x5k6dO0X+h6NFe25cnMNuzl/d3CgIBtN+WF7Kh5Rtc='
const DELIVERED_SIGNATURE = '0WhrfidQeaBGJiQawFSjOx4VXVkd1xi+XO4DoRPgBCc='
const ENVELOPE_ID = '93be49ab-3c5f-4a27-9f43-f752070d71ec'
const ACCOUNT_ID = '8d1f5e2a-5c3b-4f0e-9a1d-2b7c6e4f3a10'
const SIGNED_PDF = Buffer.from('%PDF-1.7\n% recorded combined document\n%%EOF\n')

/** What was sent, as axios left it (JSON and forms are already serialised): JSON bodies parsed back. */
function parsedBody(data: unknown): unknown {
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data)
  } catch {
    return data
  }
}

interface RecordedAnswer {
  status: number
  body: string | Buffer
  contentType?: string
}

/**
 * The package sends every request through axios: its adapter is replaced by one that answers recorded DocuSign
 * answers in turn, keeping what it was asked (no network).
 */
function recordedDocusign(answers: RecordedAnswer[]) {
  const calls: { method: string; url: string; headers: Record<string, unknown>; body: unknown }[] = []
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url ?? '', config.baseURL ? `${config.baseURL}/` : undefined)
    calls.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: url.toString(),
      headers: { ...config.headers },
      body: parsedBody(config.data),
    })
    const answer = answers.shift()
    if (!answer) throw new Error('no recorded answer left')
    const data =
      config.responseType === 'stream'
        ? Readable.from([Buffer.from(answer.body)])
        : typeof answer.body === 'string'
          ? JSON.parse(answer.body)
          : answer.body
    if (answer.status >= 400)
      throw Object.assign(new Error(`Request failed with status code ${answer.status}`), {
        response: { status: answer.status, data },
      })
    return {
      data,
      status: answer.status,
      statusText: 'OK',
      headers: { 'content-type': answer.contentType ?? 'application/json' },
      config,
      request: {},
    }
  }
  return { adapter, calls }
}

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
let now = 1_795_000_000

function provider() {
  return createDocusignEsignProvider({
    integrationKey: '6a4f1b7e-1d0c-4b6b-9d8a-3c2e1f0a9b8c',
    userId: '4bab81d9-df25-45c5-ab9a-09b8ffb2bd09',
    accountId: ACCOUNT_ID,
    privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    connectHmacSecret: HMAC_SECRET,
    basePath: 'https://demo.docusign.net/restapi',
    oauthHost: 'account-d.docusign.com',
    publicUrl: 'https://exchange.example',
    nowSeconds: () => now,
  })
}

let savedAdapter: typeof axios.defaults.adapter
beforeEach(() => {
  savedAdapter = axios.defaults.adapter
})
afterEach(() => {
  axios.defaults.adapter = savedAdapter
})

describe('DocuSign embedded signing on recorded answers', () => {
  it('creates the envelope from the agreement with one embedded signer, after a JWT grant', async () => {
    const recorded = recordedDocusign([
      { status: 200, body: fixture('docusign-jwt-token.json') },
      { status: 201, body: fixture('docusign-envelope-created.json') },
    ])
    axios.defaults.adapter = recorded.adapter
    const answer = await provider().createEnvelope({
      signingId: '0f9c3f0e-6f1e-4d2a-8c1b-5f4e3d2c1b0a',
      email: 'ada@example.com',
      signerName: 'Ada Lovelace',
      agreement: { version: '2026-11-1', title: 'Customer agreement with Helvex', text: 'The terms.\n' },
    })
    expect(answer).toEqual({ envelopeId: ENVELOPE_ID })

    const [token, envelope] = recorded.calls
    expect(token).toMatchObject({ method: 'POST', url: 'https://account-d.docusign.com/oauth/token' })
    const grant = new URLSearchParams(token!.body as string)
    expect(grant.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer')
    expect(grant.get('assertion')?.split('.')).toHaveLength(3)

    expect(envelope).toMatchObject({
      method: 'POST',
      url: `https://demo.docusign.net/restapi/v2.1/accounts/${ACCOUNT_ID}/envelopes`,
    })
    expect(envelope!.headers.Authorization).toBe(
      `Bearer ${JSON.parse(fixture('docusign-jwt-token.json')).access_token}`,
    )
    const definition = envelope!.body as {
      status: string
      documents: { documentBase64: string; fileExtension: string }[]
      recipients: { signers: Record<string, unknown>[] }
    }
    expect(definition.status).toBe('sent')
    const document = Buffer.from(definition.documents[0]!.documentBase64, 'base64').toString('utf8')
    expect(document).toContain('The terms.')
    expect(document).toContain(SIGN_HERE_ANCHOR)
    expect(document).toContain(DATE_SIGNED_ANCHOR)
    expect(definition.recipients.signers).toEqual([
      expect.objectContaining({
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        clientUserId: '0f9c3f0e-6f1e-4d2a-8c1b-5f4e3d2c1b0a',
      }),
    ])
  })

  it('asks a recipient view returning to the web app, reusing the token until it nearly ends', async () => {
    const recorded = recordedDocusign([
      { status: 200, body: fixture('docusign-jwt-token.json') },
      { status: 201, body: fixture('docusign-recipient-view.json') },
      { status: 201, body: fixture('docusign-recipient-view.json') },
      { status: 200, body: fixture('docusign-jwt-token.json') },
      { status: 201, body: fixture('docusign-recipient-view.json') },
    ])
    axios.defaults.adapter = recorded.adapter
    const docusign = provider()
    const request = {
      envelopeId: ENVELOPE_ID,
      signingId: '0f9c3f0e-6f1e-4d2a-8c1b-5f4e3d2c1b0a',
      email: 'ada@example.com',
      signerName: 'Ada Lovelace',
      returnPath: '/dashboard-returnagr',
    }
    const url = await docusign.signingUrl(request)
    expect(url).toBe(JSON.parse(fixture('docusign-recipient-view.json')).url)
    expect(recorded.calls[1]).toMatchObject({
      method: 'POST',
      url: `https://demo.docusign.net/restapi/v2.1/accounts/${ACCOUNT_ID}/envelopes/${ENVELOPE_ID}/views/recipient`,
      body: {
        returnUrl: 'https://exchange.example/dashboard-returnagr',
        authenticationMethod: 'none',
        email: 'ada@example.com',
        userName: 'Ada Lovelace',
        clientUserId: '0f9c3f0e-6f1e-4d2a-8c1b-5f4e3d2c1b0a',
      },
    })
    await docusign.signingUrl(request)
    now += 3600 - 30
    await docusign.signingUrl(request)
    expect(recorded.calls.map((call) => new URL(call.url).pathname.split('/').pop())).toEqual([
      'token',
      'recipient',
      'recipient',
      'token',
      'recipient',
    ])
  })

  it('reads the combined signed PDF, and refuses an answer that is not a PDF', async () => {
    const recorded = recordedDocusign([
      { status: 200, body: fixture('docusign-jwt-token.json') },
      { status: 200, body: SIGNED_PDF, contentType: 'application/pdf' },
      { status: 200, body: Buffer.from('<html>maintenance</html>'), contentType: 'application/pdf' },
    ])
    axios.defaults.adapter = recorded.adapter
    const docusign = provider()
    const signed = await docusign.signedDocument(ENVELOPE_ID)
    expect(signed.mediaType).toBe('application/pdf')
    expect(signed.bytes.equals(SIGNED_PDF)).toBe(true)
    expect(recorded.calls[1]).toMatchObject({
      method: 'GET',
      url: `https://demo.docusign.net/restapi/v2.1/accounts/${ACCOUNT_ID}/envelopes/${ENVELOPE_ID}/documents/combined`,
    })
    await expect(docusign.signedDocument(ENVELOPE_ID)).rejects.toThrow(/not a PDF|other than a PDF/)
  })

  it('a DocuSign failure reaches the caller as an error, for the customer to try again', async () => {
    axios.defaults.adapter = recordedDocusign([{ status: 400, body: '{"error":"consent_required"}' }]).adapter
    await expect(
      provider().createEnvelope({
        signingId: 'x',
        email: 'ada@example.com',
        signerName: 'Ada Lovelace',
        agreement: { version: '1', title: 'T', text: 'T' },
      }),
    ).rejects.toThrow()
  })
})

describe('Connect notices checked by their HMAC', () => {
  const notice = (name: string, headers: Record<string, string>) => ({
    rawBody: fixture(name),
    headers,
    path: '/v1/webhooks/esign',
    nowSeconds: now,
  })

  it('matches the HMAC examples computed with openssl, in any of the signature headers', () => {
    const body = fixture('docusign-connect-envelope-completed.json')
    expect(verifyConnectHmac(HMAC_SECRET, body, { 'x-docusign-signature-1': COMPLETED_SIGNATURE })).toBe(true)
    // While keys rotate, Connect sends one header per active key: one match is enough.
    expect(
      verifyConnectHmac(HMAC_SECRET, body, {
        'x-docusign-signature-1': DELIVERED_SIGNATURE,
        'x-docusign-signature-2': COMPLETED_SIGNATURE,
      }),
    ).toBe(true)
    expect(verifyConnectHmac(HMAC_SECRET, `${body} `, { 'x-docusign-signature-1': COMPLETED_SIGNATURE })).toBe(false)
    expect(verifyConnectHmac('another-secret', body, { 'x-docusign-signature-1': COMPLETED_SIGNATURE })).toBe(false)
    expect(verifyConnectHmac(HMAC_SECRET, body, { 'x-signature': COMPLETED_SIGNATURE })).toBe(false)
    expect(verifyConnectHmac(HMAC_SECRET, body, {})).toBe(false)
  })

  it('reads a completed envelope, acknowledges other events, refuses a forged notice', async () => {
    const docusign = provider()
    expect(
      await docusign.verifyNotification(
        notice('docusign-connect-envelope-completed.json', { 'x-docusign-signature-1': COMPLETED_SIGNATURE }),
      ),
    ).toEqual({
      noticeKey: `docusign:${ENVELOPE_ID}:signed`,
      envelopeId: ENVELOPE_ID,
      outcome: 'signed',
      signerIp: undefined,
      occurredAt: new Date('2026-11-24T09:17:41.083Z'),
    })
    expect(
      await docusign.verifyNotification(
        notice('docusign-connect-envelope-delivered.json', { 'x-docusign-signature-1': DELIVERED_SIGNATURE }),
      ),
    ).toBeNull()
    expect(
      await docusign.verifyNotification(
        notice('docusign-connect-envelope-completed.json', { 'x-docusign-signature-1': DELIVERED_SIGNATURE }),
      ),
    ).toBeUndefined()
  })
})
