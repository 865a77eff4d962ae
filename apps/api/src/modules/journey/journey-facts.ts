import { and, eq, exists, gte, inArray } from 'drizzle-orm'
import { FIAT_DECIMALS, type FiatCurrency } from '@exchange/shared/currencies'
import { PAID_STATUSES } from '@exchange/shared/order-rules'
import { sumAmounts } from '@exchange/shared/money'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import type { Visitor } from '../../providers/geoip/visitor-country'
import { orderEvents, orders } from '../../db/tables/modules/orders'
import { customerDetailsRow } from '../customers/client-details'
import type { JourneyParts, PayoutTarget } from './journey-deps'
import type { JourneyFacts } from './journey-rules'

const DAY_MS = 86_400_000

/** Fiat paid per fiat for orders paid within the window and not sent back (paid, being bought, delivered). */
async function paidVolumeOf(
  { db, clock, policy }: JourneyParts,
  customerId: string,
): Promise<JourneyFacts['paidVolume']> {
  const since = new Date(clock.now().getTime() - policy.enhancedChecksWindowDays * DAY_MS)
  const rows = await db
    .select({ fiat: orders.fiat, amount: orders.fiatAmount })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, [...PAID_STATUSES]),
        exists(
          db
            .select({ id: orderEvents.id })
            .from(orderEvents)
            .where(
              and(
                eq(orderEvents.orderId, orders.id),
                eq(orderEvents.toStatus, 'paid'),
                gte(orderEvents.createdAt, since),
              ),
            ),
        ),
      ),
    )
  const byFiat = new Map<FiatCurrency, string[]>()
  for (const row of rows) byFiat.set(row.fiat, [...(byFiat.get(row.fiat) ?? []), row.amount])
  return Object.fromEntries([...byFiat].map(([fiat, amounts]) => [fiat, sumAmounts(amounts, FIAT_DECIMALS)]))
}

/**
 * The wallets a payout would go to: the one order's, none (a payment not tied to an order), or those of every paid
 * order not yet on its way.
 */
async function payoutWalletsOf(
  { db, wallets }: JourneyParts,
  customerId: string,
  target?: PayoutTarget | 'none',
): Promise<JourneyFacts['payoutWallets']> {
  const targets: PayoutTarget[] =
    target === 'none'
      ? []
      : target
        ? [target]
        : await db
            .select({ crypto: orders.crypto, wallet: orders.wallet, reference: orders.reference })
            .from(orders)
            .where(and(eq(orders.customerId, customerId), eq(orders.status, 'paid')))
  return Promise.all(
    targets.map(async ({ crypto, wallet, reference }) => ({
      crypto,
      address: wallet,
      // An order started without a wallet has the placeholder: nothing can be sent until a real one is proven.
      proven: wallet !== PLACEHOLDER_WALLET && (await wallets.isWalletProven(customerId, crypto, wallet, reference)),
    })),
  )
}

/** Where the UK steps stand, or null when they are not asked of this customer on this request. */
export async function ukFactsOf({ ukSteps, ukStepsAsked }: JourneyParts, customerId: string, visitor?: Visitor) {
  if (!ukStepsAsked || !(await ukSteps.isUkCustomer(customerId, visitor))) return null
  const { coolingOffStarted: _started, ...standings } = await ukSteps.standingsOf(customerId)
  return standings
}

/** The facts of a customer; `visitor` is the request's caller (UK customers by visitor country, decision 040). */
export async function factsOf(
  deps: JourneyParts,
  customerId: string,
  payout?: PayoutTarget | 'none',
  visitor?: Visitor,
): Promise<JourneyFacts> {
  const { db, dueDiligence, identity, agreement, residencesOf } = deps
  const customer = await customerDetailsRow(db, customerId)
  const [answers, identityView, paidVolume, payoutWallets, uk, agreementSigned, residences] = await Promise.all([
    dueDiligence.dueDiligenceFactsOf(customerId),
    identity.identityStatusOf(customerId),
    paidVolumeOf(deps, customerId),
    payoutWalletsOf(deps, customerId, payout),
    ukFactsOf(deps, customerId, visitor),
    agreement.hasSignedCurrent(customerId),
    residencesOf(customerId),
  ])
  // The e-mail address is not one of the details the customer fills in.
  const { emailVerifiedAt, email: _email, country, ...details } = customer
  const { sourceOfFundsChangedAt, ...declared } = answers
  const changes = [sourceOfFundsChangedAt, residences.movedAt].filter((at): at is Date => at !== null)
  return {
    emailVerified: emailVerifiedAt !== null,
    detailsComplete: country !== null && Object.values(details).every((value) => value !== null && value !== ''),
    country,
    residences: residences.countries,
    ...declared,
    answersChangedAt: changes.length > 0 ? new Date(Math.max(...changes.map((at) => at.getTime()))) : null,
    identity: identityView.status,
    paidVolume,
    payoutWallets,
    uk,
    agreementSigned,
  }
}
