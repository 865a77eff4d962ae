import { and, desc, eq, gte, inArray, lte, or } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { orders } from '../../db/tables/modules/orders'
import { payments } from '../../db/tables/modules/payments'
import type { OpenBankingProvider } from '../../providers/open-banking/open-banking.provider'
import type { CardPspProvider, PspEvent } from '../../providers/psp/card-psp.provider'

/** How far back an expired order's still-pending payment is asked about: as long as a provider retries its notices. */
const ENDED_LOOKBACK_MS = 3 * 24 * 3_600_000
const BATCH = 100

export interface ConfirmedOutcome {
  party: 'psp' | 'open-banking'
  /** The provider name payment intake keys event ids by, as the webhook routes give it (`psp-sandbox`, …). */
  provider: string
  orderReference: string
  event: PspEvent
}

export type HostedPaymentReconciliation = ReturnType<typeof createHostedPaymentReconciliation>

/**
 * Asks the card PSP and the pay-by-bank provider about hosted payments still pending when their order is about to
 * expire (or already expired, within the providers' retry window), because their notice may have been lost to a
 * crash. Reads only; the answers are the webhook's own event shape, for payment intake to take as it takes a notice.
 */
export function createHostedPaymentReconciliation(deps: {
  db: Database
  clock: Clock
  psp: CardPspProvider
  openBanking: OpenBankingProvider
}) {
  async function confirmedOutcomesOfExpiringPayments(options: {
    withinSeconds: number
    /** Also ask about payments of orders that already expired (within the providers' retry window); default yes. */
    includeEnded?: boolean
    log?: { warn(obj: object, msg: string): void }
  }): Promise<ConfirmedOutcome[]> {
    const now = deps.clock.now().getTime()
    const pending = await deps.db
      .select({
        method: payments.method,
        sessionId: payments.providerRef,
        orderReference: orders.reference,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          // A checkout waiting for 3-D Secure is as open as a pending one: its success notice can be lost too.
          inArray(payments.status, ['pending', 'requires_action']),
          inArray(payments.method, ['card', 'pay_by_bank']),
          or(
            and(
              eq(orders.status, 'awaiting_payment'),
              lte(orders.priceExpiresAt, new Date(now + options.withinSeconds * 1000)),
            ),
            options.includeEnded === false
              ? undefined
              : and(eq(orders.status, 'expired'), gte(orders.priceExpiresAt, new Date(now - ENDED_LOOKBACK_MS))),
          ),
        ),
      )
      // Orders about to expire first: a backlog of long-abandoned checkouts must not push them out of the batch.
      .orderBy(desc(orders.priceExpiresAt))
      .limit(BATCH)

    const confirmed: ConfirmedOutcome[] = []
    for (const payment of pending) {
      if (!payment.sessionId) continue
      const party = payment.method === 'card' ? 'psp' : 'open-banking'
      const provider = party === 'psp' ? deps.psp : deps.openBanking
      let answer
      try {
        answer = await provider.lookupPayment(payment.sessionId)
      } catch (error) {
        // One provider's outage or an unknown id must not hide the others' answers; the next run asks again.
        options.log?.warn({ err: error, order: payment.orderReference, party }, 'hosted payment lookup failed')
        continue
      }
      if (answer.outcome === 'pending') continue
      confirmed.push({
        party,
        provider: `${party}-${provider.kind}`,
        orderReference: payment.orderReference,
        event: {
          // Stable per payment and outcome: asking twice, or a late real notice, is handled once by intake.
          eventId: `lookup:${payment.sessionId}:${answer.outcome}`,
          sessionId: payment.sessionId,
          outcome: answer.outcome,
          ...(answer.outcome === 'failed' && { failureReason: answer.failureReason }),
        },
      })
    }
    return confirmed
  }

  return { confirmedOutcomesOfExpiringPayments }
}
