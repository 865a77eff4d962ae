import { and, asc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm'
import { QUEUE_KINDS, type Queue, type QueueItem, type QueueKind } from '@exchange/shared/back-office.schemas'
import { SECURITY_HOLD_STEP } from '@exchange/shared/payout-hold'
import type { Database } from '../../db/client'
import { countInAll } from '../../db/queue-size'
import { customers } from '../../db/tables/modules/customers'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { FOUR_EYES_ACTIONS, type OperatorRole } from '../../db/tables/modules/operator'
import { orders } from '../../db/tables/modules/orders'
import { partnerWebhookEvents } from '../../db/tables/modules/partner-webhooks'
import { partners } from '../../db/tables/modules/partners'
import { supportTickets } from '../../db/tables/modules/support'
import { summaries } from '../support/ticket-rows'
import { FOUR_EYES_LABELS, decidesFourEyes, pendingFourEyes } from './four-eyes'
import { amountOf } from './back-office-views'
import type { OperatorServiceDeps } from './operator-deps'
import { awaitingChecks, pendingRefunds } from './overview'
import { proofsWaiting } from './residence-proofs'

/** The most items a queue lists, the oldest first; its count and oldest wait are those of the whole queue. */
const LISTED = 100

/** Which roles open each queue (decision 133): the roles that decide what waits in it (decision 127). */
const QUEUE_ROLES: Record<QueueKind, readonly OperatorRole[]> = {
  four_eyes: ['compliance', 'finance'],
  identity_reviews: ['compliance'],
  enhanced_checks: ['compliance'],
  proofs_of_address: ['compliance'],
  held_payments: ['compliance'],
  held_payouts: ['compliance'],
  refunds: ['finance'],
  withdrawals: ['finance'],
  tickets: ['support'],
  partner_deliveries: ['admin'],
}

type Item = Omit<Partial<QueueItem>, 'since'> & Pick<QueueItem, 'id' | 'title'> & { since: Date }

/** One item, the fields its kind does not have left null. */
function itemOf({ since, ...fields }: Item): QueueItem {
  return {
    detail: null,
    customerId: null,
    orderReference: null,
    transferId: null,
    requestId: null,
    requestedBy: null,
    ticketNumber: null,
    amount: null,
    ...fields,
    since: since.toISOString(),
  }
}

/** A queue from its items (any order, all of them or the first of `total`): the oldest first, at most `LISTED`. */
function queueOf(kind: QueueKind, items: Item[], total = items.length): Queue {
  const sorted = items.map(itemOf).sort((a, b) => a.since.localeCompare(b.since))
  return { kind, count: total, oldestSince: sorted[0]?.since ?? null, items: sorted.slice(0, LISTED) }
}

/** How many wait in all, read from the first row's `countInAll` column (none: the queue is empty). */
const totalOf = (rows: readonly { waiting: number }[]) => rows[0]?.waiting ?? 0

/** The four-eyes requests whose target is a held transfer (decision 132). */
const TRANSFER_ACTIONS: ReadonlySet<string> = new Set(['approve_transfer', 'refund_transfer'])

/**
 * A four-eyes request names a transfer, an order's reference or a customer, by its kind; a transfer's request also
 * leads to its order and customer, with its amount, as the held payment's own item does.
 */
function fourEyesTarget(
  action: string,
  target: string,
  transfer: HeldTransfer | undefined,
): Pick<Item, 'transferId' | 'orderReference' | 'customerId' | 'amount'> {
  if (TRANSFER_ACTIONS.has(action))
    return {
      transferId: target,
      orderReference: transfer?.reference ?? null,
      customerId: transfer?.customerId ?? null,
      amount: transfer ? amountOf(transfer.amount, transfer.currency) : null,
    }
  if (action === 'refund_order') return { orderReference: target }
  return { customerId: target }
}

type QueueDeps = Pick<
  OperatorServiceDeps,
  'db' | 'moneyIn' | 'identity' | 'dueDiligence' | 'unprovenResidenceOf' | 'clock'
>

/** Each queue's reading: what waits, from the same queries the operator page lists. */
const READERS: Record<QueueKind, (deps: QueueDeps, roles: readonly OperatorRole[]) => Promise<Queue>> = {
  // Only the requests the operator's roles decide (decision 132).
  async four_eyes(deps, roles) {
    const kinds = FOUR_EYES_ACTIONS.filter((action) => decidesFourEyes(roles, action))
    const rows = await pendingFourEyes(deps, kinds)
    const transfers = await transfersById(
      deps.db,
      rows.filter((row) => TRANSFER_ACTIONS.has(row.action)).map((row) => row.target),
    )
    const items = rows.map((row) => ({
      id: row.id,
      title: FOUR_EYES_LABELS[row.action],
      detail: row.reason,
      since: row.requestedAt,
      requestId: row.id,
      requestedBy: row.requestedByName,
      ...fourEyesTarget(row.action, row.target, transfers.get(row.target)),
    }))
    return queueOf('four_eyes', items, totalOf(rows))
  },
  async identity_reviews({ identity }) {
    const rows = await identity.checksInReview(LISTED)
    const items = rows.map((check) => ({
      id: check.customerId,
      title: check.email,
      // What the provider flagged, or that it left the decision to a person.
      detail:
        check.reasons.length > 0 ? check.reasons.join('; ') : 'The identity provider left the decision to a person',
      since: check.since,
      customerId: check.customerId,
    }))
    return queueOf('identity_reviews', items, totalOf(rows))
  },
  async enhanced_checks({ dueDiligence }) {
    const rows = await dueDiligence.enhancedChecksToReview(LISTED)
    const items = rows.map((review) => ({
      id: review.customerId,
      title: review.email,
      detail: 'Questionnaire answers wait for a decision',
      since: review.answeredAt,
      customerId: review.customerId,
    }))
    return queueOf('enhanced_checks', items, totalOf(rows))
  },
  async proofs_of_address(deps) {
    const waiting = await proofsWaiting(deps)
    const items = waiting.map((proof) => ({
      id: proof.customerId,
      title: proof.email,
      detail: `Declared residence ${proof.residence.country}: ${proof.documentIds.length} proof(s) of address to read`,
      since: proof.since,
      customerId: proof.customerId,
    }))
    return queueOf('proofs_of_address', items)
  },
  async held_payments({ db, moneyIn }) {
    const held = await moneyIn.heldTransfers()
    const orderOf = await ordersById(
      db,
      held.map((transfer) => transfer.orderId),
    )
    const items = held.map((transfer) => {
      const order = transfer.orderId ? orderOf.get(transfer.orderId) : undefined
      return {
        id: transfer.id,
        title: order?.email ?? transfer.paymentReference,
        detail: transfer.note ?? transfer.outcome,
        since: transfer.receivedAt,
        transferId: transfer.id,
        customerId: order?.customerId ?? null,
        orderReference: order?.reference ?? null,
        amount: amountOf(transfer.amount, transfer.currency),
      }
    })
    return queueOf('held_payments', items)
  },
  async held_payouts({ db }) {
    const rows = await awaitingChecks(db)
    const items = rows.map((order) => ({
      id: order.reference,
      title: order.email,
      detail:
        order.step === SECURITY_HOLD_STEP && order.heldUntil
          ? `A new wallet after a security change: goes out by itself after ${order.heldUntil.toISOString()}`
          : `Waits for ${order.step ?? 'a step'}`,
      since: order.since,
      customerId: order.customerId,
      orderReference: order.reference,
      amount: amountOf(order.fiatAmount, order.fiat),
    }))
    return queueOf('held_payouts', items, totalOf(rows))
  },
  async refunds({ db }) {
    const rows = await pendingRefunds(db, 'oldest')
    const items = rows.map((refund) => ({
      id: refund.id,
      title: refund.orderReference ?? refund.toIban ?? refund.id,
      detail: `Refund asked by ${refund.createdBy}: ${refund.reason}`,
      since: refund.createdAt,
      customerId: refund.customerId,
      orderReference: refund.orderReference,
      transferId: refund.transferId,
      amount: amountOf(refund.amount, refund.currency),
    }))
    return queueOf('refunds', items, totalOf(rows))
  },
  async withdrawals({ moneyIn }) {
    const rows = await moneyIn.withdrawalsToCheck()
    const items = rows.map((order) => ({
      id: order.reference,
      title: order.reference,
      detail: `${order.cryptoAmount} ${order.crypto.toUpperCase()} to ${order.wallet}: outcome unknown`,
      // The filter keeps only orders whose withdrawal was asked for.
      since: order.withdrawalRequestedAt ?? new Date(0),
      orderReference: order.reference,
    }))
    return queueOf('withdrawals', items)
  },
  async tickets({ db }) {
    const rows = await summaries(db)
      .where(ne(supportTickets.status, 'closed'))
      .orderBy(asc(supportTickets.updatedAt))
      .limit(LISTED)
    const waiting = await db.$count(supportTickets, ne(supportTickets.status, 'closed'))
    const items = rows.map((ticket) => ({
      id: String(ticket.serial),
      title: `${ticket.topic} (${ticket.status})`,
      detail: ticket.email,
      since: ticket.updatedAt,
      customerId: ticket.customerId,
      orderReference: ticket.orderReference,
      ticketNumber: ticket.serial,
    }))
    return queueOf('tickets', items, waiting)
  },
  // Notices a partner was not given after every try (or refused with 410): an admin sends them again (decision 115).
  async partner_deliveries({ db }) {
    const rows = await db
      .select({
        id: partnerWebhookEvents.id,
        type: partnerWebhookEvents.type,
        attempts: partnerWebhookEvents.attempts,
        gaveUpAt: partnerWebhookEvents.gaveUpAt,
        partner: partners.displayName,
        orderReference: orders.reference,
        customerId: orders.customerId,
        waiting: countInAll(),
      })
      .from(partnerWebhookEvents)
      .innerJoin(partners, eq(partners.id, partnerWebhookEvents.partnerId))
      .leftJoin(orders, eq(orders.id, partnerWebhookEvents.orderId))
      .where(and(isNotNull(partnerWebhookEvents.gaveUpAt), isNull(partnerWebhookEvents.deliveredAt)))
      .orderBy(asc(partnerWebhookEvents.gaveUpAt))
      .limit(LISTED)
    const items = rows.map((event) => ({
      id: event.id,
      title: `${event.partner}: ${event.type}`,
      detail: `Not delivered after ${event.attempts} tries`,
      since: event.gaveUpAt ?? new Date(0),
      orderReference: event.orderReference,
      customerId: event.customerId,
    }))
    return queueOf('partner_deliveries', items, totalOf(rows))
  },
}

/** The orders of these ids, with their reference, customer and the customer's address. */
async function ordersById(db: Database, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id) => id !== null))]
  if (wanted.length === 0) return new Map<string, { reference: string; customerId: string; email: string }>()
  const rows = await db
    .select({ id: orders.id, reference: orders.reference, customerId: orders.customerId, email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(inArray(orders.id, wanted))
  return new Map(rows.map((row) => [row.id, row]))
}

interface HeldTransfer {
  amount: string
  currency: string
  reference: string | null
  customerId: string | null
}

/** The incoming transfers of these ids, with their amount and their order's reference and customer. */
async function transfersById(db: Database, ids: string[]): Promise<Map<string, HeldTransfer>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: incomingTransfers.id,
      amount: incomingTransfers.amount,
      currency: incomingTransfers.currency,
      reference: orders.reference,
      customerId: orders.customerId,
    })
    .from(incomingTransfers)
    .leftJoin(orders, eq(orders.id, incomingTransfers.orderId))
    .where(inArray(incomingTransfers.id, [...new Set(ids)]))
  return new Map(rows.map(({ id, ...transfer }) => [id, transfer]))
}

/** The queues the operator's roles open (decision 133), in `QUEUE_KINDS` order. */
export async function queuesFor(deps: QueueDeps, roles: readonly OperatorRole[]): Promise<Queue[]> {
  const open = QUEUE_KINDS.filter((kind) => QUEUE_ROLES[kind].some((role) => roles.includes(role)))
  return Promise.all(open.map((kind) => READERS[kind](deps, roles)))
}
