import { and, eq, exists, gte, inArray } from 'drizzle-orm'
import { FIAT_DECIMALS, type FiatCurrency } from '@exchange/shared/currencies'
import type { JourneyAction, JourneyStepId } from '@exchange/shared/journey-steps'
import { PAID_STATUSES } from '@exchange/shared/order-rules'
import { sumAmounts } from '@exchange/shared/money'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import type { Clock } from '../../clock'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { orderEvents, orders } from '../../db/tables/modules/orders'
import { AppError, stepRequired } from '../../errors'
import type { DueDiligenceService } from '../due-diligence/due-diligence.service'
import type { IdentityService } from '../identity/identity.service'
import type { UkStepsService } from '../uk-steps/uk-steps.service'
import type { AgreementService } from '../agreement/agreement.service'
import type { WalletService } from '../wallets/wallets.service'
import { type JourneyFacts, type JourneyPolicy, type OwedStep, blockingStep, owedSteps } from './journey-rules'

export type JourneyService = ReturnType<typeof createJourneyService>

export interface JourneyServiceDeps {
  db: Database
  clock: Clock
  identity: Pick<IdentityService, 'identityStatusOf'>
  wallets: Pick<WalletService, 'isWalletProven'>
  dueDiligence: Pick<DueDiligenceService, 'dueDiligenceFactsOf'>
  ukSteps: Pick<UkStepsService, 'standingsOf' | 'recordRequestToBuy'> & {
    /** Whether the UK steps are asked of the customer on this request, or by stored facts alone (decisions 040, 091). */
    isUkCustomer(customerId: string, visitor?: Visitor): Promise<boolean>
  }
  agreement: Pick<AgreementService, 'hasSignedCurrent'>
  /** Every country of residence the customer declared and when they last moved (the customers module, decision 081). */
  residencesOf: (customerId: string) => Promise<{ countries: string[]; movedAt: Date | null }>
  policy: JourneyPolicy & { enhancedChecksWindowDays: number }
}

const DAY_MS = 86_400_000

/** The wallet of one order being paid out. */
export interface PayoutTarget {
  crypto: string
  wallet: string
  /** The order, so that a declared wallet is judged with its amount (decision 084). */
  reference?: string
}

const UK_STEPS: readonly JourneyStepId[] = [
  'uk_risk_warning',
  'uk_categorisation',
  'uk_appropriateness',
  'uk_cooling_off',
]

/**
 * The journey engine's door (decision 036): loads a customer's facts from stored records and asks the rules in
 * `journey-rules.ts` what is owed. Writes nothing itself; a UK customer's first request to buy is recorded by the UK
 * steps module, as it starts the cooling-off (decision 041).
 */
export function createJourneyService({
  db,
  clock,
  identity,
  wallets,
  dueDiligence,
  ukSteps,
  agreement,
  residencesOf,
  policy,
}: JourneyServiceDeps) {
  const ukStepsAsked = UK_STEPS.some((step) => !policy.skipSteps.includes(step))

  /** Fiat paid per fiat for orders paid within the window and not sent back (paid, being bought, delivered). */
  async function paidVolumeOf(customerId: string): Promise<JourneyFacts['paidVolume']> {
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
  async function ukFactsOf(customerId: string, visitor?: Visitor) {
    if (!ukStepsAsked || !(await ukSteps.isUkCustomer(customerId, visitor))) return null
    const { coolingOffStarted: _started, ...standings } = await ukSteps.standingsOf(customerId)
    return standings
  }

  /** The facts of a customer; `visitor` is the request's caller (UK customers by visitor country, decision 040). */
  async function factsOf(customerId: string, payout?: PayoutTarget | 'none', visitor?: Visitor): Promise<JourneyFacts> {
    const [customer] = await db
      .select({
        emailVerifiedAt: customers.emailVerifiedAt,
        firstName: customers.firstName,
        lastName: customers.lastName,
        address: customers.address,
        city: customers.city,
        postal: customers.postal,
        country: customers.country,
        phone: customers.phone,
      })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!customer) throw new AppError('unauthorized', 401)
    const [answers, identityView, paidVolume, payoutWallets, uk, agreementSigned, residences] = await Promise.all([
      dueDiligence.dueDiligenceFactsOf(customerId),
      identity.identityStatusOf(customerId),
      paidVolumeOf(customerId),
      payoutWalletsOf(customerId, payout),
      ukFactsOf(customerId, visitor),
      agreement.hasSignedCurrent(customerId),
      residencesOf(customerId),
    ])
    const { emailVerifiedAt, country, ...details } = customer
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

  /** What the web shows: every owed step in order, the next one the customer can act on, and what blocks what. */
  async function journeyOf(
    customerId: string,
    visitor?: Visitor,
  ): Promise<{
    steps: OwedStep[]
    next: OwedStep | null
    blocked: Record<JourneyAction, JourneyStepId | null>
  }> {
    const facts = await factsOf(customerId, undefined, visitor)
    const steps = owedSteps(facts, policy)
    return {
      steps,
      next: steps.find((step) => step.state === 'required') ?? null,
      blocked: {
        start_order: blockingStep(facts, policy, 'start_order'),
        // Every order's payment asks for its own wallet; what is owed besides is the customer's.
        pay: blockingStep({ ...facts, payoutWallets: [] }, policy, 'pay'),
        payout: blockingStep(facts, policy, 'payout'),
      },
    }
  }

  /** The step that stands in the way of a new buy order, or null. */
  async function startOrderBlockedBy(customerId: string, visitor?: Visitor): Promise<JourneyStepId | null> {
    return blockingStep(await factsOf(customerId, undefined, visitor), policy, 'start_order')
  }

  /**
   * Refuses a new buy order with `step_required` naming the step the customer owes first. A UK customer's first
   * request to buy, refused or not, starts the 24-hour cooling-off (uk-regulation.md section 3).
   */
  async function assertMayStartOrder(customerId: string, visitor?: Visitor): Promise<void> {
    let facts = await factsOf(customerId, undefined, visitor)
    if (facts.uk && facts.uk.coolingOff === 'required' && !policy.skipSteps.includes('uk_cooling_off')) {
      const { coolingOffStarted } = await ukSteps.standingsOf(customerId)
      if (!coolingOffStarted) {
        await ukSteps.recordRequestToBuy(customerId)
        facts = { ...facts, uk: await ukFactsOf(customerId, visitor) }
      }
    }
    const step = blockingStep(facts, policy, 'start_order')
    if (step) throw stepRequired(step)
  }

  /**
   * Refuses to start (or show how to make) a payment with `step_required` naming the first step owed (decision 080):
   * identity verified, details complete, every step of a new order done and, for an order, its wallet proven. Without
   * an order (the customer's virtual IBAN), the wallet is asked when an order is paid.
   */
  async function assertMayPay(customerId: string, order: PayoutTarget | null, visitor?: Visitor): Promise<void> {
    const step = blockingStep(await factsOf(customerId, order ?? 'none', visitor), policy, 'pay')
    if (step) throw stepRequired(step)
  }

  /**
   * For fulfilment: the step that stands in the way of paying out, or null. With the order's wallet, that wallet must
   * be proven; without it, the wallets of all the customer's paid orders waiting for a payout.
   */
  async function payoutBlockedBy(customerId: string, order?: PayoutTarget): Promise<JourneyStepId | null> {
    return blockingStep(await factsOf(customerId, order), policy, 'payout')
  }

  return { journeyOf, startOrderBlockedBy, assertMayStartOrder, assertMayPay, payoutBlockedBy, factsOf }
}
