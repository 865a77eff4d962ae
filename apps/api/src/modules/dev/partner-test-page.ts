import { Webhook } from 'standardwebhooks'
import { PartnerReturnStatus } from '@exchange/shared/partner.schemas'
import type { Clock } from '../../clock'
import type { PartnerService } from '../partners/partners.service'
import { verifyPartnerReturn } from '../partners/partner-return'

/** How the page reaches the partner api: `fetch` by default, the app's own `inject` in the tests. */
export type PartnerApiFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ status: number; json(): Promise<unknown> }>

/** The two test partners: the registry locks a partner's orders, not a way in's, so "locked" is a partner of its own. */
const TEST_PARTNERS = [
  { slug: 'test-partner', displayName: 'Test Wallet', locked: false },
  { slug: 'test-partner-locked', displayName: 'Test Wallet (locked)', locked: true },
] as const

type TestPartnerSlug = (typeof TEST_PARTNERS)[number]['slug']

/** What this process holds of a test partner: its key and signing secret live only here, never in an answer. */
export interface HeldPartner {
  slug: TestPartnerSlug
  partnerId: string
  keyId: string
  key: string
  secret: string
  /** Registered by this process, or found registered (a restart) and given a new key and secret. */
  origin: 'registered' | 'reissued'
}

/** A notice as the page lists it. */
export interface ReceivedNotice {
  webhookId: string
  type: string
  status: string
  verified: boolean
  reason: string
  receivedAt: Date
}

/** The way back as the page shows it. */
export interface ReturnCheck {
  reference: string
  partnerOrderId: string
  status: string
  verified: boolean
  reason: string
}

const NOTICES_KEPT = 50
const NO_SECRET = 'this process holds no signing secret yet: open /dev/partner first'
const RETURN_TOLERANCE_SECONDS = 300

export interface PartnerTestPageDeps {
  partners: Pick<
    PartnerService,
    | 'createPartner'
    | 'updatePartner'
    | 'partnerBySlug'
    | 'issueApiKey'
    | 'rotateSigningSecret'
    | 'partnerKeys'
    | 'revokeApiKey'
  >
  clock: Clock
  fetch: PartnerApiFetch
}

/** The registration of a test partner, for the app at `base` (its public address). */
function registrationOf(base: string, partner: (typeof TEST_PARTNERS)[number]) {
  return {
    displayName: partner.displayName,
    brand: { name: 'Test Wallet' },
    returnUrls: [`${base}/dev/partner/return`],
    embeddingOrigins: [new URL(base).origin],
    webhookUrl: `${base}/dev/partner/webhooks`,
    orderFields: { fiat: true, coin: true, network: false, amount: true, wallet: true, locked: partner.locked },
    bindSessionToIp: true,
    status: 'active' as const,
  }
}

/**
 * The page's partner (decision 118): registered through the partner service on first use, with a key and a signing
 * secret held in this process's memory. A partner found registered by an earlier process gets a new key and secret
 * (the old secret stops at once, the old keys are revoked: nobody holds them any more).
 */
async function holdPartner(
  deps: PartnerTestPageDeps,
  base: string,
  partner: (typeof TEST_PARTNERS)[number],
): Promise<HeldPartner> {
  const { partners } = deps
  const registration = registrationOf(base, partner)
  const found = await partners.partnerBySlug(partner.slug)
  const row = found
    ? await partners.updatePartner(found.id, registration)
    : await partners.createPartner({ slug: partner.slug, ...registration })
  if (found) {
    const keys = await partners.partnerKeys(row.id)
    for (const key of keys.filter((one) => !one.revokedAt)) await partners.revokeApiKey(key.keyId)
  }
  const { keyId, key } = await partners.issueApiKey(row.id, { label: 'test page' })
  const { secret } = await partners.rotateSigningSecret(row.id, 0)
  return { slug: partner.slug, partnerId: row.id, keyId, key, secret, origin: found ? 'reissued' : 'registered' }
}

/** What the page sends to the partner api from its form. */
export interface WayInForm {
  email: string
  amount: string
  coin: string
  wallet: string
  partnerOrderId: string
  locked: boolean
}

export type WayInOutcome =
  | { ok: true; url: string; expiresAt: string; slug: string }
  | { ok: false; status: number; error: string; fields: Record<string, string> }

const present = (value: string) => (value.trim() === '' ? undefined : value.trim())

function refusalOf(status: number, answer: unknown): WayInOutcome {
  const body = (answer ?? {}) as { error?: unknown; fields?: unknown }
  const fields = typeof body.fields === 'object' && body.fields !== null ? (body.fields as Record<string, string>) : {}
  return { ok: false, status, error: typeof body.error === 'string' ? body.error : 'unreadable answer', fields }
}

/** The test partner's page: its partners, the ways in it opens, the ways back and the notices it receives. */
export function createPartnerTestPage(deps: PartnerTestPageDeps) {
  const held = new Map<TestPartnerSlug, Promise<HeldPartner>>()
  const notices: ReceivedNotice[] = []

  /** Both test partners, registered or re-issued once per process (concurrent first requests share the work). */
  async function heldPartners(base: string): Promise<HeldPartner[]> {
    return Promise.all(
      TEST_PARTNERS.map((partner) => {
        let holding = held.get(partner.slug)
        if (!holding) {
          holding = holdPartner(deps, base, partner)
          held.set(partner.slug, holding)
          holding.catch(() => held.delete(partner.slug))
        }
        return holding
      }),
    )
  }

  /** The secrets this process holds, of the partners it has registered or re-issued so far. */
  async function heldSecrets(): Promise<string[]> {
    const settled = await Promise.allSettled(held.values())
    return settled.flatMap((one) => (one.status === 'fulfilled' ? [one.value.secret] : []))
  }

  /** Opens a way in as a partner's server does: `POST /v1/partner/sessions` with the key, over HTTP. */
  async function openWayIn(base: string, form: WayInForm, customerIp: string): Promise<WayInOutcome> {
    const partner = (await heldPartners(base)).find((one) => one.slug === TEST_PARTNERS[form.locked ? 1 : 0].slug)!
    const amount = present(form.amount)
    const body = {
      email: form.email.trim(),
      customerIp,
      returnUrl: `${base}/dev/partner/return`,
      ...(amount && { fiat: 'eur', fiatAmount: amount }),
      ...(present(form.coin) && { crypto: present(form.coin) }),
      ...(present(form.wallet) && { walletAddress: present(form.wallet) }),
      ...(present(form.partnerOrderId) && { partnerOrderId: present(form.partnerOrderId) }),
    }
    const answer = await deps
      .fetch(`${base}/v1/partner/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${partner.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      .catch((error: unknown) => error as Error)
    // The app may not reach its own public address from where it runs (a proxy in front, say): the page says so.
    if (answer instanceof Error)
      return {
        ok: false,
        status: 0,
        error: `${base}/v1/partner/sessions could not be reached: ${answer.message}`,
        fields: {},
      }
    const json = await answer.json().catch(() => undefined)
    if (answer.status !== 201) return refusalOf(answer.status, json)
    const data = (json as { data?: { url?: unknown; expiresAt?: unknown } } | undefined)?.data
    if (typeof data?.url !== 'string') return refusalOf(answer.status, json)
    return { ok: true, url: new URL(data.url, base).toString(), expiresAt: String(data.expiresAt), slug: partner.slug }
  }

  const checkReturn = async (address: string) => checkReturnWith(await heldSecrets(), deps.clock.now(), address)

  /** Verifies a notice with the Standard Webhooks library over its raw body, and keeps the last 50. */
  async function receiveNotice(rawBody: string, headers: Record<string, string>): Promise<ReceivedNotice> {
    const notice = { ...verifyNotice(await heldSecrets(), rawBody, headers), receivedAt: deps.clock.now() }
    notices.unshift(notice)
    notices.splice(NOTICES_KEPT)
    return notice
  }

  return { heldPartners, openWayIn, checkReturn, receiveNotice, notices: (): readonly ReceivedNotice[] => notices }
}

export type PartnerTestPage = ReturnType<typeof createPartnerTestPage>

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Checks the way back as a partner does, with `verifyPartnerReturn` and the secrets held here; says why not. */
function checkReturnWith(secrets: string[], now: Date, address: string): ReturnCheck {
  const url = new URL(address)
  const param = (name: string) => url.searchParams.get(name) ?? ''
  const status = param('mp_status')
  const values = verifyPartnerReturn(address, secrets, now, RETURN_TOLERANCE_SECONDS)
  if (values) return { ...values, verified: true, reason: '' }
  const timestamp = Number(param('mp_timestamp'))
  const reason =
    secrets.length === 0
      ? NO_SECRET
      : !param('mp_signature')
        ? 'the address carries no signature'
        : !PartnerReturnStatus.safeParse(status).success
          ? 'the status is not one of the way back'
          : !Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > RETURN_TOLERANCE_SECONDS
            ? `the timestamp is not within ${RETURN_TOLERANCE_SECONDS} seconds of now`
            : 'no signature matches the values under a secret held here'
  return {
    reference: param('mp_reference'),
    partnerOrderId: param('mp_partner_order_id'),
    status,
    verified: false,
    reason,
  }
}

/** A notice verified with the Standard Webhooks library under any secret held here, over its raw body. */
function verifyNotice(
  secrets: string[],
  rawBody: string,
  headers: Record<string, string>,
): Omit<ReceivedNotice, 'receivedAt'> {
  let payload: unknown
  let verified = false
  let reason = secrets.length === 0 ? NO_SECRET : ''
  for (const secret of secrets) {
    try {
      payload = new Webhook(secret).verify(rawBody, headers)
      verified = true
      reason = ''
      break
    } catch (error) {
      reason = error instanceof Error ? error.message : 'not verified'
    }
  }
  const read = (verified ? payload : safeJson(rawBody)) as { type?: unknown; data?: { status?: unknown } } | undefined
  return {
    webhookId: headers['webhook-id'] ?? '',
    type: typeof read?.type === 'string' ? read.type : '',
    status: typeof read?.data?.status === 'string' ? read.data.status : '',
    verified,
    reason,
  }
}
