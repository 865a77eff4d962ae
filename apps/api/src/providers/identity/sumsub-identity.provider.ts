import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { IncomingNotice } from '../signed-notice'
import type { IdentityNotice, IdentityProvider, PersonName } from './identity.provider'
import type { IdentitySettings } from './identity.settings'

/** Sumsub's settings as the configuration reads them (identity.settings.ts), and what tests hand in. */
export type SumsubOptions = Omit<Extract<IdentitySettings, { kind: 'sumsub' }>, 'kind'> & {
  /** Tests hand in recorded answers. */
  fetch?: typeof fetch
  /** Seconds since the epoch for X-App-Access-Ts (tests fix it). */
  nowSeconds?: () => number
}

/** How long a hosted verification link stays valid. */
const LINK_TTL_SECONDS = 1800
const REQUEST_TIMEOUT_MS = 10_000

/**
 * X-App-Access-Sig: lower-case hex HMAC-SHA256, under the app token's secret key, of the timestamp, the method in
 * upper case, the path with its query, and the exact body bytes (Sumsub's "Authentication" reference).
 */
export function signSumsubRequest(secretKey: string, ts: number, method: string, pathWithQuery: string, body = '') {
  return createHmac('sha256', secretKey)
    .update(`${ts}${method.toUpperCase()}${pathWithQuery}`)
    .update(body)
    .digest('hex')
}

/** The digest algorithms a Sumsub webhook may be set to; SHA-1 (legacy) is refused. */
const DIGEST_ALGORITHMS: Record<string, string> = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' }

/** X-Payload-Digest: hex HMAC of the raw body under the webhook's secret, by the algorithm X-Payload-Digest-Alg names. */
export function verifySumsubDigest(secret: string, rawBody: string, headers: Record<string, string>): boolean {
  const given = headers['x-payload-digest']
  const algorithm = DIGEST_ALGORITHMS[headers['x-payload-digest-alg'] ?? 'HMAC_SHA256_HEX']
  if (!given || !algorithm || !/^[0-9a-f]+$/i.test(given)) return false
  const expected = createHmac(algorithm, secret).update(rawBody).digest()
  const actual = Buffer.from(given, 'hex')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

const Applicant = z.object({ id: z.string().min(1) })

/** The part of "Get applicant data" we read: `info` is what Sumsub recognised on the documents (never `fixedInfo`). */
const ApplicantData = z.object({
  info: z
    .object({
      firstName: z.string().optional(),
      firstNameEn: z.string().optional(),
      middleName: z.string().optional(),
      middleNameEn: z.string().optional(),
      lastName: z.string().optional(),
      lastNameEn: z.string().optional(),
    })
    .optional(),
})

/**
 * The document's name from Sumsub's applicant data: the Latin transliteration when Sumsub gives one (bank transfers
 * are in Latin letters), the middle name with the first names; null when either part was not recognised.
 */
function documentNameFromApplicant(data: unknown): PersonName | null {
  const parsed = ApplicantData.safeParse(data)
  const info = parsed.success ? parsed.data.info : undefined
  if (!info) return null
  const first = (info.firstNameEn ?? info.firstName)?.trim()
  const middle = (info.middleNameEn ?? info.middleName)?.trim()
  const last = (info.lastNameEn ?? info.lastName)?.trim()
  if (!first || !last) return null
  return { firstName: middle ? `${first} ${middle}` : first, lastName: last }
}
const WebSdkLink = z.object({ url: z.url() })

const SumsubNotice = z.object({
  type: z.string(),
  applicantId: z.string().min(1),
  externalUserId: z.string().optional(),
  reviewStatus: z.string().optional(),
  createdAtMs: z.string().optional(),
  createdAt: z.string().optional(),
  reviewResult: z
    .object({
      reviewAnswer: z.enum(['GREEN', 'RED']).optional(),
      reviewRejectType: z.enum(['RETRY', 'FINAL']).optional(),
      rejectLabels: z.array(z.string()).optional(),
      moderationComment: z.string().optional(),
      clientComment: z.string().optional(),
    })
    .optional(),
})
type SumsubNotice = z.infer<typeof SumsubNotice>

/** "2020-02-21 13:23:19.321" (UTC, as Sumsub writes it) to a date; undefined when it cannot be read. */
function sumsubTime(text: string | undefined): Date | undefined {
  if (!text) return undefined
  const date = new Date(
    `${text
      .trim()
      .replace(' ', 'T')
      .replace(/\+0000$/, '')}Z`,
  )
  return Number.isNaN(date.getTime()) ? undefined : date
}

/**
 * GREEN is approved. RED with RETRY lets the customer send better documents (resubmission); RED with FINAL, or RED
 * without a type, is a final rejection. Pending and on-hold notices say the check is under way or with a person.
 */
function mapSumsubNotice(notice: SumsubNotice): IdentityNotice['outcome'] | null {
  switch (notice.type) {
    case 'applicantPending':
      return 'pending'
    case 'applicantOnHold':
      return 'review'
    case 'applicantReviewed': {
      const result = notice.reviewResult
      if (result?.reviewAnswer === 'GREEN') return 'approved'
      if (result?.reviewAnswer === 'RED')
        return result.reviewRejectType === 'RETRY' ? 'resubmission_requested' : 'rejected'
      return null
    }
    default:
      return null
  }
}

class SumsubRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Sumsub answered ${status}`)
  }
}

/** A Sumsub notice whose digest was checked: its outcome, or null for one this exchange does not read. */
function identityNoticeOf(rawBody: string): IdentityNotice | null {
  let parsed
  try {
    parsed = SumsubNotice.safeParse(JSON.parse(rawBody))
  } catch {
    return null
  }
  // Genuine, but not an applicant notice we read (e.g. a test ping): acknowledged so Sumsub stops resending.
  if (!parsed.success) return null
  const outcome = mapSumsubNotice(parsed.data)
  if (!outcome) return null
  const result = parsed.data.reviewResult
  return {
    // Sumsub gives no id per delivery; a resent notice has the same bytes, hence the same digest.
    noticeKey: `sumsub:${createHash('sha256').update(rawBody).digest('hex')}`,
    applicantId: parsed.data.applicantId,
    externalUserId: parsed.data.externalUserId,
    outcome,
    reasons: result?.rejectLabels ?? [],
    // moderationComment is written for the applicant; clientComment may hold private findings and is not shown.
    customerMessage: outcome === 'approved' ? undefined : result?.moderationComment?.trim() || undefined,
    occurredAt: sumsubTime(parsed.data.createdAtMs) ?? sumsubTime(parsed.data.createdAt) ?? new Date(),
  }
}

/** Sumsub as the identity provider: an applicant per check, its WebSDK link as the hosted page, results by webhook. */
export function createSumsubIdentityProvider(options: SumsubOptions): IdentityProvider {
  const doFetch = options.fetch ?? fetch
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000))

  async function call(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown) {
    const text = body === undefined ? '' : JSON.stringify(body)
    const ts = nowSeconds()
    const response = await doFetch(new URL(pathWithQuery, options.baseUrl), {
      method,
      headers: {
        accept: 'application/json',
        // Sumsub asks for it even without a body.
        'content-type': 'application/json',
        'x-app-token': options.appToken,
        'x-app-access-ts': String(ts),
        'x-app-access-sig': signSumsubRequest(options.secretKey, ts, method, pathWithQuery, text),
      },
      ...(body !== undefined && { body: text }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const answer = await response.text()
    if (!response.ok) throw new SumsubRequestError(response.status, answer)
    return JSON.parse(answer) as unknown
  }

  async function applicantFor(externalUserId: string, email: string): Promise<string> {
    try {
      const created = await call('POST', `/resources/applicants?levelName=${encodeURIComponent(options.levelName)}`, {
        externalUserId,
        email,
      })
      return Applicant.parse(created).id
    } catch (error) {
      // Asked before (a retry, or a new link for the same check): Sumsub keeps one applicant per external user id.
      if (!(error instanceof SumsubRequestError) || error.status !== 409) throw error
      const existing = await call(
        'GET',
        `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`,
      )
      return Applicant.parse(existing).id
    }
  }

  return {
    kind: 'sumsub',
    sandbox: false,
    async startVerification(request) {
      const applicantId = await applicantFor(request.externalUserId, request.email)
      const back = new URL(request.returnPath, options.publicUrl).toString()
      const link = await call('POST', '/resources/sdkIntegrations/levels/-/websdkLink', {
        levelName: options.levelName,
        userId: request.externalUserId,
        applicantIdentifiers: { email: request.email },
        ttlInSecs: LINK_TTL_SECONDS,
        redirect: { successUrl: back, rejectUrl: back },
      })
      return { applicantId, verificationUrl: WebSdkLink.parse(link).url }
    },
    async documentNameOf(applicantId) {
      return documentNameFromApplicant(
        await call('GET', `/resources/applicants/${encodeURIComponent(applicantId)}/one`),
      )
    },
    async verifyNotification({ rawBody, headers }: IncomingNotice): Promise<IdentityNotice | null | undefined> {
      if (!verifySumsubDigest(options.webhookSecret, rawBody, headers)) return undefined
      return identityNoticeOf(rawBody)
    },
  }
}
