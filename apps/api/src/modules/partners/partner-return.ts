import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { PartnerReturnStatus } from '@exchange/shared/partner.schemas'
import { partnerSessions } from '../../db/tables/modules/partners'
import type { OrderPaymentWay } from '../../db/tables/modules/orders'
import type { SessionService } from '../sessions/sessions.service'
import { lastOrderOfVisit, visitOfEntry, type PartnerVisitDeps } from './partner-visits'

/** The ways to pay whose unpaid order waits for the customer's own transfer: the money may still come. */
const TRANSFER_WAYS: readonly (OrderPaymentWay | null)[] = ['wire', 'viban']

/**
 * How a visit ended, as the partner is told on the way back, from the visit's last order (decision 114): done,
 * failed (or expired, or refunded), cancelled, left (no order, or an unpaid order paid on the spot: card, pay by
 * bank, other hosted ways), or pending (money arrived or is on its way by transfer, and the order is not done).
 */
export function returnStatusOf(
  order: { status: OrderStatus; methodGroup: OrderPaymentWay | null } | undefined,
): PartnerReturnStatus {
  if (!order) return 'left'
  switch (order.status) {
    case 'completed':
      return 'completed'
    case 'failed':
    case 'expired':
    case 'refunded':
      return 'failed'
    case 'cancelled':
      return 'cancelled'
    case 'initiated':
      return 'left'
    case 'awaiting_payment':
      return TRANSFER_WAYS.includes(order.methodGroup) ? 'pending' : 'left'
    default:
      return 'pending'
  }
}

/** What the signed way back carries besides the signature. */
export interface PartnerReturnValues {
  reference: string
  partnerOrderId: string
  status: PartnerReturnStatus
  /** Unix seconds. */
  timestamp: number
}

/** The key of a Standard Webhooks secret: the base64 after `whsec_`. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64')
}

/** `v1,<base64 HMAC-SHA256>` of `<timestamp>.<host>.<reference>.<partner order id>.<status>` under one secret. */
export function signPartnerReturn(secret: string, host: string, values: PartnerReturnValues): string {
  const signed = `${values.timestamp}.${host}.${values.reference}.${values.partnerOrderId}.${values.status}`
  return `v1,${createHmac('sha256', keyOf(secret)).update(signed).digest('base64')}`
}

/** The return address with the way back's values and, when the partner has live secrets, their signatures. */
export function partnerReturnUrl(returnUrl: string, secrets: string[], values: PartnerReturnValues): string {
  const url = new URL(returnUrl)
  url.searchParams.set('mp_reference', values.reference)
  url.searchParams.set('mp_partner_order_id', values.partnerOrderId)
  url.searchParams.set('mp_status', values.status)
  url.searchParams.set('mp_timestamp', String(values.timestamp))
  if (secrets.length > 0)
    url.searchParams.set('mp_signature', secrets.map((secret) => signPartnerReturn(secret, url.host, values)).join(' '))
  return url.toString()
}

/**
 * What a partner checks of the address its customer came back on: a `v1` signature under one of its secrets of the
 * values in the address for the address's own host, made within `toleranceSeconds` of `now`. Answers the values when
 * they hold, else undefined.
 */
export function verifyPartnerReturn(
  address: string,
  secrets: string[],
  now: Date,
  toleranceSeconds = 300,
): PartnerReturnValues | undefined {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return undefined
  }
  const param = (name: string) => url.searchParams.get(name)
  const timestamp = Number(param('mp_timestamp'))
  const status = PartnerReturnStatus.safeParse(param('mp_status'))
  if (!Number.isInteger(timestamp) || !status.success) return undefined
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return undefined
  const values = {
    reference: param('mp_reference') ?? '',
    partnerOrderId: param('mp_partner_order_id') ?? '',
    status: status.data,
    timestamp,
  }
  const given = (param('mp_signature') ?? '').split(' ').filter((part) => part.startsWith('v1,'))
  const matches = (expected: string, signature: string) => {
    const a = Buffer.from(expected)
    const b = Buffer.from(signature)
    return a.length === b.length && timingSafeEqual(a, b)
  }
  const valid = secrets.some((secret) => {
    const expected = signPartnerReturn(secret, url.host, values)
    return given.some((signature) => matches(expected, signature))
  })
  return valid ? values : undefined
}

/** What the way back asks of the app besides the visit's reads. */
export interface PartnerReturnDeps extends Pick<PartnerVisitDeps, 'db' | 'clock'> {
  sessions: Pick<SessionService, 'revokeVisitSessions'>
  liveSigningSecrets: (partnerId: string) => Promise<string[]>
  log: FastifyBaseLogger
}

/**
 * `mpOgReturn`: ends the visit and signs out every session bound to it, and answers the partner's return address,
 * signed. An ended visit is answered again within its entry's lifetime (a second click of the way back signs out
 * nothing more and sends the customer to the same place, freshly signed).
 */
export async function returnToPartner(deps: PartnerReturnDeps, entry: string) {
  const { db, clock, sessions, log } = deps
  const { visit, partner } = await visitOfEntry(deps, entry, { allowEnded: true })
  await db
    .update(partnerSessions)
    .set({ endedAt: clock.now() })
    .where(and(eq(partnerSessions.id, visit.id), isNull(partnerSessions.endedAt)))
  await sessions.revokeVisitSessions(visit.id, 'partner_return')
  const order = await lastOrderOfVisit(db, visit.id)
  const status = returnStatusOf(order)
  const secrets = await deps.liveSigningSecrets(partner.id)
  // The customer is never stranded: without a secret the way back is sent unsigned, and the operators told.
  if (secrets.length === 0)
    log.warn({ partner: partner.slug }, 'partner has no live signing secret: its customer goes back unsigned')
  const values = {
    reference: order?.reference ?? '',
    partnerOrderId: visit.partnerOrderId ?? '',
    status,
    timestamp: Math.floor(clock.now().getTime() / 1000),
  }
  return { url: partnerReturnUrl(visit.returnUrl, secrets, values), status }
}
